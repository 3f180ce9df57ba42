import { walletValuesSchema, type WalletValues } from '@fleet/core';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api/http';
import { LIST_QUERY_KEYS } from '../../api/list-query-keys';
import {
  VALUATION_REFETCH_MS,
  VALUATION_START_DELAY_MS,
  VALUATION_STALE_MS,
} from '../../api/valuation-schedule';
import { useAfterDelay } from '../../ui/use-after-delay';

/**
 * Under the wallet lists' prefix, as the valuation is: whatever makes the list stale makes the
 * wallets' values stale too.
 */
export const walletValuesQueryKey = [...LIST_QUERY_KEYS.wallets, 'values'] as const;

/** `GET /api/valuation/wallets` (no-store): each wallet's token value, for the table. */
export function fetchWalletValues(signal?: AbortSignal): Promise<WalletValues> {
  return apiRequest('/api/valuation/wallets', {
    schema: walletValuesSchema,
    cache: 'no-store',
    ...(signal ? { signal } : {}),
  });
}

/**
 * Each wallet's token value for the table and the header line, on the valuation's schedule; the
 * last answer stays while a refetch runs or fails (the wallets keep showing it, not dashes).
 */
export function useWalletValues(): WalletValues | undefined {
  const started = useAfterDelay(VALUATION_START_DELAY_MS);
  const query = useQuery({
    queryKey: walletValuesQueryKey,
    queryFn: ({ signal }) => fetchWalletValues(signal),
    enabled: started,
    staleTime: VALUATION_STALE_MS,
    refetchInterval: VALUATION_REFETCH_MS,
  });
  return query.data;
}
