import { generateKeyPairSync } from 'node:crypto';
import { encodeBase58 } from '@fleet/core';

/**
 * A new Solana keypair from node:crypto (OpenSSL's ed25519 over the operating system's secure
 * random source). The 64-byte secret key is seed ‖ public key, as Solana tools write it; the
 * caller seals it in the vault and wipes it.
 */
export function generateWalletKeypair(): { address: string; secretKey: Uint8Array } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const seed = Buffer.from(privateKey.export({ format: 'jwk' }).d ?? '', 'base64url');
  const pub = Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url');
  if (seed.length !== 32 || pub.length !== 32) {
    throw new Error('node:crypto returned an ed25519 key of unexpected length');
  }
  const secretKey = new Uint8Array(64);
  secretKey.set(seed, 0);
  secretKey.set(pub, 32);
  seed.fill(0);
  return { address: encodeBase58(pub), secretKey };
}
