import {
  getWalletResponseSchema,
  readSlimWalletList,
  revealKeysResponseSchema,
  searchResponseSchema,
  type RevealKeysResponse,
  type SearchResponse,
  type SlimWalletList,
  type Wallet,
} from '@fleet/core';
import { z } from 'zod';
import { apiRequest } from '../../api/http';

/** The wallet page's calls (spec 2 §7), typed by the shared contract in `@fleet/core`. */
export const walletListQueryKey = ['wallets', 'slim'] as const;
export const walletDetailQueryKey = (address: string) => ['wallet', address] as const;

const withSignal = (signal: AbortSignal | undefined) => (signal ? { signal } : {});

/**
 * The columnar list, checked and decoded into rows by `readSlimWalletList` (a fast check that
 * falls back to the schema's precise error). Balances change with every scan: never from the
 * browser's HTTP cache.
 */
export async function fetchWalletList(signal?: AbortSignal): Promise<SlimWalletList> {
  const body = await apiRequest('/api/wallets?mode=slim&summary=true', {
    schema: z.unknown(),
    cache: 'no-store',
    ...withSignal(signal),
  });
  return readSlimWalletList(body);
}

export async function fetchWallet(address: string, signal?: AbortSignal): Promise<Wallet> {
  const answer = await apiRequest(`/api/wallet/${encodeURIComponent(address)}`, {
    schema: getWalletResponseSchema,
    cache: 'no-store',
    ...withSignal(signal),
  });
  return answer.wallet;
}

/** The audited way a key leaves the server; `copy` is what the row menu's Copy private asks. */
export function revealKeysForCopy(walletIds: readonly string[]): Promise<RevealKeysResponse> {
  return apiRequest('/api/wallets/reveal-keys', {
    method: 'POST',
    body: { walletIds, purpose: 'copy' },
    schema: revealKeysResponseSchema,
  });
}

export function searchWallets(
  query: string,
  limit: number,
  signal: AbortSignal,
): Promise<SearchResponse> {
  const params = new URLSearchParams({ q: query, limit: String(limit) });
  return apiRequest(`/api/search?${params.toString()}`, { schema: searchResponseSchema, signal });
}
