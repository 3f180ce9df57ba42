import { useSyncExternalStore } from 'react';
import {
  WALLET_COLUMNS_STORAGE_KEY,
  parseHiddenColumns,
  type WalletColumnId,
} from './wallet-columns';

const listeners = new Set<() => void>();
let hidden: ReadonlySet<WalletColumnId> = parseHiddenColumns(readStored());

/** The wallet table's hidden columns, kept in localStorage. */
export function useHiddenWalletColumns(): ReadonlySet<WalletColumnId> {
  return useSyncExternalStore(subscribe, () => hidden);
}

export function setWalletColumnVisible(id: WalletColumnId, visible: boolean): void {
  const next = new Set(hidden);
  if (visible) next.delete(id);
  else next.add(id);
  hidden = next;
  try {
    localStorage.setItem(WALLET_COLUMNS_STORAGE_KEY, JSON.stringify([...next]));
  } catch {
    // Storage refused (privacy mode): the choice still holds for this page.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function readStored(): string | null {
  try {
    return typeof localStorage === 'undefined'
      ? null
      : localStorage.getItem(WALLET_COLUMNS_STORAGE_KEY);
  } catch {
    return null;
  }
}
