import { generateKeyPairSync } from 'node:crypto';
import { encodeBase58 } from '@fleet/core';

/** Test-only: a fresh Solana keypair, as the vault receives it from the import code. */
export interface TestWallet {
  readonly address: string;
  readonly secretKey: Uint8Array;
}

export function createTestWallet(): TestWallet {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const seed = Buffer.from(requireJwkField(privateKey.export({ format: 'jwk' }).d), 'base64url');
  const pub = Buffer.from(requireJwkField(publicKey.export({ format: 'jwk' }).x), 'base64url');
  const secretKey = new Uint8Array(64);
  secretKey.set(seed, 0);
  secretKey.set(pub, 32);
  return { address: encodeBase58(pub), secretKey };
}

function requireJwkField(value: string | undefined): string {
  if (value === undefined) throw new Error('ed25519 JWK export lacks a key field');
  return value;
}
