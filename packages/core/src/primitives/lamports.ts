import { z } from 'zod';
import { U64_MAX, u64StringSchema } from './u64';

/** A number of lamports (1 SOL = 10^9): a u64, so a bigint, never a `number`. */
export const lamportsSchema = z
  .bigint({ message: 'Lamports must be a bigint' })
  .min(0n, 'Lamports cannot be negative')
  .max(U64_MAX, 'Lamports must be at most 18446744073709551615')
  .brand<'Lamports'>();
export type Lamports = z.output<typeof lamportsSchema>;

/** Lamports as the API writes them (a decimal string), parsed to the branded bigint. */
export const lamportsFromStringSchema = u64StringSchema.transform(BigInt).pipe(lamportsSchema);

export function isLamports(value: unknown): value is Lamports {
  return lamportsSchema.safeParse(value).success;
}

export function assertIsLamports(value: unknown): asserts value is Lamports {
  if (typeof value !== 'bigint') {
    throw new TypeError(`Expected lamports as a bigint, got ${typeof value}`);
  }
  if (value < 0n || value > U64_MAX) {
    throw new RangeError(`Lamports must be from 0 to ${U64_MAX}, got ${value}`);
  }
}

/**
 * Lamports from a bigint, or from the API's decimal string (the one place a wire amount becomes a
 * number to compute with). Throws on anything that is not a u64.
 */
export function lamports(value: bigint | string): Lamports {
  if (typeof value === 'string') {
    const parsed = lamportsFromStringSchema.safeParse(value);
    if (!parsed.success) throw new RangeError(`Not a lamport amount: ${JSON.stringify(value)}`);
    return parsed.data;
  }
  assertIsLamports(value);
  return value;
}
