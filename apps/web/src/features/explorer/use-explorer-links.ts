import { explorerUrl, type Explorer, type ExplorerTarget } from '@fleet/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { chainConfigQueryKey, fetchChainConfig } from './chain-config-api';
import { EXPLORER_STORAGE_KEY, readExplorerPreference } from './explorer-preference';

// The explorer choice: localStorage plus a tiny external store, like the display preferences.
const listeners = new Set<() => void>();
let current: Explorer = readExplorerPreference(browserStorage());

export function useExplorerPreference(): Explorer {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

export function setExplorerPreference(explorer: Explorer): void {
  current = explorer;
  try {
    localStorage.setItem(EXPLORER_STORAGE_KEY, explorer);
  } catch {
    // Storage refused (privacy mode): the choice still holds for this page.
  }
  for (const listener of listeners) listener();
}

/** A link builder for a kind of value; a new function whenever the explorer or cluster changes. */
export type ExplorerLink = (value: string) => string | undefined;

/**
 * Links in the chosen explorer for the cluster the server reads (`GET /api/chain`, asked once
 * per sign-in: it cannot change while the server runs). Until it answers there are no links: a
 * link to mainnet for a sandbox wallet would show an empty account as if it were the truth.
 */
export function useExplorerLinks(): {
  readonly address: ExplorerLink;
  readonly tx: ExplorerLink;
} {
  const explorer = useExplorerPreference();
  const chain = useQuery({
    queryKey: chainConfigQueryKey,
    queryFn: ({ signal }) => fetchChainConfig(signal),
    staleTime: Infinity,
  }).data;
  return useMemo(() => {
    const link =
      (target: ExplorerTarget): ExplorerLink =>
      (value) =>
        chain === undefined ? undefined : explorerUrl(explorer, chain, target, value);
    return { address: link('address'), tx: link('tx') };
  }, [explorer, chain]);
}

function snapshot(): Explorer {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function browserStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
