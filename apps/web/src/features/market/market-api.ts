import { solPriceSchema, type SolPrice } from '@fleet/core';
import { apiRequest } from '../../api/http';

export const solPriceQueryKey = ['market', 'sol-price'] as const;

/** `GET /api/market/sol-price`: the SOL/USD price with its source and age, or why it is unknown. */
export function fetchSolPrice(signal?: AbortSignal): Promise<SolPrice> {
  return apiRequest('/api/market/sol-price', {
    schema: solPriceSchema,
    cache: 'no-store',
    ...(signal ? { signal } : {}),
  });
}
