import { useQuery } from '@tanstack/react-query';
import { fetchSeedGroups, seedGroupsQueryKey } from '../import/import-api';
import {
  fetchWallet,
  fetchWalletList,
  walletDetailQueryKey,
  walletListQueryKey,
} from './wallets-api';

/** The wallet list with its summary: one query for the whole table (spec 2 §2.1). */
export function useWalletList() {
  return useQuery({
    queryKey: walletListQueryKey,
    queryFn: ({ signal }) => fetchWalletList(signal),
  });
}

/** Spec 2 §9: seed groups are cached for 60 s. */
export const SEED_GROUPS_STALE_MS = 60_000;

export function useSeedGroups() {
  return useQuery({
    queryKey: seedGroupsQueryKey,
    queryFn: ({ signal }) => fetchSeedGroups(signal),
    staleTime: SEED_GROUPS_STALE_MS,
  });
}

/** One wallet with its token accounts, fetched when its row is expanded. */
export function useWalletDetail(address: string) {
  return useQuery({
    queryKey: walletDetailQueryKey(address),
    queryFn: ({ signal }) => fetchWallet(address, signal),
  });
}
