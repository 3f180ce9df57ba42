import { generateKeyPairSync } from 'node:crypto';
import { encodeBase58 } from '@fleet/core';

// RFC 8410 DER for Ed25519: a fixed header, then the 32-byte seed (PKCS#8) or public key (SPKI).
const PKCS8_ED25519_HEADER = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_ED25519_HEADER = Buffer.from('302a300506032b6570032100', 'hex');

/**
 * A new Solana keypair from node:crypto (OpenSSL's ed25519 over the operating system's secure
 * random source). The 64-byte secret key is seed ‖ public key, as Solana tools write it; the
 * caller seals it in the vault and wipes it.
 *
 * The keys come back already encoded (DER), never as KeyObjects. On Node 20, exporting a
 * KeyObject made by `generateKeyPairSync` as JWK can hang the process for good: the export holds
 * the key's mutex while it allocates V8 strings; a garbage collection in that allocation runs the
 * finished keygen job's destructor, which takes the same (non-recursive) mutex, so the JS thread
 * waits on itself. No timer, test timeout or signal report runs again. Encoded inside the job,
 * while the job is still alive, the keys never meet that path.
 */
export function generateWalletKeypair(): { address: string; secretKey: Uint8Array } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519', {
    privateKeyEncoding: { type: 'pkcs8', format: 'der' },
    publicKeyEncoding: { type: 'spki', format: 'der' },
  });
  try {
    const seed = afterHeader(privateKey, PKCS8_ED25519_HEADER);
    const pub = afterHeader(publicKey, SPKI_ED25519_HEADER);
    const secretKey = new Uint8Array(64);
    secretKey.set(seed, 0);
    secretKey.set(pub, 32);
    return { address: encodeBase58(pub), secretKey };
  } finally {
    privateKey.fill(0);
  }
}

function afterHeader(der: Buffer, header: Buffer): Buffer {
  if (der.length !== header.length + 32 || !der.subarray(0, header.length).equals(header)) {
    throw new Error('node:crypto returned an ed25519 key of unexpected shape');
  }
  return der.subarray(header.length);
}
