import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL-safe: session cookies, invite links. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this is stored: a database dump cannot be replayed as a session or invite. */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Compares two secrets in time that depends on neither: both are hashed to equal length first, so
 * even the length of the expected secret does not leak.
 */
export function secretsEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b) && given.length === expected.length;
}
