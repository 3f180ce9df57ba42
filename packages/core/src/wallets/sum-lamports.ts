/**
 * The exact sum of u64 lamport amounts written as decimal strings (nulls skipped), without a
 * BigInt per amount: the wallet header sums 50,000 of them on every change of the view.
 *
 * An amount of at most 15 digits is below 10^15 < 2^53, so a double holds it exactly, and a sum
 * of such integers stays exact while it stays at or below 2^53 − 1. The running double is moved
 * into the bigint total before it could pass that bound; longer amounts go straight to the
 * bigint. No amount is ever rounded: this is integer addition that happens to run in doubles.
 */
export function sumLamports(amounts: Iterable<string | null>): bigint {
  let total = 0n;
  let small = 0;
  for (const amount of amounts) {
    if (amount === null || amount === '0') continue;
    if (amount.length > 15) {
      total += BigInt(amount);
      continue;
    }
    const value = Number(amount);
    if (small > Number.MAX_SAFE_INTEGER - value) {
      total += BigInt(small);
      small = 0;
    }
    small += value;
  }
  return total + BigInt(small);
}
