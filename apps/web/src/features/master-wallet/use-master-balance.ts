import { useQuery } from '@tanstack/react-query';
import { fetchMasterBalance, masterBalanceQueryKey } from './master-wallet-api';

/** Spec 1 §2, §9: the master balance, read from the chain every 10 seconds. */
export const MASTER_BALANCE_POLL_MS = 10_000;

export function useMasterBalance() {
  return useQuery({
    queryKey: masterBalanceQueryKey,
    queryFn: ({ signal }) => fetchMasterBalance(signal),
    refetchInterval: MASTER_BALANCE_POLL_MS,
    staleTime: 0,
  });
}
