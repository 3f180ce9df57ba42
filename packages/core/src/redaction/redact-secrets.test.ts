import { describe, expect, it } from 'vitest';
import { decodeBase58, encodeBase58 } from '../keys/base58';
import { REDACTED, isSecretName, redactSecretText, redactSecrets } from './redact-secrets';

const BASE58_SECRET_KEY =
  '4NMwxzmYj2uvHuq8xoqhY8RXg63KSVJM1DXkpbmkUY7YQWuoyQgFnnzn6yo3CMnqZasnNPNuAT2TLwQsCaKkUddp';
/** 32 bytes in 44 characters: an address, or a seed, and the two cannot be told apart. */
const ADDRESS = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
/** 32 bytes in 43 characters: shorter than any run the rules look at. */
const SHORT_ADDRESS = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const BYTES = Array.from({ length: 64 }, (_, i) => (i * 37 + 11) % 256);

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
    const redacted = redactSecrets({ msg: `imported ${BASE58_SECRET_KEY} for ${SHORT_ADDRESS}` });
    expect(redacted).toEqual({ msg: `imported ${REDACTED} for ${SHORT_ADDRESS}` });
  });

  it('removes a 32-byte seed written in 44 base58 characters from free text', () => {
    const seed = encodeBase58(new Uint8Array(32).fill(201));
    expect(seed).toHaveLength(44);
    expect(redactSecretText(`seed ${seed} end`)).toBe(`seed ${REDACTED} end`);
    expect(redactSecretText(`/api/wallet/${ADDRESS}`)).toBe(`/api/wallet/${REDACTED}`);
  });

  it('removes a 64-byte key whose leading zero bytes make its base58 shorter than 86', () => {
    const key = encodeBase58(Uint8Array.from({ length: 64 }, (_, i) => (i < 12 ? 0 : 200 - i)));
    expect(key.length).toBeLessThan(86);
    expect(redactSecrets({ note: `k=${key}` })).toEqual({ note: `k=${REDACTED}` });
  });

  it('keeps base58 runs of 44 characters or more that decode to neither 32 nor 64 bytes', () => {
    const id = encodeBase58(new Uint8Array(40).fill(150));
    expect(id.length).toBeGreaterThanOrEqual(44);
    expect(decodeBase58(id)).toHaveLength(40);
    expect(redactSecretText(`batch ${id}`)).toBe(`batch ${id}`);
  });

  it('keeps 44-character addresses in fields named like an address, but never a secret key', () => {
    const detail = {
      address: ADDRESS,
      addresses: [ADDRESS, SHORT_ADDRESS],
      public_address: ADDRESS,
      previousAddress: BASE58_SECRET_KEY,
    };
    expect(redactSecrets(detail)).toEqual({
      address: ADDRESS,
      addresses: [ADDRESS, SHORT_ADDRESS],
      public_address: ADDRESS,
      previousAddress: REDACTED,
    });
  });

  it('removes a secret key written as a percent-encoded JSON array in a URL, in either case', () => {
    const json = JSON.stringify(BYTES);
    const upper = encodeURIComponent(json);
    expect(upper).toMatch(/^%5B\d+%2C/);
    expect(redactSecretText(`/api/x?k=${upper}&y=1`)).toBe(`/api/x?k=${REDACTED}&y=1`);
    const lower = upper.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());
    expect(redactSecretText(`/api/x?k=${lower}`)).toBe(`/api/x?k=${REDACTED}`);
    const spaced = encodeURIComponent(BYTES.join(', ')).replace(/%20/g, '+');
    expect(redactSecretText(`/api/x?k=%5B${spaced}%5D`)).toBe(`/api/x?k=${REDACTED}`);
  });

  it('removes a secret key written as a bare list of 64 numbers, and keeps shorter lists', () => {
    expect(redactSecretText(`key: ${BYTES.join(', ')}.`)).toBe(`key: ${REDACTED}.`);
    const short = BYTES.slice(0, 63).join(',');
    expect(redactSecretText(`ids ${short}`)).toBe(`ids ${short}`);
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
