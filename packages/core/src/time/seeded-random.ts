import type { Random } from './clock';

/**
 * A seeded `Random` (mulberry32): the same seed gives the same sequence, so a property test or a
 * simulated chain history that fails is replayed from its seed. Not for anything secret.
 */
export function createSeededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
