import { useSyncExternalStore } from 'react';

/**
 * The Final Truth Scan the operator asked for from the Toolkit, waiting for its confirmation: page
 * memory only (once started, the job is kept by `open-job-store`, which survives a reload). One at
 * a time, drawn by `FinalTruthScanHost`.
 */
export interface FinalTruthScanRequest {
  /** A new id per opening, so a reopened confirmation starts afresh. */
  readonly id: number;
  /** The wallets in scope; empty means every active wallet (the server's rule). */
  readonly publicAddresses: readonly string[];
}

const listeners = new Set<() => void>();
let current: FinalTruthScanRequest | null = null;
let lastId = 0;

/** Opens the Confirm Final Truth Scan dialog on these wallets (none: every wallet). */
export function openFinalTruthScan(publicAddresses: readonly string[]): void {
  lastId += 1;
  set({ id: lastId, publicAddresses: [...publicAddresses] });
}

export function closeFinalTruthScan(): void {
  set(null);
}

function set(next: FinalTruthScanRequest | null): void {
  current = next;
  for (const listener of listeners) listener();
}

export function useFinalTruthScanRequest(): FinalTruthScanRequest | null {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

function snapshot(): FinalTruthScanRequest | null {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
