import {
  AUDIT_LOG_PAGE_SIZE,
  auditLogFiltersSchema,
  auditLogPageSchema,
  type AuditLogFilter,
  type AuditLogFilters,
  type AuditLogPage,
} from '@fleet/core';
import { apiDownload, apiRequest, type DownloadedFile } from '../../api/http';
import { auditLogSearch } from './audit-log-view';

export const auditLogQueryKey = ['audit-log'] as const;

export const auditLogPageQueryKey = (filter: AuditLogFilter) =>
  [...auditLogQueryKey, 'entries', filter.action ?? '', filter.actor ?? ''] as const;
export const auditLogFiltersQueryKey = [...auditLogQueryKey, 'filters'] as const;

const signalOption = (signal?: AbortSignal) => (signal ? { signal } : {});

export function fetchAuditLogPage(
  filter: AuditLogFilter,
  before: string | undefined,
  signal?: AbortSignal,
): Promise<AuditLogPage> {
  return apiRequest(
    `/api/audit-log${auditLogSearch(filter, { limit: AUDIT_LOG_PAGE_SIZE, before })}`,
    { schema: auditLogPageSchema, cache: 'no-store', ...signalOption(signal) },
  );
}

export function fetchAuditLogFilters(signal?: AbortSignal): Promise<AuditLogFilters> {
  return apiRequest('/api/audit-log/filters', {
    schema: auditLogFiltersSchema,
    cache: 'no-store',
    ...signalOption(signal),
  });
}

/** `GET /api/audit-log.csv`: the filtered log, the whole of it, as a file. */
export function downloadAuditLogCsv(filter: AuditLogFilter): Promise<DownloadedFile> {
  return apiDownload(`/api/audit-log.csv${auditLogSearch(filter)}`, { cache: 'no-store' });
}
