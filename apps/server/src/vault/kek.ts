import { createHash, randomBytes } from 'node:crypto';
import { FleetError } from '@fleet/core';

/**
 * The key-encryption key (KEK): 32 bytes that wrap every tenant's data key. `id` names it in the
 * database (which KEK wrapped which row) without revealing anything about it.
 */
export interface Kek {
  readonly id: string;
  readonly key: Uint8Array;
}

export const KEK_BYTES = 32;

const STANDARD_BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const URL_SAFE_BASE64 = /^[A-Za-z0-9_-]*={0,2}$/;

export function kekFromBytes(bytes: Uint8Array): Kek {
  assertKekLength(bytes);
  // A private copy: the caller may zero or reuse its buffer without breaking the vault.
  const key = Uint8Array.from(bytes);
  const id = kekIdOf(key);
  const kek = { id } as { id: string; key: Uint8Array };
  // Not enumerable, so JSON.stringify, util.inspect and object spreads of a KEK show only its id:
  // one stray log line must not be enough to leak it.
  Object.defineProperty(kek, 'key', { value: key, enumerable: false, writable: false });
  return Object.freeze(kek);
}

/**
 * Checks a KEK built by hand rather than by `kekFromBytes`: a wrong length would only fail at the
 * first encryption, and a wrong id would label stored rows with a KEK that did not wrap them.
 */
export function assertIsKek(kek: Kek): void {
  assertKekLength(kek.key);
  if (kekIdOf(kek.key) !== kek.id) {
    throw new FleetError('KEK__ID_MISMATCH', { kekId: kek.id });
  }
}

function assertKekLength(bytes: Uint8Array): void {
  if (bytes.length !== KEK_BYTES) {
    throw new FleetError('KEK__WRONG_LENGTH', { expected: KEK_BYTES, actual: bytes.length });
  }
}

function kekIdOf(key: Uint8Array): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

/**
 * Parses `FLEET_KEK` (or the secrets file's value): base64 or base64url of exactly 32 bytes.
 * Error messages describe the problem but never echo the value.
 */
export function parseKek(base64: string): Kek {
  const text = base64.trim();
  if (text === '') {
    throw new FleetError('KEK__EMPTY');
  }
  if (text.length % 4 === 1 || !(STANDARD_BASE64.test(text) || URL_SAFE_BASE64.test(text))) {
    throw new FleetError('KEK__NOT_BASE64', { expected: KEK_BYTES });
  }
  const bytes = Buffer.from(text, STANDARD_BASE64.test(text) ? 'base64' : 'base64url');
  try {
    if (bytes.length !== KEK_BYTES) {
      throw new FleetError('KEK__DECODED_WRONG_LENGTH', {
        expected: KEK_BYTES,
        actual: bytes.length,
      });
    }
    return kekFromBytes(bytes);
  } finally {
    bytes.fill(0);
  }
}

/**
 * Several KEKs, comma-separated (e.g. the previous KEKs still accepted during a rotation). Blank
 * entries are ignored; an error names the entry by position only.
 */
export function parseKeks(list: string): Kek[] {
  const entries = list.split(',').map((entry) => entry.trim());
  const keks: Kek[] = [];
  for (const [index, entry] of entries.entries()) {
    if (entry === '') continue;
    try {
      keks.push(parseKek(entry));
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'invalid';
      throw new FleetError('KEK__INVALID_ENTRY', { index, reason });
    }
  }
  return keks;
}

/** A new random KEK in the form `parseKek` reads, for a generated secrets file. */
export function generateKekBase64(): string {
  const bytes = randomBytes(KEK_BYTES);
  try {
    return bytes.toString('base64');
  } finally {
    bytes.fill(0);
  }
}
