import { FleetError } from '@fleet/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing requests from another site are refused. Browsers say where a request comes from
 * in `Sec-Fetch-Site` (a sibling subdomain, `same-site`, is refused too); older ones only send
 * `Origin`, which must then be Fleet's own origin: the public URL's scheme and host when
 * `FLEET_PUBLIC_URL` is set (a `Host` header proves nothing: the sender writes it), else the host
 * the request was sent to. Scripts (curl with a bearer token) send neither and are let through:
 * they carry no ambient cookie to abuse.
 */
export function registerCsrfProtection(
  app: FastifyInstance,
  options: { readonly publicUrl?: string | undefined } = {},
): void {
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : undefined;
  app.addHook('onRequest', (request, _reply, done) => {
    done(
      isCrossSite(request, publicOrigin)
        ? new FleetError('REQUEST__CROSS_SITE_REFUSED')
        : undefined,
    );
  });
}

function isCrossSite(request: FastifyRequest, publicOrigin: string | undefined): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'cross-site' || site === 'same-site';
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || origin === '') return false;
  return publicOrigin === undefined
    ? !sameHost(origin, request.headers.host)
    : originOf(origin) !== publicOrigin;
}

function originOf(text: string): string | undefined {
  try {
    return new URL(text).origin;
  } catch {
    return undefined;
  }
}

function sameHost(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
