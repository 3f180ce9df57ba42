import type { SearchResponse } from '@fleet/core';
import { z } from 'zod';
import { apiRequest } from '../../api/http';
import { MAX_TOKEN_RESULTS, MAX_WALLET_RESULTS, readSearchResponse } from './search-results';

export const searchQueryKey = (text: string) => ['header-search', text] as const;

/**
 * `GET /api/search`. The body is taken as unknown and checked by `readSearchResponse`, which tells
 * "not an object" from "wrong shape" (spec 2 §8 has a sentence for each); HTTP failures arrive as
 * `ApiError`, so the query cache's 401 handling still sees them.
 */
export async function searchWalletsAndTokens(
  text: string,
  signal: AbortSignal,
): Promise<SearchResponse> {
  const query = new URLSearchParams({
    q: text,
    limit: String(Math.max(MAX_WALLET_RESULTS, MAX_TOKEN_RESULTS)),
  });
  const body = await apiRequest(`/api/search?${query.toString()}`, {
    schema: z.unknown(),
    signal,
  });
  return readSearchResponse(body);
}
