import { useSyncExternalStore } from 'react';

/**
 * SOL or lamports for balances (the settings menu's "toggle units"). Spec 1 §4: the display unit
 * is reset to SOL on load, so this lives in memory only, never in storage.
 */
export type DisplayUnit = 'sol' | 'lamports';

const listeners = new Set<() => void>();
let current: DisplayUnit = 'sol';

export function useDisplayUnit(): DisplayUnit {
  // The same snapshot on the server: a static render (the view tests) shows the current unit.
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

function snapshot(): DisplayUnit {
  return current;
}

export function toggleDisplayUnit(): void {
  setDisplayUnit(current === 'sol' ? 'lamports' : 'sol');
}

export function setDisplayUnit(unit: DisplayUnit): void {
  if (unit === current) return;
  current = unit;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
