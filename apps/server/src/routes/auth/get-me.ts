import { FleetError } from '@fleet/core';
import type { FastifyInstance } from 'fastify';

/**
 * `GET /api/auth/me`. Accounts and sessions arrive with the identity issue; until then no request
 * carries a session, so the honest answer to every caller is 401 and the web app sends the visitor
 * to /login.
 */
export function getMeRoute(app: FastifyInstance): void {
  app.get('/auth/me', () => {
    throw new FleetError('UNAUTHORIZED', 'Not signed in');
  });
}
