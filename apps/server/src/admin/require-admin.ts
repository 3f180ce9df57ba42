import { ADMIN_TOKEN_HEADER, FleetError, type AuditAction } from '@fleet/core';
import type { FastifyRequest } from 'fastify';
import type { AuditLog } from '../audit/audit-log';
import { secretsEqual } from '../auth/secret-tokens';
import { ADMIN_TOKEN_POLICY, type Throttle } from '../auth/throttle';

/**
 * The admin console's gate: the `x-admin-token` header, compared in constant time.
 *
 * The right token is always let in, also from an address locked for failures (decision 015):
 * the lock is per address, and a shared address (an office NAT, a VPN exit) must not let whoever
 * else is behind it lock the administrator out. Wrong tokens are counted per address, each answered
 * after a growing delay; from 10 failures the address is locked and wrong tokens get 429 with
 * Retry-After. Failures are audited until the lock, not during it, so a locked guesser cannot
 * flood the audit log.
 */
export function createAdminGate(context: {
  adminToken: string;
  throttle: Throttle;
  audit: AuditLog;
  sleep: (ms: number) => Promise<void>;
}) {
  return async function requireAdmin(request: FastifyRequest, action: AuditAction): Promise<void> {
    const header = request.headers[ADMIN_TOKEN_HEADER];
    const given = typeof header === 'string' ? header : '';
    if (given !== '' && secretsEqual(given, context.adminToken)) return;

    const key = `admin-ip:${request.ip}`;
    const lockedBefore = await context.throttle.lockedFor(key);
    const delay = await context.throttle.recordFailure([key], ADMIN_TOKEN_POLICY);
    if (lockedBefore === 0) {
      await context.audit.record({
        actor: 'admin',
        action,
        outcome: 'failure',
        ip: request.ip,
        detail: { reason: 'bad token' },
      });
    }
    await context.sleep(delay);
    if (lockedBefore > 0) {
      const seconds = await context.throttle.lockedFor(key);
      throw new FleetError('ADMIN__RATE_LIMITED', {
        retryAfterSeconds: Math.max(seconds, 1),
      });
    }
    throw new FleetError('ADMIN__AUTHENTICATION_FAILED');
  };
}

export type RequireAdmin = ReturnType<typeof createAdminGate>;
