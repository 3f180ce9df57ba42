import { decodeBase58, encodeBase58, isBase58 } from './base58';
import { ed25519PublicKeyOf, type Ed25519PublicKeyOf } from './ed25519-public-key';

/**
 * One Solana secret key (64 bytes: 32-byte seed then 32-byte public key) from the two forms
 * operators paste (spec 1 §5): base58 text, or a JSON array of 64 integers 0–255. The public half
 * must be the one the seed derives, else the key is refused: a corrupted key would otherwise be
 * imported under an address nobody can sign for.
 */
export const PRIVATE_KEY_MESSAGES = Object.freeze({
  empty: 'Private key is empty',
  length: 'Invalid private key length',
  format: 'Unsupported private key format',
  parse: 'Failed to parse private key',
  mismatch: 'Private key does not match its public key',
});

export type PrivateKeyProblem = keyof typeof PRIVATE_KEY_MESSAGES;

export interface DecodedPrivateKey {
  readonly secretKey: Uint8Array;
  readonly address: string;
}

export type DecodeResult =
  | { readonly ok: true; readonly value: DecodedPrivateKey }
  | { readonly ok: false; readonly problem: PrivateKeyProblem; readonly message: string };

export interface DecodePrivateKeyOptions {
  /** Derives the public half for the match check; defaults to the pure-JavaScript ed25519. */
  readonly publicKeyOf?: Ed25519PublicKeyOf;
}

const SECRET_KEY_BYTES = 64;

export function decodePrivateKey(
  input: string,
  options: DecodePrivateKeyOptions = {},
): DecodeResult {
  const text = input.trim();
  if (text === '') return failure('empty');
  const bytes = text.startsWith('[') ? bytesFromJson(text) : bytesFromBase58(text);
  if (!(bytes instanceof Uint8Array)) return failure(bytes);
  if (bytes.length !== SECRET_KEY_BYTES) return failure('length');
  const publicKey = (options.publicKeyOf ?? ed25519PublicKeyOf)(bytes.subarray(0, 32));
  if (!equalBytes(publicKey, bytes.subarray(32))) return failure('mismatch');
  return { ok: true, value: { secretKey: bytes, address: encodeBase58(publicKey) } };
}

/** The address a 64-byte secret key signs for, after the same checks as `decodePrivateKey`. */
export function addressOfSecretKey(
  secretKey: Uint8Array,
  publicKeyOf: Ed25519PublicKeyOf = ed25519PublicKeyOf,
): string {
  if (secretKey.length !== SECRET_KEY_BYTES) throw new Error(PRIVATE_KEY_MESSAGES.length);
  const publicKey = publicKeyOf(secretKey.subarray(0, 32));
  if (!equalBytes(publicKey, secretKey.subarray(32)))
    throw new Error(PRIVATE_KEY_MESSAGES.mismatch);
  return encodeBase58(publicKey);
}

export function encodePrivateKeyBase58(secretKey: Uint8Array): string {
  return encodeBase58(secretKey);
}

function bytesFromJson(text: string): Uint8Array | PrivateKeyProblem {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'parse';
  }
  if (!Array.isArray(value)) return 'format';
  if (
    !value.every(
      (item) => typeof item === 'number' && Number.isInteger(item) && item >= 0 && item <= 255,
    )
  ) {
    return 'format';
  }
  return Uint8Array.from(value as number[]);
}

function bytesFromBase58(text: string): Uint8Array | PrivateKeyProblem {
  if (!isBase58(text)) return 'format';
  try {
    return decodeBase58(text);
  } catch {
    return 'parse';
  }
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= (a[index] ?? 0) ^ (b[index] ?? 0);
  return difference === 0;
}

function failure(problem: PrivateKeyProblem): DecodeResult {
  return { ok: false, problem, message: PRIVATE_KEY_MESSAGES[problem] };
}
