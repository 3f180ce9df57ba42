import {
  aggregatedTokensResponseSchema,
  marketRefreshResponseSchema,
  tokenClassifyResponseSchema,
  tokenHoldersResponseSchema,
  type AggregatedTokensResponse,
  type MarketRefreshBody,
  type MarketRefreshResponse,
  type TokenClassifyBody,
  type TokenClassifyResponse,
  type TokenHoldersResponse,
} from '@fleet/core';
import { apiRequest } from '../../api/http';
import { LIST_QUERY_KEYS } from '../../api/list-query-keys';

/**
 * Under the wallet lists' prefix: whatever changes the stored token accounts (an import, a scan,
 * a close, a burn) invalidates the wallet lists, and the overview's sums and holders with them.
 */
export const tokensOverviewQueryKey = [...LIST_QUERY_KEYS.wallets, 'tokens-overview'] as const;
export const aggregatedTokensQueryKey = [...tokensOverviewQueryKey, 'aggregated'] as const;
export const tokenHoldersQueryKey = (mint: string) =>
  [...tokensOverviewQueryKey, 'holders', mint] as const;

/**
 * `GET /api/tokens/aggregated`: every class, in the server's default order. The page filters and
 * sorts with core's `selectTokens`, the server's own rule, so a filter or a sort is instant and
 * the `counts` (always over every class) come with the one answer.
 */
export function fetchAggregatedTokens(signal?: AbortSignal): Promise<AggregatedTokensResponse> {
  return apiRequest('/api/tokens/aggregated', {
    schema: aggregatedTokensResponseSchema,
    cache: 'no-store',
    ...(signal ? { signal } : {}),
  });
}

/** `GET /api/token/{mint}/holders`. */
export function fetchTokenHolders(
  mint: string,
  signal?: AbortSignal,
): Promise<TokenHoldersResponse> {
  return apiRequest(`/api/token/${encodeURIComponent(mint)}/holders`, {
    schema: tokenHoldersResponseSchema,
    cache: 'no-store',
    ...(signal ? { signal } : {}),
  });
}

/** `POST /api/scan/token-classify`: no mints classifies every held mint without a stored class. */
export function classifyTokens(body: TokenClassifyBody): Promise<TokenClassifyResponse> {
  return apiRequest('/api/scan/token-classify', {
    method: 'POST',
    body,
    schema: tokenClassifyResponseSchema,
    cache: 'no-store',
  });
}

/** `POST /api/market/refresh`: one batch of at most `MARKET_REFRESH_BATCH` mints. */
export function refreshMarketBatch(body: MarketRefreshBody): Promise<MarketRefreshResponse> {
  return apiRequest('/api/market/refresh', {
    method: 'POST',
    body,
    schema: marketRefreshResponseSchema,
    cache: 'no-store',
  });
}
