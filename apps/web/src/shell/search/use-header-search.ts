import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { searchQueryKey, searchWalletsAndTokens } from './search-api';
import {
  SEARCH_DEBOUNCE_MS,
  combineSearchResults,
  searchFailureMessage,
  searchableText,
  type SearchResult,
} from './search-results';

export type HeaderSearchState =
  | { readonly status: 'idle' }
  | { readonly status: 'loading' }
  | { readonly status: 'error'; readonly message: string }
  | { readonly status: 'done'; readonly results: readonly SearchResult[] };

/**
 * Debounces the typed text by 250 ms and searches once it has 3 characters. The query's abort
 * signal goes to fetch, so when the text changes the request still in flight is aborted rather
 * than left to race the newer one.
 */
export function useHeaderSearch(input: string): HeaderSearchState {
  const text = useDebounced(searchableText(input), SEARCH_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: searchQueryKey(text ?? ''),
    queryFn: ({ signal }) => searchWalletsAndTokens(text ?? '', signal),
    enabled: text !== null,
    // Wallets come and go (imports, archive): a search typed again asks the server again.
    staleTime: 0,
    gcTime: 30_000,
    select: combineSearchResults,
  });
  const typed = searchableText(input);
  if (typed === null) return { status: 'idle' };
  if (typed !== text || query.isPending) return { status: 'loading' };
  if (query.isError) return { status: 'error', message: searchFailureMessage(query.error) };
  return { status: 'done', results: query.data };
}

function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
