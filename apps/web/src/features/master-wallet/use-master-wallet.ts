import { useQuery } from '@tanstack/react-query';
import { fetchMasterWallet, masterWalletQueryKey } from './master-wallet-api';

/** The tenant's master wallet (address and whether a key is stored), or null when none is set. */
export function useMasterWallet({ enabled = true }: { readonly enabled?: boolean } = {}) {
  return useQuery({
    queryKey: masterWalletQueryKey,
    queryFn: ({ signal }) => fetchMasterWallet(signal),
    enabled,
  });
}
