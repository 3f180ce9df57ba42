// Ed25519 keypairs and signing on node:crypto, for the faucet and admin fixtures (about 20× faster
// than WebCrypto through kit for the many small transactions fixtures create).

import { generateKeyPairSync, createPrivateKey, sign, type KeyObject } from 'node:crypto';

import { encodeBase58 } from '../codec/base58.js';

export interface Keypair {
  readonly address: string;
  readonly publicKey: Uint8Array;
  sign(message: Uint8Array): Uint8Array;
  /** PKCS#8 DER, base64, for persistence. */
  exportSecret(): string;
}

function fromPrivateKey(privateKey: KeyObject): Keypair {
  const jwk = privateKey.export({ format: 'jwk' });
  const publicKey = new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'));
  return {
    address: encodeBase58(publicKey),
    publicKey,
    sign: (message) => new Uint8Array(sign(null, message, privateKey)),
    exportSecret: () => privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
  };
}

export function generateKeypair(): Keypair {
  // Encoded inside the keygen job, then imported: on Node 20 a KeyObject made by
  // `generateKeyPairSync` must never be exported as JWK. That export holds the key's mutex while it
  // allocates; a garbage collection there runs the finished job's destructor, which takes the same
  // mutex, and the thread waits on itself for good. An imported key has no job behind it.
  const { privateKey } = generateKeyPairSync('ed25519', {
    privateKeyEncoding: { type: 'pkcs8', format: 'der' },
    publicKeyEncoding: { type: 'spki', format: 'der' },
  });
  return fromPrivateKey(createPrivateKey({ key: privateKey, format: 'der', type: 'pkcs8' }));
}

export function importKeypair(secret: string): Keypair {
  return fromPrivateKey(
    createPrivateKey({ key: Buffer.from(secret, 'base64'), format: 'der', type: 'pkcs8' }),
  );
}
