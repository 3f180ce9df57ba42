import { FleetError } from '@fleet/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing requests from another site are refused. Browsers say where a request comes from
 * in `Sec-Fetch-Site`; older ones only send `Origin`, which must then match our own host. Scripts
 * (curl with a bearer token) send neither and are let through: they carry no ambient cookie risk.
 */
export function registerCsrfProtection(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return;
    const site = request.headers['sec-fetch-site'];
    if (typeof site === 'string') {
      if (site === 'cross-site' || site === 'same-site') throw forbidden();
      return;
    }
    const origin = request.headers.origin;
    if (typeof origin === 'string' && origin !== '' && !sameHost(origin, request.headers.host))
      throw forbidden();
  });
}

function sameHost(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

function forbidden(): FleetError {
  return new FleetError('FORBIDDEN', 'Cross-site request refused');
}
