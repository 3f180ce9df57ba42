import { isFleetError } from '@fleet/core';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@fleet/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyRequestLimiter, type KeyRequestLimiter } from './key-request-limiter';

describe.each(testDatabaseKinds)('the key request limiter on %s', (kind) => {
  let database: TestDatabase;
  let clock = new Date('2025-03-01T12:00:00.000Z');
  let limiter: KeyRequestLimiter;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    limiter = createKeyRequestLimiter({ db: database.db, now: () => clock });
  });
  afterAll(async () => {
    await database.close();
  });

  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  /** Whether the call was answered, or the seconds its refusal asks the caller to wait. */
  const attempt = async (user: string, kind: 'keys' | 'addresses' = 'keys') => {
    try {
      await limiter.take(user, kind);
      return 'answered';
    } catch (error) {
      if (isFleetError(error, 'WALLET__KEY_REQUESTS_RATE_LIMITED'))
        return error.context.retryAfterSeconds;
      throw error;
    }
  };

  it('answers ten key requests, refuses the eleventh until the minute after the tenth', async () => {
    for (let index = 0; index < 10; index += 1) {
      expect(await attempt('user-a')).toBe('answered');
      advance(1_000);
    }
    // The tenth call came at +9 s and locked the bucket until +69 s; it is now +10 s.
    expect(await attempt('user-a')).toBe(59);
    advance(58_000);
    expect(await attempt('user-a')).toBe(1);
    advance(1_000);
    expect(await attempt('user-a')).toBe('answered');
  });

  it('keeps a lock that outlasts the window, and counts users and kinds apart', async () => {
    for (let index = 0; index < 9; index += 1) expect(await attempt('user-b')).toBe('answered');
    advance(59_000);
    expect(await attempt('user-b')).toBe('answered');
    advance(2_000);
    // The window that began 61 s ago is over, but the lock of the tenth call holds for 58 s more.
    expect(await attempt('user-b')).toBe(58);
    expect(await attempt('user-c')).toBe('answered');
    expect(await attempt('user-b', 'addresses')).toBe('answered');
  });

  it('answers exactly ten of thirty calls made at once', async () => {
    const outcomes = await Promise.all(Array.from({ length: 30 }, () => attempt('user-d')));
    expect(outcomes.filter((outcome) => outcome === 'answered')).toHaveLength(10);
    expect(outcomes.filter((outcome) => outcome === 60)).toHaveLength(20);
  });
});
