import { useQuery } from '@tanstack/react-query';
import { fetchMasterHoldings, masterHoldingsQueryKey } from './master-wallet-api';

/**
 * What the master holds on chain, read afresh each time a replace or clear is being confirmed
 * (never from an earlier answer: the warning must be about the funds there now).
 */
export function useMasterHoldings() {
  return useQuery({
    queryKey: masterHoldingsQueryKey,
    queryFn: ({ signal }) => fetchMasterHoldings(signal),
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
  });
}
