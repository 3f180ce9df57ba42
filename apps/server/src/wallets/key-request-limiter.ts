import type { Throttle, ThrottlePolicy } from '../auth/throttle';

export const TOO_MANY_KEY_REQUESTS = (seconds: number) =>
  `Too many key requests. Try again in ${seconds} seconds.`;

/** Private keys leaving (reveal, copy, export with keys): 10 calls a minute per user. */
export const KEY_REQUEST_POLICY: ThrottlePolicy = {
  windowMs: 60_000,
  lockAfter: 10,
  baseLockMs: 60_000,
  maxLockMs: 60_000,
  stepDelayMs: 0,
  maxDelayMs: 0,
};

/** Addresses-only exports carry no secret: a looser limit that still stops a runaway script. */
export const ADDRESS_EXPORT_POLICY: ThrottlePolicy = { ...KEY_REQUEST_POLICY, lockAfter: 60 };

export type KeyRequestKind = 'keys' | 'addresses';

/**
 * Counts key requests per user in the database throttle (shared by every server process). A call
 * is refused while the user's bucket is locked; otherwise it is counted, and the call that
 * reaches the limit locks the bucket for the rest of the minute.
 */
export function createKeyRequestLimiter(throttle: Throttle) {
  return {
    async take(userId: string, kind: KeyRequestKind): Promise<void> {
      const key = `wallet-${kind}:${userId}`;
      await throttle.assertOpen([key], TOO_MANY_KEY_REQUESTS);
      await throttle.recordFailure(
        [key],
        kind === 'keys' ? KEY_REQUEST_POLICY : ADDRESS_EXPORT_POLICY,
      );
    },
  };
}

export type KeyRequestLimiter = ReturnType<typeof createKeyRequestLimiter>;
