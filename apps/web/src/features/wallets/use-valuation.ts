import { useQuery } from '@tanstack/react-query';
import { useAfterDelay } from '../../ui/use-after-delay';
import { fetchValuation, valuationQueryKey } from './valuation-api';
import type { ValuationState } from './portfolio-cards';

/** Spec 2 §4, §9: the valuation starts 4 s after the page loads, stale after 60 s, every 120 s. */
export const VALUATION_START_DELAY_MS = 4_000;
export const VALUATION_STALE_MS = 60_000;
export const VALUATION_REFETCH_MS = 120_000;

export function useValuation(): ValuationState {
  const started = useAfterDelay(VALUATION_START_DELAY_MS);
  const query = useQuery({
    queryKey: valuationQueryKey,
    queryFn: ({ signal }) => fetchValuation(signal),
    enabled: started,
    staleTime: VALUATION_STALE_MS,
    refetchInterval: VALUATION_REFETCH_MS,
  });
  // A refetch that fails keeps the last figures on screen; only a first failure shows the error.
  if (query.data) return { status: 'ready', valuation: query.data };
  if (query.isError) return { status: 'failed', reason: query.error.message };
  return { status: 'waiting' };
}
