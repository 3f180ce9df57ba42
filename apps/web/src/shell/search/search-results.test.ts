import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../api/api-error';
import {
  SEARCH_MESSAGES,
  SearchResponseError,
  combineSearchResults,
  movedHighlight,
  readSearchResponse,
  searchFailureMessage,
  searchResultHref,
  searchResultText,
  searchableText,
  type SearchResult,
} from './search-results';

const wallets = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `w${i}`, public_address: `Addr${i}`, name: null }));
const tokens = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ mint: `Mint${i}`, symbol: `T${i}`, name: null }));
const counts = (results: readonly SearchResult[]) => ({
  wallets: results.filter((r) => r.kind === 'wallet').length,
  tokens: results.filter((r) => r.kind === 'token').length,
});

describe('header search text', () => {
  it('is searched only from 3 characters, trimmed', () => {
    expect(searchableText('ab')).toBeNull();
    expect(searchableText('  ab  ')).toBeNull();
    expect(searchableText(' abc ')).toBe('abc');
  });
});

describe('combining search results', () => {
  it('offers at most 8 wallets and 8 tokens, 10 together, split fairly', () => {
    expect(counts(combineSearchResults({ wallets: wallets(12), tokens: tokens(12) }))).toEqual({
      wallets: 5,
      tokens: 5,
    });
    expect(counts(combineSearchResults({ wallets: wallets(12), tokens: tokens(3) }))).toEqual({
      wallets: 7,
      tokens: 3,
    });
    expect(counts(combineSearchResults({ wallets: wallets(1), tokens: tokens(12) }))).toEqual({
      wallets: 1,
      tokens: 8,
    });
    expect(counts(combineSearchResults({ wallets: wallets(12), tokens: [] }))).toEqual({
      wallets: 8,
      tokens: 0,
    });
    expect(combineSearchResults({ wallets: [], tokens: [] })).toEqual([]);
  });

  it('lists wallets first, in the server order', () => {
    const results = combineSearchResults({ wallets: wallets(2), tokens: tokens(2) });
    expect(results.map((r) => r.key)).toEqual([
      'wallet:w0',
      'wallet:w1',
      'token:Mint0',
      'token:Mint1',
    ]);
  });

  it('offers the market’s tokens after the held ones, marked as found on the market', () => {
    const results = combineSearchResults({
      wallets: [],
      tokens: [
        { mint: 'KelpMint', symbol: 'KELP', name: 'Kelp Finance' },
        { mint: 'MossMint', symbol: 'MOSS', name: 'Mossy Frog', source: 'market' },
      ],
    });
    expect(results).toEqual([
      {
        kind: 'token',
        key: 'token:KelpMint',
        mint: 'KelpMint',
        symbol: 'KELP',
        name: 'Kelp Finance',
        fromMarket: false,
      },
      {
        kind: 'token',
        key: 'token:MossMint',
        mint: 'MossMint',
        symbol: 'MOSS',
        name: 'Mossy Frog',
        fromMarket: true,
      },
    ]);
  });

  it('leads a wallet to /wallets?address= and a token to /tokens?mint=', () => {
    const [wallet, token] = combineSearchResults({ wallets: wallets(1), tokens: tokens(1) });
    expect(wallet && searchResultHref(wallet)).toBe('/wallets?address=Addr0');
    expect(token && searchResultHref(token)).toBe('/tokens?mint=Mint0');
  });
});

describe('what a result reads', () => {
  const token = (
    fields: Partial<Extract<SearchResult, { kind: 'token' }>>,
  ): Extract<SearchResult, { kind: 'token' }> => ({
    kind: 'token',
    key: 'token:Mint',
    mint: 'So11111111111111111111111111111111111111112',
    symbol: 'KELP',
    name: 'Kelp Finance',
    fromMarket: false,
    ...fields,
  });

  it('names a wallet with its short address beside, or shows a nameless one as its address', () => {
    const address = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
    expect(searchResultText({ kind: 'wallet', key: 'wallet:w', address, name: 'Desk 1' })).toEqual({
      primary: 'Desk 1',
      secondary: '7xKX…gAsU',
      badge: null,
    });
    expect(searchResultText({ kind: 'wallet', key: 'wallet:w', address, name: null })).toEqual({
      primary: '7xKXtg2C…uJosgAsU',
      secondary: null,
      badge: null,
    });
  });

  it('shows a held token by symbol and name, and marks one only the market found', () => {
    expect(searchResultText(token({}))).toEqual({
      primary: 'KELP',
      secondary: 'Kelp Finance',
      badge: null,
    });
    expect(searchResultText(token({ fromMarket: true }))).toEqual({
      primary: 'KELP',
      secondary: 'Kelp Finance',
      badge: 'market',
    });
  });

  it('falls back to the name, then the mint, for a token without a symbol or name', () => {
    expect(searchResultText(token({ symbol: null }))).toMatchObject({
      primary: 'Kelp Finance',
      secondary: 'So11…1112',
    });
    expect(searchResultText(token({ symbol: null, name: null }))).toMatchObject({
      primary: 'So111111…11111112',
      secondary: 'So11…1112',
    });
    expect(searchResultText(token({ name: null }))).toMatchObject({
      primary: 'KELP',
      secondary: 'So11…1112',
    });
  });
});

describe('moving the highlight', () => {
  it('steps down and up and wraps past either end', () => {
    expect(movedHighlight(0, 1, 3)).toBe(1);
    expect(movedHighlight(2, 1, 3)).toBe(0);
    expect(movedHighlight(0, -1, 3)).toBe(2);
  });

  it('starts from the last result when the list shrank under the highlight', () => {
    expect(movedHighlight(9, -1, 3)).toBe(1);
    expect(movedHighlight(4, 1, 0)).toBe(0);
  });
});

describe('search answers', () => {
  it('accept the contract shape', () => {
    const body = { wallets: wallets(1), tags: [], groups: [], tokens: tokens(1) };
    expect(readSearchResponse(body)).toEqual(body);
  });

  it('call a body that is not an object an invalid response from the server', () => {
    for (const body of [null, 'oops', 3, []]) {
      expect(() => readSearchResponse(body)).toThrow(SEARCH_MESSAGES.invalidServer);
    }
  });

  it('call an object of the wrong shape an invalid response format', () => {
    expect(() => readSearchResponse({ wallets: 'none' })).toThrow(SEARCH_MESSAGES.invalidFormat);
  });
});

describe('search failure messages', () => {
  it('map each status to the spec sentence', () => {
    expect(searchFailureMessage(new ApiError(401, ''))).toBe(
      'Authentication failed. Please log in again.',
    );
    expect(searchFailureMessage(new ApiError(403, ''))).toBe(SEARCH_MESSAGES.auth);
    expect(searchFailureMessage(new ApiError(500, ''))).toBe(
      'Server error. Please try again later.',
    );
    expect(searchFailureMessage(new ApiError(503, 'busy'))).toBe(SEARCH_MESSAGES.server);
    expect(searchFailureMessage(new ApiError(400, '{"error":"bad"}'))).toBe('Search failed (400)');
    expect(searchFailureMessage(new ApiError(429, ''))).toBe('Search failed (429)');
  });

  it('name bodies that are not JSON or not the contract', () => {
    expect(searchFailureMessage(new SyntaxError('Unexpected token <'))).toBe(
      'Invalid response from server',
    );
    expect(searchFailureMessage(new SearchResponseError(SEARCH_MESSAGES.invalidFormat))).toBe(
      'Invalid response format',
    );
  });

  it('fall back to a general sentence for anything else', () => {
    expect(searchFailureMessage(new NetworkError('offline'))).toBe(
      'Search failed. Please try again.',
    );
    expect(searchFailureMessage('?')).toBe(SEARCH_MESSAGES.fallback);
  });
});
