import { createCipheriv, createDecipheriv, randomBytes, type KeyObject } from 'node:crypto';

/** AES-256-GCM with a random 96-bit nonce; the sealed form is nonce ‖ ciphertext ‖ 128-bit tag. */
const CIPHER = 'aes-256-gcm';
export const NONCE_BYTES = 12;
export const TAG_BYTES = 16;

export function sealedLength(plaintextLength: number): number {
  return NONCE_BYTES + plaintextLength + TAG_BYTES;
}

export function seal(
  key: KeyObject,
  plaintext: Uint8Array,
  associatedData: Uint8Array,
): Uint8Array {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv(CIPHER, key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData);
  const head = cipher.update(plaintext);
  const tail = cipher.final();
  const sealed = new Uint8Array(sealedLength(plaintext.length));
  sealed.set(nonce, 0);
  sealed.set(head, NONCE_BYTES);
  sealed.set(tail, NONCE_BYTES + head.length);
  sealed.set(cipher.getAuthTag(), NONCE_BYTES + head.length + tail.length);
  return sealed;
}

/**
 * The plaintext, or `undefined` when the sealed bytes have the wrong length, were altered, or were
 * sealed under another key or other associated data. GCM cannot tell these apart, and callers must
 * not either: every failure is the same failure.
 */
export function open(
  key: KeyObject,
  sealed: Uint8Array,
  associatedData: Uint8Array,
  plaintextLength: number,
): Uint8Array | undefined {
  if (sealed.length !== sealedLength(plaintextLength)) return undefined;
  const nonce = sealed.subarray(0, NONCE_BYTES);
  const body = sealed.subarray(NONCE_BYTES, NONCE_BYTES + plaintextLength);
  const tag = sealed.subarray(NONCE_BYTES + plaintextLength);
  const decipher = createDecipheriv(CIPHER, key, nonce, { authTagLength: TAG_BYTES });
  decipher.setAAD(associatedData);
  decipher.setAuthTag(tag);
  const head = decipher.update(body);
  try {
    const tail = decipher.final();
    const plaintext = new Uint8Array(plaintextLength);
    plaintext.set(head, 0);
    plaintext.set(tail, head.length);
    tail.fill(0);
    return plaintext;
  } catch {
    // Authentication failed: the bytes in `head` are unauthenticated and must not be used.
    return undefined;
  } finally {
    head.fill(0);
  }
}
