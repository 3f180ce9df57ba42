import { useSyncExternalStore } from 'react';

/** The wallet the Rename dialog is open for. */
export interface RenameTarget {
  readonly id: string;
  readonly address: string;
  readonly name: string | null;
}

/**
 * Which wallet is being renamed, outside React: the row menu that opens the dialog is unmounted as
 * soon as it closes (wallet-row), so the dialog lives once on the page (`RenameWalletHost`) and the
 * menu only names the wallet here.
 */
const listeners = new Set<() => void>();
let current: RenameTarget | null = null;

export function useRenameTarget(): RenameTarget | null {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

export function openRenameWallet(target: RenameTarget): void {
  set(target);
}

export function closeRenameWallet(): void {
  set(null);
}

function set(next: RenameTarget | null): void {
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener();
}

function snapshot(): RenameTarget | null {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
