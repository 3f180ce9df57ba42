import { walletListVersionResponseSchema, type WalletListVersionResponse } from '@fleet/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiRequest } from '../../api/http';
import { walletListQueryKey } from './wallets-api';

/**
 * How often the wallet page asks whether the list moved. Balances change without the operator
 * (live master and trader balances, another tab's or process's refresh); the list is cached on
 * the server per version, but sending all of it every few seconds would cost megabytes on a large
 * fleet, so the page polls the version (one row) and reads the list only when it moved.
 */
export const WALLET_LIST_VERSION_POLL_MS = 5_000;

/** Outside the wallet lists' prefix: a list invalidation must not count as a version change. */
export const walletListVersionQueryKey = ['wallet-list-version'] as const;

export function fetchWalletListVersion(signal?: AbortSignal): Promise<WalletListVersionResponse> {
  return apiRequest('/api/wallets/version', {
    schema: walletListVersionResponseSchema,
    cache: 'no-store',
    ...(signal ? { signal } : {}),
  });
}

/**
 * Keeps the wallet list and the open wallets' details fresh while the page is shown: the version
 * is polled while the tab is visible (TanStack pauses a refetch interval in background tabs), and
 * a version other than the last one seen makes them stale, so they are read again on screen.
 */
export function useWalletListFollower(): void {
  const queryClient = useQueryClient();
  const version = useQuery({
    queryKey: walletListVersionQueryKey,
    queryFn: ({ signal }) => fetchWalletListVersion(signal),
    refetchInterval: WALLET_LIST_VERSION_POLL_MS,
    staleTime: 0,
  }).data?.version;
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (version === undefined) return;
    if (seen.current !== undefined && seen.current !== version) {
      void queryClient.invalidateQueries({ queryKey: walletListQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['wallet'] });
    }
    seen.current = version;
  }, [queryClient, version]);
}
