import { describe, expect, it } from 'vitest';
import { REDACTED, isSecretName, redactSecretText, redactSecrets } from './redact-secrets';

const BASE58_SECRET_KEY =
  '4NMwxzmYj2uvHuq8xoqhY8RXg63KSVJM1DXkpbmkUY7YQWuoyQgFnnzn6yo3CMnqZasnNPNuAT2TLwQsCaKkUddp';
const ADDRESS = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';

describe('redactSecrets', () => {
  it('replaces values whose names read like secrets, at any depth', () => {
    const input = {
      user: 'ops@example.com',
      password: 'hunter22',
      nested: { privateKey: 'abc', apiKey: 'k', sessionToken: 't', deeper: { mnemonic: 'm' } },
      headers: { authorization: 'Bearer x', cookie: 'fleet_session=y', 'x-admin-token': 'z' },
    };
    expect(redactSecrets(input)).toEqual({
      user: 'ops@example.com',
      password: REDACTED,
      nested: {
        privateKey: REDACTED,
        apiKey: REDACTED,
        sessionToken: REDACTED,
        deeper: { mnemonic: REDACTED },
      },
      headers: { authorization: REDACTED, cookie: REDACTED, 'x-admin-token': REDACTED },
    });
  });

  it('keeps true/false flags named like secrets, which cannot carry one, and redacts the rest', () => {
    expect(
      redactSecrets({ includePrivateKeys: true, hasPrivateKey: false, privateKeys: ['x'] }),
    ).toEqual({ includePrivateKeys: true, hasPrivateKey: false, privateKeys: REDACTED });
  });

  it('removes a base58 secret key from any string, whatever its field is called', () => {
    const redacted = redactSecrets({ msg: `imported ${BASE58_SECRET_KEY} for ${ADDRESS}` });
    expect(redacted).toEqual({ msg: `imported ${REDACTED} for ${ADDRESS}` });
  });

  it('removes secret keys written as a 64-number array or as 128 hex digits', () => {
    const bytes = Array.from({ length: 64 }, (_, i) => (i * 7) % 256);
    expect(redactSecrets({ data: bytes })).toEqual({ data: REDACTED });
    expect(redactSecretText(`k=${JSON.stringify(bytes)}`)).toBe(`k=${REDACTED}`);
    expect(redactSecretText(`hex ${'ab'.repeat(64)} end`)).toBe(`hex ${REDACTED} end`);
  });

  it('keeps transaction signatures readable in fields named like a signature', () => {
    const input = {
      signature: BASE58_SECRET_KEY,
      txIds: [BASE58_SECRET_KEY],
      note: BASE58_SECRET_KEY,
    };
    expect(redactSecrets(input)).toEqual({
      signature: BASE58_SECRET_KEY,
      txIds: [BASE58_SECRET_KEY],
      note: REDACTED,
    });
  });

  it('keeps public addresses, numbers and short arrays', () => {
    const input = { address: ADDRESS, lamports: 5000, list: [1, 2, 3] };
    expect(redactSecrets(input)).toEqual(input);
  });

  it('does not modify its input and survives cycles', () => {
    const input: Record<string, unknown> = { password: 'p' };
    input.self = input;
    const out = redactSecrets(input) as Record<string, unknown>;
    expect(input.password).toBe('p');
    expect(out.self).toBe('[circular]');
  });

  it('redacts error messages and stacks', () => {
    const out = redactSecrets({ err: new Error(`bad key ${BASE58_SECRET_KEY}`) }) as {
      err: { message: string; stack: string };
    };
    expect(out.err.message).toBe(`bad key ${REDACTED}`);
    expect(out.err.stack).not.toContain(BASE58_SECRET_KEY);
  });

  it('names secrets by pattern, not by exact word', () => {
    for (const name of [
      'private_key',
      'PRIVATE-KEY',
      'clientSecret',
      'newPassword',
      'key',
      'kek',
      'seedPhrase',
    ]) {
      expect(isSecretName(name), name).toBe(true);
    }
    for (const name of ['publicAddress', 'email', 'monkey', 'tokens_value_usd_count']) {
      expect(isSecretName(name), name).toBe(name === 'tokens_value_usd_count');
    }
  });
});
