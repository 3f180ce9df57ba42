import { useQuery } from '@tanstack/react-query';
import { useAfterDelay } from '../../ui/use-after-delay';
import {
  VALUATION_REFETCH_MS,
  VALUATION_START_DELAY_MS,
  VALUATION_STALE_MS,
} from '../../api/valuation-schedule';
import { fetchValuation, valuationQueryKey } from '../../api/valuation-api';
import type { ValuationState } from './portfolio-cards';

/** Spec 2 §4, §9: 4 s after the page loads, stale after 60 s, fetched again every 120 s. */
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
