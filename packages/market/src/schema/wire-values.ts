// Providers send numbers both ways: DexScreener's priceUsd and GeckoTerminal's price_usd arrive as
// decimal strings, Jupiter's usdPrice as a JSON number, raw amounts as integer strings. These read
// each one as the provider sends it. A price stays a `number` (it is a rate, not money) and may
// read as NaN here: the price checks reject it with a reason instead of the parse failing whole.

import { z } from 'zod';

/** A JSON number or a decimal string, as a number (NaN when the text is not a number). */
export const looseNumber = z.union([z.number(), z.string()]).transform((value) => Number(value));

/** Like `looseNumber`, and null (or absent) when the provider has no figure. */
export const optionalNumber = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((value) =>
    value === null || value === undefined || value === '' ? null : Number(value),
  );

/** A raw token amount or lamports: an unsigned integer string (or a safe integer), as bigint. */
export const rawAmount = z.union([
  z
    .string()
    .regex(/^\d{1,20}$/, 'not an unsigned integer')
    .transform((value) => BigInt(value)),
  z
    .number()
    .int()
    .nonnegative()
    .refine(Number.isSafeInteger, 'beyond 2^53')
    .transform((value) => BigInt(value)),
]);

export const optionalText = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value) => value ?? null);
