import type { ImportWalletsResponse } from '@fleet/core';
import { useSyncExternalStore } from 'react';
import type { KeyReview } from './key-review';
import { DEFAULT_REVIEW_VIEW, type ReviewViewOptions } from './review-view';
import { IDLE_SCAN, type ScanState } from './scan-state';

/**
 * The Private Keys tab's state, kept outside its component so a paste and its review survive a
 * switch to the Seed Phrase tab and a trip to another page (issue 15), until the operator clears
 * it or imports.
 *
 * Where key material may rest: this is JavaScript memory of the page, nothing else. Not
 * localStorage (written to the profile on disk and kept for good). Not sessionStorage either:
 * it too is written to disk by browsers that restore sessions, lives on after a crash in the
 * profile, and is readable by any script of the origin at any later moment of the tab; all for
 * a guarantee (surviving a reload) that nobody asked for. Memory dies with a reload or a closed
 * tab, which for pasted private keys is the right end.
 */
export type PrivateKeysStep =
  | { readonly name: 'input' }
  | { readonly name: 'review'; readonly review: KeyReview }
  | { readonly name: 'success'; readonly result: ImportWalletsResponse };

export interface PrivateKeysState {
  readonly text: string;
  readonly step: PrivateKeysStep;
  readonly selection: ReadonlySet<string>;
  readonly validateError: string | null;
  /** Lines of a paste the server refused outright, when the review has none to show. */
  readonly inputProblems: KeyReview['problems'];
  readonly importError: string | null;
  readonly scan: ScanState;
  readonly view: ReviewViewOptions;
}

export const INITIAL_PRIVATE_KEYS_STATE: PrivateKeysState = Object.freeze({
  text: '',
  step: Object.freeze({ name: 'input' as const }),
  selection: new Set<string>(),
  validateError: null,
  inputProblems: [],
  importError: null,
  scan: IDLE_SCAN,
  view: DEFAULT_REVIEW_VIEW,
});

export interface MemoryStore<State> {
  readonly get: () => State;
  readonly update: (change: (state: State) => State) => void;
  readonly subscribe: (listener: () => void) => () => void;
  /** Back to the initial state (clear, import done, sign-out). */
  readonly reset: () => void;
  /** Increments and returns a counter that lives as long as the store (the latest scan run). */
  readonly nextRun: () => number;
  readonly isLatestRun: (run: number) => boolean;
}

export function createMemoryStore<State>(initial: State): MemoryStore<State> {
  let state = initial;
  let run = 0;
  const listeners = new Set<() => void>();
  const set = (next: State) => {
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    get: () => state,
    update: (change) => set(change(state)),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reset: () => {
      run += 1;
      set(initial);
    },
    nextRun: () => (run += 1),
    isLatestRun: (candidate) => candidate === run,
  };
}

/** The one store of this page's Private Keys tab. */
export const privateKeysStore = createMemoryStore(INITIAL_PRIVATE_KEYS_STATE);

export function usePrivateKeysState(
  store: MemoryStore<PrivateKeysState> = privateKeysStore,
): PrivateKeysState {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
