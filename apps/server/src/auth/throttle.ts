import { FleetError } from '@fleet/core';
import { schema, type FleetDatabase } from '@fleet/db';
import { eq, sql } from 'drizzle-orm';

/**
 * Failure counting kept in the database, so that every server process sees the same counts. A
 * key is a subject such as `login-account:ops@x.io` or `login-ip:203.0.113.9`.
 *
 * Two kinds of answer come out of a count (decision 015): a key with a lock policy is refused for
 * a while once it has failed too often (a client address: it can only lock itself out); a key
 * with a delay policy is never refused, only slowed (an account: anyone can type its e-mail, so a
 * lock there would let anyone lock its owner out).
 */
export interface ThrottlePolicy {
  /** Failures within this window count together; older ones are forgotten. */
  readonly windowMs: number;
  /** From this many failures on, the key is locked. Absent: never locked, only counted. */
  readonly lockAfter?: number;
  /** The first lock's length; each further failure doubles it, up to `maxLockMs`. */
  readonly baseLockMs: number;
  readonly maxLockMs: number;
  /** Delay added to each failed attempt's answer: `failures × stepDelayMs`, up to `maxDelayMs`. */
  readonly stepDelayMs: number;
  readonly maxDelayMs: number;
}

/** A delay that doubles with each failure past the free ones, up to a ceiling. */
export interface DelayPolicy {
  readonly windowMs: number;
  /** This many failures in the window cost nothing (typing mistakes). */
  readonly freeFailures: number;
  readonly firstDelayMs: number;
  readonly maxDelayMs: number;
}

/** The refusals a throttle raises; each carries `retryAfterSeconds`. */
export type ThrottledCode = 'AUTH__SIGN_IN_RATE_LIMITED' | 'AUTH__INVITE_RATE_LIMITED';

export interface Throttle {
  /** Throws `code` while any of the keys is locked, with `retryAfterSeconds` in its context. */
  assertOpen(keys: readonly string[], code: ThrottledCode): Promise<void>;
  /** Seconds until the key's lock ends; 0 when it is open. */
  lockedFor(key: string): Promise<number>;
  /** Counts a failure for each key; returns how long to delay this answer. */
  recordFailure(keys: readonly string[], policy: ThrottlePolicy): Promise<number>;
  /** How long an attempt on this key waits now, from its failures within the policy's window. */
  delayFor(key: string, policy: DelayPolicy): Promise<number>;
  reset(key: string): Promise<void>;
}

export function createThrottle(db: FleetDatabase, now: () => Date = () => new Date()): Throttle {
  async function rowOf(key: string) {
    const [row] = await db
      .select()
      .from(schema.authThrottle)
      .where(eq(schema.authThrottle.key, key));
    return row;
  }

  async function lockedFor(key: string): Promise<number> {
    const remaining = ((await rowOf(key))?.lockedUntil?.getTime() ?? 0) - now().getTime();
    return remaining > 0 ? Math.ceil(remaining / 1000) : 0;
  }

  return {
    lockedFor,

    async assertOpen(keys, code) {
      for (const key of keys) {
        const seconds = await lockedFor(key);
        if (seconds > 0) {
          throw new FleetError(code, { retryAfterSeconds: seconds });
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
        if (policy.lockAfter !== undefined && failures >= policy.lockAfter) {
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

    async delayFor(key, policy) {
      const row = await rowOf(key);
      if (!row || row.firstFailureAt.getTime() < now().getTime() - policy.windowMs) return 0;
      return growingDelay(row.failures, policy);
    },

    async reset(key) {
      await db.delete(schema.authThrottle).where(eq(schema.authThrottle.key, key));
    },
  };
}

/** 0 for the free failures, then `firstDelayMs`, doubling per failure, up to `maxDelayMs`. */
export function growingDelay(failures: number, policy: DelayPolicy): number {
  const charged = failures - policy.freeFailures;
  if (charged <= 0) return 0;
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.min(charged - 1, 30));
}

/**
 * Failed sign-ins per account: counted here, never locked. Each attempt on the account (the right
 * password too) waits `LOGIN_ACCOUNT_DELAY` first.
 */
export const LOGIN_ACCOUNT_POLICY: ThrottlePolicy = {
  windowMs: 15 * 60_000,
  baseLockMs: 0,
  maxLockMs: 0,
  stepDelayMs: 0,
  maxDelayMs: 0,
};

/** After 3 failures: 0.5 s, 1 s, 2 s, 4 s, then 8 s per attempt for as long as they go on. */
export const LOGIN_ACCOUNT_DELAY: DelayPolicy = {
  windowMs: LOGIN_ACCOUNT_POLICY.windowMs,
  freeFailures: 3,
  firstDelayMs: 500,
  maxDelayMs: 8_000,
};

/** Failed sign-ins per client address: 20 in 15 minutes lock that address, from 1 minute to 1 hour. */
export const LOGIN_IP_POLICY: ThrottlePolicy = {
  windowMs: 15 * 60_000,
  lockAfter: 20,
  baseLockMs: 60_000,
  maxLockMs: 60 * 60_000,
  stepDelayMs: 0,
  maxDelayMs: 0,
};

export const ADMIN_TOKEN_POLICY: ThrottlePolicy = {
  windowMs: 15 * 60_000,
  lockAfter: 10,
  baseLockMs: 60_000,
  maxLockMs: 60 * 60_000,
  stepDelayMs: 100,
  maxDelayMs: 1_000,
};

/**
 * Invite requests per client address, whatever the answer (409 included, so the spec's "this
 * e-mail already has an account" cannot be asked about thousands of addresses): 5 an hour.
 */
export const INVITE_IP_POLICY: ThrottlePolicy = {
  windowMs: 60 * 60_000,
  lockAfter: 5,
  baseLockMs: 60 * 60_000,
  maxLockMs: 60 * 60_000,
  stepDelayMs: 0,
  maxDelayMs: 0,
};

/** Invite requests per e-mail address, from anywhere: 3 an hour (also stops mail-bombing). */
export const INVITE_EMAIL_POLICY: ThrottlePolicy = { ...INVITE_IP_POLICY, lockAfter: 3 };
