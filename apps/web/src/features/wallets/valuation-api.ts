import { valuationSchema, type Valuation } from '@fleet/core';
import { apiRequest } from '../../api/http';

export const valuationQueryKey = ['valuation'] as const;

/** `GET /api/valuation` (spec 1 §7, no-store; spec 2 §3): the tenant's wallets at market prices. */
export function fetchValuation(signal?: AbortSignal): Promise<Valuation> {
  return apiRequest('/api/valuation', {
    schema: valuationSchema,
    cache: 'no-store',
    ...(signal ? { signal } : {}),
  });
}
