import { generateKeyPairSync } from 'node:crypto';
import { encodeBase58, encodePrivateKeyBase58 } from '@fleet/core';

/** A fresh Solana keypair: the 64-byte secret key in base58 and its address. */
export function newTestKeypair(): { privateKey: string; address: string; secretKey: Uint8Array } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const seed = Buffer.from(privateKey.export({ format: 'jwk' }).d ?? '', 'base64url');
  const pub = Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url');
  const secretKey = new Uint8Array(64);
  secretKey.set(seed, 0);
  secretKey.set(pub, 32);
  return { privateKey: encodePrivateKeyBase58(secretKey), address: encodeBase58(pub), secretKey };
}
