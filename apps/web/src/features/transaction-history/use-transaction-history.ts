import type { TransactionHistoryFilter } from '@fleet/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchTransactionHistory, transactionHistoryQueryKey } from './transaction-history-api';

/** The history a page at a time; asked only while the dialog is open, polled while it is. */
export function useTransactionHistory(filter: TransactionHistoryFilter, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: transactionHistoryQueryKey(filter),
    queryFn: ({ pageParam, signal }) => fetchTransactionHistory(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled,
    // Pending transactions settle while the dialog is open; every loaded page is asked again.
    refetchInterval: enabled ? 5_000 : false,
  });
}
