// DexScreener's pair object, as its API reference (docs.dexscreener.com/api/reference) documents
// it for /token-pairs/v1, /tokens/v1 and /latest/dex/search: prices are decimal strings, volumes
// and liquidity JSON numbers, pairCreatedAt milliseconds. Boosts from /token-boosts/top/v1.

import { z } from 'zod';

import { optionalNumber, optionalText } from '../schema/wire-values';

const tokenRefSchema = z.looseObject({
  address: z.string(),
  name: z.string().optional().default(''),
  symbol: z.string().optional().default(''),
});

const windowCountsSchema = z.looseObject({
  buys: z.number().optional(),
  sells: z.number().optional(),
});
const windowsOf = <T extends z.ZodType>(value: T) =>
  z.looseObject({
    m5: value.optional(),
    h1: value.optional(),
    h6: value.optional(),
    h24: value.optional(),
  });

export const dexPairSchema = z.looseObject({
  chainId: z.string(),
  dexId: z.string(),
  url: z.string().optional(),
  pairAddress: z.string(),
  labels: z.array(z.string()).optional(),
  baseToken: tokenRefSchema,
  quoteToken: tokenRefSchema,
  priceNative: optionalNumber,
  priceUsd: optionalNumber,
  txns: windowsOf(windowCountsSchema).optional(),
  volume: windowsOf(optionalNumber).optional(),
  priceChange: windowsOf(optionalNumber).nullable().optional(),
  liquidity: z
    .looseObject({ usd: optionalNumber, base: optionalNumber, quote: optionalNumber })
    .nullable()
    .optional(),
  fdv: optionalNumber,
  marketCap: optionalNumber,
  pairCreatedAt: optionalNumber,
  info: z
    .looseObject({
      imageUrl: optionalText,
      websites: z
        .array(z.looseObject({ label: z.string().optional(), url: z.string() }))
        .nullable()
        .optional(),
      socials: z
        .array(z.looseObject({ type: z.string(), url: z.string() }))
        .nullable()
        .optional(),
    })
    .nullable()
    .optional(),
});
export type DexPair = z.infer<typeof dexPairSchema>;

/** /token-pairs/v1/{chain}/{mint} and /tokens/v1/{chain}/{mints}: a bare array of pairs. */
export const dexPairListSchema = z.array(dexPairSchema);

/** /latest/dex/search?q=: `{ schemaVersion, pairs }`. */
export const dexSearchSchema = z.looseObject({
  schemaVersion: z.string().optional(),
  pairs: z
    .array(dexPairSchema)
    .nullable()
    .transform((pairs) => pairs ?? []),
});

export const dexBoostSchema = z.looseObject({
  url: z.string().optional(),
  chainId: z.string(),
  tokenAddress: z.string(),
  amount: optionalNumber,
  totalAmount: optionalNumber,
  icon: optionalText,
  header: optionalText,
  description: optionalText,
  links: z
    .array(
      z.looseObject({ type: z.string().optional(), label: z.string().optional(), url: z.string() }),
    )
    .nullable()
    .optional(),
});
export type DexBoost = z.infer<typeof dexBoostSchema>;

/** /token-boosts/top/v1: a bare array of boosts across chains. */
export const dexBoostListSchema = z.array(dexBoostSchema);
