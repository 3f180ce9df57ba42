import { ed25519 } from '@noble/curves/ed25519.js';
import { describe, expect, it } from 'vitest';
import { encodeBase58 } from './base58';
import { addressOfSecretKey, decodePrivateKey, encodePrivateKeyBase58 } from './decode-private-key';

function keypair(seedByte: number) {
  const seed = new Uint8Array(32).fill(seedByte);
  const publicKey = ed25519.getPublicKey(seed);
  const secretKey = new Uint8Array(64);
  secretKey.set(seed);
  secretKey.set(publicKey, 32);
  return { secretKey, address: encodeBase58(publicKey) };
}

describe('decodePrivateKey', () => {
  const { secretKey, address } = keypair(7);

  it('reads a base58 secret key and derives its address', () => {
    const result = decodePrivateKey(`  ${encodePrivateKeyBase58(secretKey)}\n`);
    expect(result).toEqual({ ok: true, value: { secretKey, address } });
  });

  it('reads a JSON array of 64 integers', () => {
    const result = decodePrivateKey(JSON.stringify([...secretKey]));
    expect(result.ok && result.value.address).toBe(address);
  });

  it('round-trips any keypair through base58 and JSON', () => {
    for (let seedByte = 0; seedByte < 40; seedByte++) {
      const pair = keypair(seedByte);
      for (const text of [
        encodePrivateKeyBase58(pair.secretKey),
        JSON.stringify([...pair.secretKey]),
      ]) {
        const result = decodePrivateKey(text);
        expect(result.ok && result.value.address).toBe(pair.address);
      }
    }
  });

  it.each([
    ['', 'Private key is empty'],
    ['   ', 'Private key is empty'],
    ['abc0OIl', 'Unsupported private key format'],
    ['{"key": 1}', 'Unsupported private key format'],
    ['[1, 2, 300]', 'Unsupported private key format'],
    ['[1, 2,', 'Failed to parse private key'],
    [JSON.stringify(Array.from({ length: 63 }, () => 1)), 'Invalid private key length'],
    [JSON.stringify(Array.from({ length: 65 }, () => 1)), 'Invalid private key length'],
    [encodeBase58(new Uint8Array(32).fill(9)), 'Invalid private key length'],
  ])('refuses %j with "%s"', (input, message) => {
    const result = decodePrivateKey(input);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toBe(message);
  });

  it('refuses a key whose public half does not match its seed', () => {
    const tampered = Uint8Array.from(secretKey);
    tampered[40] = (tampered[40] ?? 0) ^ 1;
    const result = decodePrivateKey(encodePrivateKeyBase58(tampered));
    expect(!result.ok && result.problem).toBe('mismatch');
    expect(() => addressOfSecretKey(tampered)).toThrow('Private key does not match its public key');
  });
});
