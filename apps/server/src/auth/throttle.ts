import { FleetError } from '@fleet/core';
import { schema, type FleetDatabase } from '@fleet/db';
import { eq, sql } from 'drizzle-orm';

/**
 * Failure counting with growing delays and temporary locks, kept in the database so that every
 * server process sees the same counts. A key is a subject such as `login-account:ops@x.io` or
 * `login-ip:203.0.113.9`.
 */
export interface ThrottlePolicy {
  /** Failures within this window count together; older ones are forgotten. */
  readonly windowMs: number;
  /** From this many failures on, the key is locked. */
  readonly lockAfter: number;
  /** The first lock's length; each further failure doubles it, up to `maxLockMs`. */
  readonly baseLockMs: number;
  readonly maxLockMs: number;
  /** Delay added to each failed attempt's answer: `failures × stepDelayMs`, up to `maxDelayMs`. */
  readonly stepDelayMs: number;
  readonly maxDelayMs: number;
}

export interface Throttle {
  /** Throws RATE_LIMITED while any of the keys is locked, with `retryAfterSeconds` in its context. */
  assertOpen(
    keys: readonly string[],
    message: (retryAfterSeconds: number) => string,
  ): Promise<void>;
  /** Counts a failure for each key; returns how long to delay this answer. */
  recordFailure(keys: readonly string[], policy: ThrottlePolicy): Promise<number>;
  reset(key: string): Promise<void>;
}

export function createThrottle(db: FleetDatabase, now: () => Date = () => new Date()): Throttle {
  return {
    async assertOpen(keys, message) {
      for (const key of keys) {
        const [row] = await db
          .select()
          .from(schema.authThrottle)
          .where(eq(schema.authThrottle.key, key));
        const lockedUntil = row?.lockedUntil?.getTime() ?? 0;
        const remaining = lockedUntil - now().getTime();
        if (remaining > 0) {
          const seconds = Math.ceil(remaining / 1000);
          throw new FleetError('RATE_LIMITED', message(seconds), {
            context: { retryAfterSeconds: seconds },
          });
        }
      }
    },

    async recordFailure(keys, policy) {
      let delay = 0;
      const at = now();
      for (const key of keys) {
        const windowStart = new Date(at.getTime() - policy.windowMs);
        // One statement, so concurrent failures are all counted.
        const [row] = await db
          .insert(schema.authThrottle)
          .values({ key, failures: 1, firstFailureAt: at, updatedAt: at })
          .onConflictDoUpdate({
            target: schema.authThrottle.key,
            set: {
              failures: sql`case when ${schema.authThrottle.firstFailureAt} < ${windowStart} then 1 else ${schema.authThrottle.failures} + 1 end`,
              firstFailureAt: sql`case when ${schema.authThrottle.firstFailureAt} < ${windowStart} then ${at} else ${schema.authThrottle.firstFailureAt} end`,
              updatedAt: at,
            },
          })
          .returning({ failures: schema.authThrottle.failures });
        const failures = row?.failures ?? 1;
        if (failures >= policy.lockAfter) {
          const lockMs = Math.min(
            policy.maxLockMs,
            policy.baseLockMs * 2 ** (failures - policy.lockAfter),
          );
          await db
            .update(schema.authThrottle)
            .set({ lockedUntil: new Date(at.getTime() + lockMs) })
            .where(eq(schema.authThrottle.key, key));
        }
        delay = Math.max(delay, Math.min(policy.maxDelayMs, failures * policy.stepDelayMs));
      }
      return delay;
    },

    async reset(key) {
      await db.delete(schema.authThrottle).where(eq(schema.authThrottle.key, key));
    },
  };
}

export const LOGIN_ACCOUNT_POLICY: ThrottlePolicy = {
  windowMs: 15 * 60_000,
  lockAfter: 5,
  baseLockMs: 60_000,
  maxLockMs: 60 * 60_000,
  stepDelayMs: 200,
  maxDelayMs: 2_000,
};

export const LOGIN_IP_POLICY: ThrottlePolicy = {
  windowMs: 15 * 60_000,
  lockAfter: 20,
  baseLockMs: 60_000,
  maxLockMs: 60 * 60_000,
  stepDelayMs: 100,
  maxDelayMs: 2_000,
};

export const ADMIN_TOKEN_POLICY: ThrottlePolicy = {
  windowMs: 15 * 60_000,
  lockAfter: 10,
  baseLockMs: 60_000,
  maxLockMs: 60 * 60_000,
  stepDelayMs: 100,
  maxDelayMs: 1_000,
};

export const INVITE_IP_POLICY: ThrottlePolicy = {
  windowMs: 60 * 60_000,
  lockAfter: 10,
  baseLockMs: 10 * 60_000,
  maxLockMs: 60 * 60_000,
  stepDelayMs: 0,
  maxDelayMs: 0,
};

export function sleep(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}
