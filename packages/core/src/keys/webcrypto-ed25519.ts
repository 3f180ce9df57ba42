/**
 * ed25519 public keys through WebCrypto, where the platform has it (Chromium, Firefox, Safari and
 * Node ship Ed25519 in `crypto.subtle`). The native code is several times faster than the
 * pure-JavaScript curve, which matters when a browser derives 100 seed accounts at once.
 *
 * A 32-byte seed goes in as PKCS#8 (RFC 8410: a fixed 16-byte header, then the seed) and the public
 * key comes out as the JWK's `x`. The key is imported extractable only so that the JWK can be read;
 * the CryptoKey is dropped right after.
 */
const PKCS8_ED25519_HEADER = Uint8Array.of(
  0x30,
  0x2e,
  0x02,
  0x01,
  0x00,
  0x30,
  0x05,
  0x06,
  0x03,
  0x2b,
  0x65,
  0x70,
  0x04,
  0x22,
  0x04,
  0x20,
);

/** The two calls used, typed structurally: core is built without the DOM library. */
export interface Ed25519SubtleCrypto {
  importKey(
    format: 'pkcs8',
    keyData: Uint8Array,
    algorithm: { readonly name: 'Ed25519' },
    extractable: boolean,
    keyUsages: readonly 'sign'[],
  ): Promise<unknown>;
  exportKey(format: 'jwk', key: never): Promise<{ readonly x?: string | undefined }>;
}

export type BatchEd25519PublicKeys = (
  seeds: readonly Uint8Array[],
) => Promise<readonly Uint8Array[]>;

/** The WebCrypto implementation, or undefined when this platform's `crypto.subtle` has no Ed25519. */
export async function webCryptoEd25519(
  subtle: Ed25519SubtleCrypto | undefined = platformSubtle(),
): Promise<BatchEd25519PublicKeys | undefined> {
  if (!subtle) return undefined;
  const publicKeysOf: BatchEd25519PublicKeys = (seeds) =>
    Promise.all(seeds.map((seed) => publicKeyOf(subtle, seed)));
  try {
    // One probe: an engine without Ed25519 refuses the import with NotSupportedError.
    await publicKeysOf([new Uint8Array(32)]);
    return publicKeysOf;
  } catch {
    return undefined;
  }
}

async function publicKeyOf(subtle: Ed25519SubtleCrypto, seed: Uint8Array): Promise<Uint8Array> {
  if (seed.length !== 32) throw new RangeError('An ed25519 seed is 32 bytes');
  const pkcs8 = new Uint8Array(PKCS8_ED25519_HEADER.length + 32);
  pkcs8.set(PKCS8_ED25519_HEADER);
  pkcs8.set(seed, PKCS8_ED25519_HEADER.length);
  try {
    const key = await subtle.importKey('pkcs8', pkcs8, { name: 'Ed25519' }, true, ['sign']);
    const { x } = await subtle.exportKey('jwk', key as never);
    if (typeof x !== 'string') throw new Error('WebCrypto returned no public key');
    return base64UrlToBytes(x);
  } finally {
    pkcs8.fill(0);
  }
}

function base64UrlToBytes(text: string): Uint8Array {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  if (bytes.length !== 32) throw new Error('WebCrypto returned a public key of the wrong length');
  return bytes;
}

function platformSubtle(): Ed25519SubtleCrypto | undefined {
  const crypto = (globalThis as { readonly crypto?: { readonly subtle?: unknown } }).crypto;
  return crypto?.subtle as Ed25519SubtleCrypto | undefined;
}
