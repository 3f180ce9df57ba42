import { useQuery } from '@tanstack/react-query';
import { fetchSolPrice, solPriceQueryKey } from './market-api';

/** Spec 1 §9: the SOL price goes stale after 60 s and is fetched again every 60 s. */
export const SOL_PRICE_REFRESH_MS = 60_000;

export function useSolPrice() {
  return useQuery({
    queryKey: solPriceQueryKey,
    queryFn: ({ signal }) => fetchSolPrice(signal),
    staleTime: SOL_PRICE_REFRESH_MS,
    refetchInterval: SOL_PRICE_REFRESH_MS,
  });
}
