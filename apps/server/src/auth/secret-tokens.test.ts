import { describe, expect, it } from 'vitest';
import { hashSecretToken, newSecretToken, secretsEqual } from './secret-tokens';

describe('secret tokens', () => {
  it('compare equal only when every character matches, whatever the lengths', () => {
    const secret = newSecretToken();
    expect(secretsEqual(secret, secret)).toBe(true);
    expect(secretsEqual(`${secret.slice(0, -1)}x`, secret)).toBe(secret.endsWith('x'));
    expect(secretsEqual(secret.slice(0, -1), secret)).toBe(false);
    expect(secretsEqual('', secret)).toBe(false);
    expect(secretsEqual(`${secret}a`, secret)).toBe(false);
  });

  it('are stored as a hash that does not contain them', () => {
    const secret = newSecretToken();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hashSecretToken(secret)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSecretToken(secret)).not.toContain(secret);
    expect(newSecretToken()).not.toBe(secret);
  });
});
