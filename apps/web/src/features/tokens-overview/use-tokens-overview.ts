import { AGGREGATED_TOKENS_STALE_MS } from '@fleet/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useToast } from '../../ui/toast';
import { errorMessage } from '../../api/error-message';
import {
  aggregatedTokensQueryKey,
  classifyTokens,
  fetchAggregatedTokens,
  fetchTokenHolders,
  refreshMarketBatch,
  tokenHoldersQueryKey,
  tokensOverviewQueryKey,
} from './tokens-overview-api';
import {
  classifyToast,
  marketRefreshToast,
  NOTHING_TO_REFRESH,
  runMarketRefresh,
  type MarketRefreshProgress,
} from './token-actions-run';
import { MARKET_PENDING_REFETCH_MS } from './tokens-overview-view';

/**
 * The fleet's tokens, summed per mint: read again once 30 s old (spec 2 §9), and every 2 s while
 * the server says the market's figures are still being read.
 */
export function useAggregatedTokens() {
  return useQuery({
    queryKey: aggregatedTokensQueryKey,
    queryFn: ({ signal }) => fetchAggregatedTokens(signal),
    staleTime: AGGREGATED_TOKENS_STALE_MS,
    refetchOnMount: true,
    refetchInterval: (query) =>
      query.state.data?.marketPending === true ? MARKET_PENDING_REFETCH_MS : false,
  });
}

/** One mint's holders, read each time the dialog opens. */
export function useTokenHolders(mint: string | null) {
  return useQuery({
    queryKey: tokenHoldersQueryKey(mint ?? ''),
    queryFn: ({ signal }) => fetchTokenHolders(mint ?? '', signal),
    enabled: mint !== null,
    refetchOnMount: 'always',
  });
}

function useInvalidateOverview(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: tokensOverviewQueryKey }),
    [queryClient],
  );
}

/** Classify Tokens: the answer's counts (and its reason when some were degraded) as a toast. */
export function useClassifyTokens() {
  const toast = useToast();
  const invalidate = useInvalidateOverview();
  return useMutation({
    mutationFn: () => classifyTokens({}),
    onSuccess: (answer) => {
      toast.show(classifyToast(answer));
      void invalidate();
    },
    onError: (error) =>
      toast.show({
        title: 'Classification failed',
        description: errorMessage(error, 'The tokens could not be classified.'),
        severity: 'error',
      }),
  });
}

/**
 * Refresh Market Data: the listed mints in batches of 50, one at a time, `progress` naming the
 * batch on the way; then the aggregated tokens are read again, whether every batch went or not.
 */
export function useMarketRefresh() {
  const toast = useToast();
  const invalidate = useInvalidateOverview();
  const [progress, setProgress] = useState<MarketRefreshProgress | null>(null);
  const mutation = useMutation({
    mutationFn: (mints: readonly string[]) =>
      runMarketRefresh(mints, refreshMarketBatch, setProgress),
    onSuccess: (outcome) => toast.show(marketRefreshToast(outcome)),
    onError: (error) =>
      toast.show({
        title: 'Market refresh failed',
        description: errorMessage(error, 'The market data could not be refreshed.'),
        severity: 'error',
      }),
    onSettled: () => {
      setProgress(null);
      void invalidate();
    },
  });
  const { mutate } = mutation;
  const start = useCallback(
    (mints: readonly string[]) => {
      if (mints.length === 0) {
        toast.show(NOTHING_TO_REFRESH);
        return;
      }
      mutate(mints);
    },
    [mutate, toast],
  );
  return { start, progress, isPending: mutation.isPending };
}
