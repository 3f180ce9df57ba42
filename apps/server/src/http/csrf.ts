import { FleetError } from '@fleet/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing requests from another site are refused. Browsers say where a request comes from
 * in `Sec-Fetch-Site` (a sibling subdomain, `same-site`, is refused too); older ones only send
 * `Origin`, which must then match our own host. Scripts (curl with a bearer token) send neither and
 * are let through: they carry no ambient cookie to abuse.
 */
export function registerCsrfProtection(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    done(
      isCrossSite(request) ? new FleetError('FORBIDDEN', 'Cross-site request refused') : undefined,
    );
  });
}

function isCrossSite(request: FastifyRequest): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'cross-site' || site === 'same-site';
  const origin = request.headers.origin;
  return typeof origin === 'string' && origin !== '' && !sameHost(origin, request.headers.host);
}

function sameHost(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
