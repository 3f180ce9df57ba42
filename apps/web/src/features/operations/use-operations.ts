import type { OperationKindName } from '@fleet/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  fetchOperation,
  fetchOperations,
  operationQueryKey,
  operationsQueryKey,
} from './operations-api';

export function useOperations(kind: OperationKindName | null, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: operationsQueryKey(kind),
    queryFn: ({ pageParam, signal }) => fetchOperations(kind, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled,
  });
}

/** One operation; `live` polls it while its job runs so the report fills in as items land. */
export function useOperation(operationId: string | null, live = false) {
  return useQuery({
    queryKey: operationQueryKey(operationId ?? ''),
    queryFn: ({ signal }) => fetchOperation(operationId ?? '', signal),
    enabled: operationId !== null,
    refetchInterval: live ? 3_000 : false,
  });
}
