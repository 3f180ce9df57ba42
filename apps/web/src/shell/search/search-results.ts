import { searchResponseSchema, type SearchResponse } from '@fleet/core';
import { ApiError } from '../../api/api-error';
import { shortenAddress } from '../../format/address';

/**
 * The header search's rules (spec 1 §2, §9) as pure functions: when to search, which results to
 * offer, where each leads, and the sentences of spec 2 §8 for every way a search can fail.
 */
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_DEBOUNCE_MS = 250;
export const MAX_WALLET_RESULTS = 8;
export const MAX_TOKEN_RESULTS = 8;
export const MAX_COMBINED_RESULTS = 10;

export const SEARCH_MESSAGES = Object.freeze({
  auth: 'Authentication failed. Please log in again.',
  server: 'Server error. Please try again later.',
  invalidServer: 'Invalid response from server',
  invalidFormat: 'Invalid response format',
  fallback: 'Search failed. Please try again.',
  empty: 'No results found for the query.',
});

export type SearchResult =
  | {
      readonly kind: 'wallet';
      readonly key: string;
      readonly address: string;
      readonly name: string | null;
    }
  | {
      readonly kind: 'token';
      readonly key: string;
      readonly mint: string;
      readonly symbol: string | null;
      readonly name: string | null;
      /** Found by the market's search: no wallet of the tenant holds it (listed after those). */
      readonly fromMarket: boolean;
    };

/** The text that is searched: trimmed, and only once it reaches the minimum length. */
export function searchableText(input: string): string | null {
  const text = input.trim();
  return text.length >= SEARCH_MIN_LENGTH ? text : null;
}

/**
 * Up to 8 wallets and 8 tokens, at most 10 together. When both kinds overflow, each first gets
 * half of the 10 and a kind with fewer hands its spare places to the other, so one kind never
 * crowds the other out (8 + 8 becomes 5 + 5; 8 + 3 becomes 7 + 3). Wallets are listed first;
 * tokens in the server's order, the tenant's held tokens before those only the market found.
 */
export function combineSearchResults(
  response: Pick<SearchResponse, 'wallets' | 'tokens'>,
): readonly SearchResult[] {
  const wallets = response.wallets.slice(0, MAX_WALLET_RESULTS);
  const tokens = response.tokens.slice(0, MAX_TOKEN_RESULTS);
  const half = Math.floor(MAX_COMBINED_RESULTS / 2);
  let walletCount = Math.min(wallets.length, half);
  let tokenCount = Math.min(tokens.length, MAX_COMBINED_RESULTS - half);
  const spare = MAX_COMBINED_RESULTS - walletCount - tokenCount;
  const extraWallets = Math.min(spare, wallets.length - walletCount);
  walletCount += extraWallets;
  tokenCount += Math.min(spare - extraWallets, tokens.length - tokenCount);
  return Object.freeze([
    ...wallets.slice(0, walletCount).map((wallet): SearchResult => ({
      kind: 'wallet',
      key: `wallet:${wallet.id}`,
      address: wallet.public_address,
      name: wallet.name,
    })),
    ...tokens.slice(0, tokenCount).map((token): SearchResult => ({
      kind: 'token',
      key: `token:${token.mint}`,
      mint: token.mint,
      symbol: token.symbol,
      name: token.name,
      fromMarket: token.source === 'market',
    })),
  ]);
}

/** What a result's row reads: its main text, a muted second text, and the market's mark. */
export interface SearchResultText {
  readonly primary: string;
  /** Null for a nameless wallet, whose main text is already its address (in monospace). */
  readonly secondary: string | null;
  /** `market` on a token only the market's search found, so it never passes for a held one. */
  readonly badge: 'market' | null;
}

/**
 * A named wallet shows its address beside the name, a nameless one is its address. A token is
 * its symbol with its name beside it (or its short mint when it has no name, or no symbol).
 */
export function searchResultText(result: SearchResult): SearchResultText {
  if (result.kind === 'wallet') {
    return result.name
      ? { primary: result.name, secondary: shortenAddress(result.address), badge: null }
      : { primary: shortenAddress(result.address, 8), secondary: null, badge: null };
  }
  return {
    primary: result.symbol ?? result.name ?? shortenAddress(result.mint, 8),
    secondary: result.symbol && result.name ? result.name : shortenAddress(result.mint),
    badge: result.fromMarket ? 'market' : null,
  };
}

/** Arrow keys move the highlight one place, wrapping past either end of the list. */
export function movedHighlight(current: number, step: 1 | -1, count: number): number {
  if (count <= 0) return 0;
  const from = Math.min(Math.max(current, 0), count - 1);
  return (from + step + count) % count;
}

/** Where choosing a result leads (spec 1 §2). */
export function searchResultHref(result: SearchResult): string {
  return result.kind === 'wallet'
    ? `/wallets?${new URLSearchParams({ address: result.address }).toString()}`
    : `/tokens?${new URLSearchParams({ mint: result.mint }).toString()}`;
}

/** The answer did not have the contract's shape; its message is the one the operator reads. */
export class SearchResponseError extends Error {
  override readonly name = 'SearchResponseError';
}

/**
 * Checks an answer body against the contract: something that is not even an object is "Invalid
 * response from server", an object of the wrong shape is "Invalid response format".
 */
export function readSearchResponse(body: unknown): SearchResponse {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new SearchResponseError(SEARCH_MESSAGES.invalidServer);
  }
  const parsed = searchResponseSchema.safeParse(body);
  if (!parsed.success) {
    throw new SearchResponseError(SEARCH_MESSAGES.invalidFormat, { cause: parsed.error });
  }
  return parsed.data;
}

/** The sentence shown for a failed search (spec 2 §8). */
export function searchFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401 || error.status === 403) return SEARCH_MESSAGES.auth;
    if (error.status >= 500) return SEARCH_MESSAGES.server;
    return `Search failed (${error.status})`;
  }
  if (error instanceof SearchResponseError) return error.message;
  // A body that is not JSON at all: the server (or a proxy in front of it) answered with a page.
  if (error instanceof SyntaxError) return SEARCH_MESSAGES.invalidServer;
  return SEARCH_MESSAGES.fallback;
}
