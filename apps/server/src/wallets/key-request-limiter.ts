import { FleetError } from '@fleet/core';
import { schema, type FleetDatabase } from '@fleet/db';
import { sql } from 'drizzle-orm';

export interface KeyRequestPolicy {
  /** Calls a user may make within the window; the call that reaches it locks the bucket. */
  readonly limit: number;
  readonly windowMs: number;
  readonly lockMs: number;
}

/** Private keys leaving (wallet reveal and copy, export with keys, the master key): 10 a minute. */
export const KEY_REQUEST_POLICY: KeyRequestPolicy = { limit: 10, windowMs: 60_000, lockMs: 60_000 };

/** Addresses-only exports carry no secret: a looser limit that still stops a runaway script. */
export const ADDRESS_EXPORT_POLICY: KeyRequestPolicy = { ...KEY_REQUEST_POLICY, limit: 60 };

export type KeyRequestKind = 'keys' | 'addresses';

/**
 * Counts key requests per user in the database (`auth_throttle`, shared by every server process).
 * Each call is counted and judged by one upsert, so calls that arrive together cannot all slip in
 * before the count reaches the limit: the row lock orders them and each sees its own number. The
 * call that reaches the limit is answered and locks the bucket for `lockMs`; later calls are
 * refused (and counted) until the lock and the window have both passed.
 */
export function createKeyRequestLimiter(context: {
  readonly db: FleetDatabase;
  readonly now?: () => Date;
}) {
  const now = context.now ?? (() => new Date());
  const bucket = schema.authThrottle;

  return {
    async take(userId: string, kind: KeyRequestKind): Promise<void> {
      const policy = kind === 'keys' ? KEY_REQUEST_POLICY : ADDRESS_EXPORT_POLICY;
      const at = now();
      const windowStart = new Date(at.getTime() - policy.windowMs);
      const lockUntil = new Date(at.getTime() + policy.lockMs);
      const unlocked = sql`(${bucket.lockedUntil} is null or ${bucket.lockedUntil} <= ${at})`;
      // A new window starts only when the old one is over and no lock holds.
      const restarts = sql`(${unlocked} and ${bucket.firstFailureAt} < ${windowStart})`;
      const count = sql`(case when ${restarts} then 1 else ${bucket.failures} + 1 end)`;
      const [row] = await context.db
        .insert(bucket)
        .values({
          key: `wallet-${kind}:${userId}`,
          failures: 1,
          firstFailureAt: at,
          lockedUntil: policy.limit <= 1 ? lockUntil : null,
          updatedAt: at,
        })
        .onConflictDoUpdate({
          target: bucket.key,
          set: {
            failures: count,
            firstFailureAt: sql`case when ${restarts} then ${at} else ${bucket.firstFailureAt} end`,
            lockedUntil: sql`case when ${count} = ${policy.limit} then ${lockUntil}
              when ${unlocked} then null else ${bucket.lockedUntil} end`,
            updatedAt: at,
          },
        })
        .returning({
          failures: bucket.failures,
          firstFailureAt: bucket.firstFailureAt,
          lockedUntil: bucket.lockedUntil,
        });
      if (!row || row.failures <= policy.limit) return;
      const until = Math.max(
        row.lockedUntil?.getTime() ?? 0,
        row.firstFailureAt.getTime() + policy.windowMs,
      );
      const seconds = Math.max(1, Math.ceil((until - at.getTime()) / 1000));
      throw new FleetError('WALLET__KEY_REQUESTS_RATE_LIMITED', { retryAfterSeconds: seconds });
    },
  };
}

export type KeyRequestLimiter = ReturnType<typeof createKeyRequestLimiter>;
