// Everything the sandbox market invents (mint addresses, pool keys, prices, trades) comes from a
// seed string, so two markets started with the same seed look alike and a test can name what it
// expects. Keys are ed25519 seeds derived by SHA-256, imported through node:crypto.

import { createHash } from 'node:crypto';

import { importKeypair, type Keypair } from '../chain/keypair.js';

/** PKCS#8 DER prefix of an ed25519 private key; the 32-byte seed follows. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export type Random = () => number;

/** mulberry32 over a 32-bit state: small, fast, and the same sequence on every machine. */
export function seededRandom(seed: string): Random {
  let state = hashToUint32(seed);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function hashToUint32(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32LE(0);
}

/** The keypair named `label` under `seed`: the same address for the same pair, always. */
export function derivedKeypair(seed: string, label: string): Keypair {
  const secret = createHash('sha256').update(`fleet-sandbox:${seed}:${label}`).digest();
  return importKeypair(Buffer.concat([ED25519_PKCS8_PREFIX, secret]).toString('base64'));
}

/** A uniform integer in [min, max]. */
export function randomInt(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

export function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** A standard normal draw (Box–Muller), for the price walk. */
export function gaussian(random: Random): number {
  const u = Math.max(random(), Number.EPSILON);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}
