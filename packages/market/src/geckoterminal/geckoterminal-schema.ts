// GeckoTerminal API v2 (apiguide.geckoterminal.com, JSON:API): `{ data: { id, type, attributes,
// relationships } }`. Figures are decimal strings or null; OHLCV rows are number arrays
// `[unix seconds, open, high, low, close, volume]`.

import { z } from 'zod';

import { optionalNumber, optionalText } from '../schema/wire-values';

const relationSchema = z.looseObject({
  data: z.looseObject({ id: z.string(), type: z.string() }).nullable().optional(),
});

const windowsOf = <T extends z.ZodType>(value: T) =>
  z.looseObject({
    m5: value.optional(),
    h1: value.optional(),
    h6: value.optional(),
    h24: value.optional(),
  });

export const geckoTokenSchema = z.looseObject({
  data: z.looseObject({
    id: z.string(),
    type: z.literal('token'),
    attributes: z.looseObject({
      address: z.string(),
      name: optionalText,
      symbol: optionalText,
      decimals: z.number().int().min(0).max(255).nullable().optional(),
      image_url: optionalText,
      coingecko_coin_id: optionalText,
      total_supply: optionalNumber,
      normalized_total_supply: optionalNumber,
      price_usd: optionalNumber,
      fdv_usd: optionalNumber,
      total_reserve_in_usd: optionalNumber,
      volume_usd: windowsOf(optionalNumber).nullable().optional(),
      market_cap_usd: optionalNumber,
    }),
    relationships: z
      .looseObject({
        top_pools: z
          .looseObject({ data: z.array(z.looseObject({ id: z.string(), type: z.string() })) })
          .optional(),
      })
      .optional(),
  }),
});
export type GeckoToken = z.infer<typeof geckoTokenSchema>['data'];

const txWindowSchema = z.looseObject({
  buys: z.number().optional(),
  sells: z.number().optional(),
  buyers: z.number().nullable().optional(),
  sellers: z.number().nullable().optional(),
});

export const geckoPoolSchema = z.looseObject({
  id: z.string(),
  type: z.literal('pool'),
  attributes: z.looseObject({
    address: z.string(),
    name: optionalText,
    base_token_price_usd: optionalNumber,
    base_token_price_native_currency: optionalNumber,
    quote_token_price_usd: optionalNumber,
    pool_created_at: optionalText,
    fdv_usd: optionalNumber,
    market_cap_usd: optionalNumber,
    price_change_percentage: windowsOf(optionalNumber).nullable().optional(),
    transactions: windowsOf(txWindowSchema).nullable().optional(),
    volume_usd: windowsOf(optionalNumber).nullable().optional(),
    reserve_in_usd: optionalNumber,
  }),
  relationships: z
    .looseObject({
      base_token: relationSchema.optional(),
      quote_token: relationSchema.optional(),
      dex: relationSchema.optional(),
    })
    .optional(),
});
export type GeckoPool = z.infer<typeof geckoPoolSchema>;

export const geckoPoolOneSchema = z.looseObject({ data: geckoPoolSchema });
export const geckoPoolListSchema = z.looseObject({ data: z.array(geckoPoolSchema) });

const ohlcvRowSchema = z.tuple([
  z.number(),
  z.number(),
  z.number(),
  z.number(),
  z.number(),
  z.number(),
]);

export const geckoOhlcvSchema = z.looseObject({
  data: z.looseObject({
    id: z.string().optional(),
    type: z.string().optional(),
    attributes: z.looseObject({ ohlcv_list: z.array(ohlcvRowSchema) }),
  }),
  meta: z
    .looseObject({
      base: z
        .looseObject({ address: z.string(), name: optionalText, symbol: optionalText })
        .optional(),
      quote: z
        .looseObject({ address: z.string(), name: optionalText, symbol: optionalText })
        .optional(),
    })
    .optional(),
});

export const geckoTradeSchema = z.looseObject({
  id: z.string(),
  type: z.literal('trade'),
  attributes: z.looseObject({
    block_number: z.number().optional(),
    tx_hash: z.string(),
    tx_from_address: z.string(),
    from_token_amount: optionalNumber,
    to_token_amount: optionalNumber,
    price_from_in_currency_token: optionalNumber,
    price_to_in_currency_token: optionalNumber,
    price_from_in_usd: optionalNumber,
    price_to_in_usd: optionalNumber,
    block_timestamp: z.string(),
    kind: z.enum(['buy', 'sell']),
    volume_in_usd: optionalNumber,
    from_token_address: z.string(),
    to_token_address: z.string(),
  }),
});
export type GeckoTrade = z.infer<typeof geckoTradeSchema>;
export const geckoTradeListSchema = z.looseObject({ data: z.array(geckoTradeSchema) });
