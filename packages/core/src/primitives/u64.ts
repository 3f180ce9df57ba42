import { z } from 'zod';

/** The largest u64: lamports and raw token amounts never exceed it on chain. */
export const U64_MAX = 2n ** 64n - 1n;

const DIGITS = /^\d+$/;

const U64_MAX_DIGITS = U64_MAX.toString();

/**
 * Compared as text, without a bigint: the slim wallet list checks 50,000 of these per answer
 * (`wallet-columns-check.ts`), and a megabyte of digits is refused without being converted. Digit
 * strings of the same length order as their numbers. Zod runs a refinement even after the regex
 * failed, hence the regex again.
 */
function digitsFitU64(digits: string): boolean {
  if (!DIGITS.test(digits)) return false;
  let start = 0;
  while (start < digits.length - 1 && digits.charCodeAt(start) === 48) start += 1;
  const length = digits.length - start;
  if (length !== U64_MAX_DIGITS.length) return length < U64_MAX_DIGITS.length;
  return digits.slice(start) <= U64_MAX_DIGITS;
}

export function isU64(value: unknown): value is bigint {
  return typeof value === 'bigint' && value >= 0n && value <= U64_MAX;
}

/**
 * A u64 as it travels in JSON: a decimal string, because JSON numbers lose precision above 2^53.
 * Digits only (no sign, space, `0x` or exponent) and at most 2^64 − 1; leading zeros stay
 * accepted as they always were.
 *
 * Its output stays a plain, unbranded string on purpose: the response types are built by the
 * server's services and by the tests' fixtures (a `U64String` brand, tried, breaks some 30 files
 * across server wallets/organize/import and the web's tests), and the web reads them as text for
 * display. Code turns the string into a bigint where it does arithmetic (`lamports()`,
 * `lamportsFromStringSchema`, or `parseLamports` and `sumLamports` as before).
 */
export const u64StringSchema = z
  .string()
  .regex(DIGITS, 'Must be a whole number written in decimal digits')
  .refine(digitsFitU64, 'Must be at most 18446744073709551615');

export function isU64String(value: unknown): value is string {
  return typeof value === 'string' && digitsFitU64(value);
}
