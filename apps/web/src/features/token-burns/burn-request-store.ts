import { useSyncExternalStore } from 'react';

/**
 * The burn the operator asked for from the Toolkit, waiting for its plan and confirmation: page
 * memory only (a plan lives ten minutes; after a reload the started job, kept by
 * `open-job-store`, is what comes back). One at a time, drawn by `TokenBurnHost`.
 */
export interface BurnRequest {
  /** A new id per opening, so a reopened dialog plans afresh. */
  readonly id: number;
  /** The wallets in scope; empty means every active wallet (the server's rule). */
  readonly walletAddresses: readonly string[];
  /** The mints the form starts with (the Tokens Overview's selection); absent: every mint. */
  readonly tokenMints?: readonly string[];
}

const listeners = new Set<() => void>();
let current: BurnRequest | null = null;
let lastId = 0;

/**
 * Opens the Burn Dust dialog on these wallets (none: every wallet), its mint filter set to
 * `tokenMints` when given.
 */
export function openBurnTokens(
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

export function closeBurnTokens(): void {
  set(null);
}

function set(next: BurnRequest | null): void {
  current = next;
  for (const listener of listeners) listener();
}

export function useBurnRequest(): BurnRequest | null {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

function snapshot(): BurnRequest | null {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
