import { ADMIN_TOKEN_HEADER, FleetError } from '@fleet/core';
import type { FastifyRequest } from 'fastify';
import type { AuditLog } from '../audit/audit-log';
import { secretsEqual } from '../auth/secret-tokens';
import { ADMIN_TOKEN_POLICY, sleep, type Throttle } from '../auth/throttle';

/**
 * The admin console's gate: the `x-admin-token` header, compared in constant time. Failures are
 * audited and counted per address; a locked address gets 429 until the lock ends.
 */
export function createAdminGate(context: {
  adminToken: string;
  throttle: Throttle;
  audit: AuditLog;
}) {
  return async function requireAdmin(request: FastifyRequest, action: string): Promise<void> {
    const key = `admin-ip:${request.ip}`;
    await context.throttle.assertOpen(
      [key],
      () => 'Too many failed admin sign-ins. Try again later.',
    );
    const header = request.headers[ADMIN_TOKEN_HEADER];
    const given = typeof header === 'string' ? header : '';
    if (given !== '' && secretsEqual(given, context.adminToken)) return;
    const delay = await context.throttle.recordFailure([key], ADMIN_TOKEN_POLICY);
    await context.audit.record({
      actor: 'admin',
      action,
      outcome: 'failure',
      ip: request.ip,
      detail: { reason: 'bad token' },
    });
    await sleep(delay);
    throw new FleetError('UNAUTHORIZED', 'Authentication failed');
  };
}

export type RequireAdmin = ReturnType<typeof createAdminGate>;
