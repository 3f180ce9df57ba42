// Price API v3 (GET /price/v3?ids=a,b): an object keyed by mint. Tokens without a reliable price
// are left out. Shape from dev.jup.ag/api-reference/price/v3/price.

import { z } from 'zod';

import { looseNumber, optionalNumber } from '../schema/wire-values';

export const jupiterPriceEntrySchema = z.looseObject({
  usdPrice: looseNumber,
  blockId: optionalNumber,
  decimals: z.number().int().min(0).max(255).optional(),
  priceChange24h: optionalNumber,
  liquidity: optionalNumber,
  createdAt: z.string().optional(),
});

export const jupiterPriceV3Schema = z.record(z.string(), jupiterPriceEntrySchema.nullable());

export type JupiterPriceEntry = z.infer<typeof jupiterPriceEntrySchema>;
