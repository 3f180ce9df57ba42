import {
  CLOSE_HISTORY_PAGE_SIZE,
  closeHistoryPageSchema,
  type CloseHistoryPage,
} from '@fleet/core';
import { apiDownload, apiRequest, type DownloadedFile } from '../../api/http';
import { closeHistorySearch, type CloseHistoryFilterView } from './close-history-view';

export const closeHistoryQueryKey = ['close-history'] as const;

export const closeHistoryPageQueryKey = (filter: CloseHistoryFilterView) =>
  [...closeHistoryQueryKey, filter.wallet, filter.mint, filter.from, filter.to] as const;

export function fetchCloseHistoryPage(
  filter: CloseHistoryFilterView,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<CloseHistoryPage> {
  return apiRequest(
    `/api/close-history${closeHistorySearch(filter, { limit: CLOSE_HISTORY_PAGE_SIZE, cursor })}`,
    { schema: closeHistoryPageSchema, cache: 'no-store', ...(signal ? { signal } : {}) },
  );
}

/** `GET /api/close-history.csv`: the filtered history, the whole of it, as a file. */
export function downloadCloseHistoryCsv(filter: CloseHistoryFilterView): Promise<DownloadedFile> {
  return apiDownload(`/api/close-history.csv${closeHistorySearch(filter)}`, { cache: 'no-store' });
}
