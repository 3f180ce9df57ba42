import type { MasterHistoryPage } from '@fleet/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchMasterHistoryPage, masterHistoryQueryKey } from './master-wallet-api';

/** Spec 1 §9: master history pages of 25, stale after 60 s; "Load more" follows the cursor. */
export const MASTER_HISTORY_STALE_MS = 60_000;

export function useMasterHistory() {
  return useInfiniteQuery({
    queryKey: masterHistoryQueryKey,
    queryFn: ({ pageParam, signal }) => fetchMasterHistoryPage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: MasterHistoryPage) =>
      last.hasMore && last.nextCursor ? last.nextCursor : undefined,
    staleTime: MASTER_HISTORY_STALE_MS,
  });
}
