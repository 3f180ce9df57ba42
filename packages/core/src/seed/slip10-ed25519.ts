import { hmac } from '@noble/hashes/hmac.js';
import { sha512 } from '@noble/hashes/sha2.js';

/**
 * SLIP-0010 private-key derivation for ed25519 (satoshilabs/slips, slip-0010.md): the master node is
 * HMAC-SHA512 keyed with "ed25519 seed" over the seed; a child is HMAC-SHA512 keyed with the parent
 * chain code over 0x00 ‖ parent key ‖ index (big-endian, hardened); in both, the left 32 bytes are
 * the key and the right 32 bytes the chain code. ed25519 only has hardened children.
 */
export interface Slip10Node {
  /** The 32-byte ed25519 seed of this node (the first half of a Solana secret key). */
  readonly privateKey: Uint8Array;
  readonly chainCode: Uint8Array;
}

export const HARDENED_OFFSET = 0x80000000;

const MASTER_KEY = new TextEncoder().encode('ed25519 seed');

export function slip10Ed25519MasterNode(seed: Uint8Array): Slip10Node {
  if (seed.length < 16 || seed.length > 64) {
    throw new RangeError('A SLIP-0010 seed is 16 to 64 bytes');
  }
  return split(hmac(sha512, MASTER_KEY, seed));
}

/** `index` is the unhardened number (0 to 2^31 − 1); the hardened bit is added here. */
export function slip10Ed25519HardenedChild(parent: Slip10Node, index: number): Slip10Node {
  if (!Number.isInteger(index) || index < 0 || index >= HARDENED_OFFSET) {
    throw new RangeError(`A hardened index is an integer from 0 to ${HARDENED_OFFSET - 1}`);
  }
  const data = new Uint8Array(37);
  data.set(parent.privateKey, 1);
  new DataView(data.buffer).setUint32(33, index + HARDENED_OFFSET, false);
  return split(hmac(sha512, parent.chainCode, data));
}

/** `m/44'/501'/0'/0'` → [44, 501, 0, 0]. Accepts `'`, `h` or `H`; refuses unhardened steps. */
export function parseHardenedPath(path: string): number[] {
  const [root, ...steps] = path.trim().split('/');
  if (root !== 'm') throw new RangeError(`A derivation path starts with "m": ${path}`);
  return steps.map((step) => {
    const match = /^(\d{1,10})['hH]$/.exec(step);
    const index = match ? Number(match[1]) : Number.NaN;
    if (!(index >= 0 && index < HARDENED_OFFSET)) {
      throw new RangeError(`ed25519 derivation needs hardened steps, not "${step}" in ${path}`);
    }
    return index;
  });
}

export function deriveSlip10Ed25519(seed: Uint8Array, path: string): Slip10Node {
  return parseHardenedPath(path).reduce(slip10Ed25519HardenedChild, slip10Ed25519MasterNode(seed));
}

function split(digest: Uint8Array): Slip10Node {
  return Object.freeze({ privateKey: digest.slice(0, 32), chainCode: digest.slice(32, 64) });
}
