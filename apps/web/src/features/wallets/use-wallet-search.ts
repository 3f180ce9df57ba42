import { SEARCH_DEFAULT_LIMIT, SEARCH_MIN_CHARS, type SearchResponse } from '@fleet/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { recheckSessionOnDenial } from '../../app/query-client';
import { searchErrorMessage } from './search-messages';
import { searchWallets } from '../wallet-list/wallets-api';

/** Spec 2 §9: 300 ms debounce, limit 8; the previous request is aborted (spec 2 §7). */
export const SEARCH_DEBOUNCE_MS = 300;

export type SearchState =
  | { readonly status: 'idle' }
  | { readonly status: 'loading'; readonly query: string }
  | { readonly status: 'done'; readonly query: string; readonly results: SearchResponse }
  | { readonly status: 'error'; readonly query: string; readonly message: string };

/**
 * The wallet page's combobox search. Text under 3 characters searches nothing (the server's
 * minimum). State changes only in the timer and request callbacks, never during render.
 */
export function useWalletSearch(text: string): SearchState {
  const query = text.trim();
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const client = useQueryClient();
  useEffect(() => {
    if (query.length < SEARCH_MIN_CHARS) return undefined;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setState({ status: 'loading', query });
      searchWallets(query, SEARCH_DEFAULT_LIMIT, controller.signal).then(
        (results) => setState({ status: 'done', query, results }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          // Spec 2 §6: 401 or 403 means the session is invalid; the guard then sends to /login.
          recheckSessionOnDenial(client, error);
          setState({ status: 'error', query, message: searchErrorMessage(error) });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query, client]);
  // Results for an older query, or for text now too short, are not shown.
  if (query.length < SEARCH_MIN_CHARS) return { status: 'idle' };
  if (state.status !== 'idle' && state.query !== query) return { status: 'loading', query };
  return state;
}
