import { base58 } from '@scure/base';

const BASE58_ALPHABET = /^[1-9A-HJ-NP-Za-km-z]+$/;

export function isBase58(text: string): boolean {
  return BASE58_ALPHABET.test(text);
}

export function encodeBase58(bytes: Uint8Array): string {
  return base58.encode(bytes);
}

/** Throws on characters outside the alphabet; check with `isBase58` first for a clean message. */
export function decodeBase58(text: string): Uint8Array {
  return base58.decode(text);
}
