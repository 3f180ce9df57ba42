import type { CloseHistoryPage } from '@fleet/core';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import {
  closeHistoryPageQueryKey,
  downloadCloseHistoryCsv,
  fetchCloseHistoryPage,
} from './close-history-api';
import type { CloseHistoryFilterView } from './close-history-view';

/**
 * The close history, a page at a time ("Load more" follows the cursor). Read again each time the
 * page opens: closes land while the operator is elsewhere.
 */
export function useCloseHistory(filter: CloseHistoryFilterView, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: closeHistoryPageQueryKey(filter),
    queryFn: ({ pageParam, signal }) => fetchCloseHistoryPage(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: CloseHistoryPage) => last.nextCursor ?? undefined,
    refetchOnMount: 'always',
    enabled,
  });
}

export function useCloseHistoryExport() {
  return useMutation({ mutationFn: downloadCloseHistoryCsv, gcTime: 0 });
}
