import {
  transactionHistoryPageSchema,
  type TransactionHistoryFilter,
  type TransactionHistoryPage,
} from '@fleet/core';
import { apiRequest } from '../../api/http';

export const transactionHistoryQueryKey = (filter: TransactionHistoryFilter) =>
  ['transaction-history', filter] as const;

function search(filter: TransactionHistoryFilter, cursor: string | null): string {
  const params = new URLSearchParams({ filter });
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

/** `GET /api/transactions?filter=&cursor=`: newest first, a page at a time. */
export function fetchTransactionHistory(
  filter: TransactionHistoryFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<TransactionHistoryPage> {
  return apiRequest(`/api/transactions?${search(filter, cursor)}`, {
    schema: transactionHistoryPageSchema,
    cache: 'no-store',
    ...(signal ? { signal } : {}),
  });
}

/**
 * `GET /api/transactions.csv?filter=`: the whole filtered history as a file. A plain link: the
 * session cookie goes with it, and the browser writes the streamed file as it arrives.
 */
export function transactionHistoryCsvUrl(filter: TransactionHistoryFilter): string {
  return `/api/transactions.csv?${search(filter, null)}`;
}
