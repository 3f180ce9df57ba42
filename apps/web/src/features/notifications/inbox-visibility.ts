import { useSyncExternalStore } from 'react';

/**
 * Whether the inbox list is open. Shared because two places open it: the bell and the settings
 * menu's "Inbox" item.
 */
const listeners = new Set<() => void>();
let open = false;

export function useInboxOpen(): boolean {
  return useSyncExternalStore(subscribe, () => open);
}

export function setInboxOpen(next: boolean): void {
  if (next === open) return;
  open = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
