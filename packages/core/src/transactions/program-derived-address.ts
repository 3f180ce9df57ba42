// Program-derived addresses, pure (noble's sha256 and ed25519), so core derives a lookup table's
// or an associated token account's address without I/O.

import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';

import { decodeBase58, encodeBase58 } from '../keys/base58';
import type { Address } from '../primitives/address';

const PDA_MARKER = new TextEncoder().encode('ProgramDerivedAddress');

function isOnCurve(bytes: Uint8Array): boolean {
  try {
    // zip215 accepts non-canonical encodings, as curve25519-dalek's decompress does on chain.
    ed25519.Point.fromBytes(bytes, true);
    return true;
  } catch {
    return false;
  }
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * The first bump from 255 down whose hash of `seeds`, the bump, the program and the marker is off
 * the ed25519 curve, exactly as the runtime's `find_program_address` (and kit's
 * `getProgramDerivedAddress`) search it.
 */
export function findProgramAddress(
  seeds: readonly Uint8Array[],
  program: Address,
): { readonly address: Address; readonly bump: number } {
  const programBytes = decodeBase58(program);
  for (let bump = 255; bump >= 0; bump--) {
    const hash = sha256(concat([...seeds, Uint8Array.of(bump), programBytes, PDA_MARKER]));
    if (!isOnCurve(hash)) return Object.freeze({ address: encodeBase58(hash) as Address, bump });
  }
  throw new RangeError(`No program address for these seeds under ${program}`);
}
