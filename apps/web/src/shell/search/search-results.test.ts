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
    const both = { includeTokens: true };
    expect(
      counts(combineSearchResults({ wallets: wallets(12), tokens: tokens(12) }, both)),
    ).toEqual({ wallets: 5, tokens: 5 });
    expect(counts(combineSearchResults({ wallets: wallets(12), tokens: tokens(3) }, both))).toEqual(
      { wallets: 7, tokens: 3 },
    );
    expect(counts(combineSearchResults({ wallets: wallets(1), tokens: tokens(12) }, both))).toEqual(
      { wallets: 1, tokens: 8 },
    );
    expect(counts(combineSearchResults({ wallets: wallets(12), tokens: [] }, both))).toEqual({
      wallets: 8,
      tokens: 0,
    });
    expect(combineSearchResults({ wallets: [], tokens: [] }, both)).toEqual([]);
  });

  it('lists wallets first, in the server order', () => {
    const results = combineSearchResults(
      { wallets: wallets(2), tokens: tokens(2) },
      { includeTokens: true },
    );
    expect(results.map((r) => r.key)).toEqual([
      'wallet:w0',
      'wallet:w1',
      'token:Mint0',
      'token:Mint1',
    ]);
  });

  it('leaves tokens out while the tokens page has not landed', () => {
    const results = combineSearchResults(
      { wallets: wallets(12), tokens: tokens(12) },
      { includeTokens: false },
    );
    expect(counts(results)).toEqual({ wallets: 8, tokens: 0 });
  });

  it('leads a wallet to /wallets?address= and a token to /tokens?mint=', () => {
    const [wallet, token] = combineSearchResults(
      { wallets: wallets(1), tokens: tokens(1) },
      { includeTokens: true },
    );
    expect(wallet && searchResultHref(wallet)).toBe('/wallets?address=Addr0');
    expect(token && searchResultHref(token)).toBe('/tokens?mint=Mint0');
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
