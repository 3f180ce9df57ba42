import type { AuditLogFilter, AuditLogPage } from '@fleet/core';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import {
  auditLogFiltersQueryKey,
  auditLogPageQueryKey,
  downloadAuditLogCsv,
  fetchAuditLogFilters,
  fetchAuditLogPage,
} from './audit-log-api';

/**
 * The audit log, a page at a time ("Load more" follows the cursor). It is read again each time
 * the panel opens: a record of what just happened must not come from an older copy.
 */
export function useAuditLog(filter: AuditLogFilter) {
  return useInfiniteQuery({
    queryKey: auditLogPageQueryKey(filter),
    queryFn: ({ pageParam, signal }) => fetchAuditLogPage(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: AuditLogPage) =>
      last.hasMore && last.nextCursor ? last.nextCursor : undefined,
    refetchOnMount: 'always',
  });
}

export function useAuditLogFilters() {
  return useQuery({
    queryKey: auditLogFiltersQueryKey,
    queryFn: ({ signal }) => fetchAuditLogFilters(signal),
    refetchOnMount: 'always',
  });
}

export function useAuditLogExport() {
  return useMutation({ mutationFn: downloadAuditLogCsv, gcTime: 0 });
}
