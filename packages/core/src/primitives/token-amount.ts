import { z } from 'zod';
import { U64_MAX } from './u64';

/**
 * An amount of an SPL token: the raw on-chain integer (a u64) and its mint's decimals (a u8), so
 * 1.5 of a 6-decimal token is `{ raw: 1_500_000n, decimals: 6 }`. Display goes through
 * `formatTokenAmount`; no float ever holds the amount.
 */
export const tokenAmountSchema = z
  .object({
    raw: z
      .bigint({ message: 'A raw token amount must be a bigint' })
      .min(0n, 'A raw token amount cannot be negative')
      .max(U64_MAX, 'A raw token amount must be at most 18446744073709551615'),
    decimals: z
      .number({ message: 'Token decimals must be a number' })
      .int('Token decimals must be a whole number')
      .min(0, 'Token decimals must be from 0 to 255')
      .max(255, 'Token decimals must be from 0 to 255'),
  })
  .readonly()
  .brand<'TokenAmount'>();
export type TokenAmount = z.output<typeof tokenAmountSchema>;

export function isTokenAmount(value: unknown): value is TokenAmount {
  return tokenAmountSchema.safeParse(value).success;
}

export function assertIsTokenAmount(value: unknown): asserts value is TokenAmount {
  const parsed = tokenAmountSchema.safeParse(value);
  if (!parsed.success) {
    const reasons = parsed.error.issues.map((issue) => issue.message).join('; ');
    throw new TypeError(`Not a token amount: ${reasons}`);
  }
}

/** A frozen `TokenAmount`, or a thrown error that says which part is out of range. */
export function tokenAmount(raw: bigint, decimals: number): TokenAmount {
  const value = { raw, decimals };
  assertIsTokenAmount(value);
  return Object.freeze(value);
}
