import { useSyncExternalStore } from 'react';

/**
 * The close the operator asked for from the Toolkit or the Closeable card, waiting for its plan
 * and confirmation: page memory only (a plan lives ten minutes; after a reload the started job,
 * kept by `open-job-store`, is what comes back). One at a time, drawn by `TokenCloseHost`.
 */
export interface CloseRequest {
  /** A new id per opening, so a reopened dialog plans afresh. */
  readonly id: number;
  /** The wallets in scope; empty means every active wallet (the server's rule). */
  readonly walletAddresses: readonly string[];
  /** The mints in scope (the Tokens Overview's Close Acct and Close Selected); absent: every mint. */
  readonly tokenMints?: readonly string[];
}

const listeners = new Set<() => void>();
let current: CloseRequest | null = null;
let lastId = 0;

/**
 * Opens the Closing Token Accounts dialog on these wallets (none: every wallet), and on these
 * mints only when `tokenMints` is given.
 */
export function openCloseTokens(
  walletAddresses: readonly string[],
  tokenMints?: readonly string[],
): void {
  lastId += 1;
  set({
    id: lastId,
    walletAddresses: [...walletAddresses],
    ...(tokenMints ? { tokenMints: [...tokenMints] } : {}),
  });
}

export function closeCloseTokens(): void {
  set(null);
}

function set(next: CloseRequest | null): void {
  current = next;
  for (const listener of listeners) listener();
}

export function useCloseRequest(): CloseRequest | null {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

function snapshot(): CloseRequest | null {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
