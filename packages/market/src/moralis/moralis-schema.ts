// Moralis Solana API, GET /token/{network}/{address}/price on solana-gateway.moralis.io
// (docs.moralis.com/data-api/solana/token/prices/token-price). usdPrice has been documented both
// as a number and as a string; nativePrice.value is a raw integer string.

import { z } from 'zod';

import { looseNumber, optionalText } from '../schema/wire-values';

export const moralisTokenPriceSchema = z.looseObject({
  tokenAddress: z.string().optional(),
  pairAddress: optionalText,
  exchangeName: optionalText,
  exchangeAddress: optionalText,
  nativePrice: z
    .looseObject({
      value: z.string(),
      decimals: z.union([z.number(), z.string()]),
      name: optionalText,
      symbol: optionalText,
    })
    .nullable()
    .optional(),
  usdPrice: looseNumber,
  name: optionalText,
  symbol: optionalText,
  logo: optionalText,
});
export type MoralisTokenPrice = z.infer<typeof moralisTokenPriceSchema>;
