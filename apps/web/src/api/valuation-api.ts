import { valuationSchema, type Valuation } from '@fleet/core';
import { apiRequest } from './http';
import { LIST_QUERY_KEYS } from './list-query-keys';

/**
 * Under the wallet lists' prefix: whatever makes the list stale (an import, a balance refresh, an
 * archive, a money operation) makes the valuation stale too, so the cards' USD figures follow the
 * SOL figures beside them instead of waiting up to 120 s.
 */
export const valuationQueryKey = [...LIST_QUERY_KEYS.wallets, 'valuation'] as const;

/** `GET /api/valuation` (spec 1 §7, no-store; spec 2 §3): the tenant's wallets at market prices. */
export function fetchValuation(signal?: AbortSignal): Promise<Valuation> {
  return apiRequest('/api/valuation', {
    schema: valuationSchema,
    cache: 'no-store',
    ...(signal ? { signal } : {}),
  });
}
