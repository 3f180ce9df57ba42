import { useSyncExternalStore } from 'react';

/** What a store holds: the asked-for value and a new id per opening. */
export type OpenRequest<T> = T & { readonly id: number };

/**
 * One dialog request at a time, in page memory, for a dialog mounted once in the shell (the close,
 * the burn, the GetAssets scan): any page or tile opens it; the host draws it. Each opening gets
 * a new id, so a reopened dialog starts afresh (the host keys the dialog by it).
 */
export function createRequestStore<T extends object>() {
  const listeners = new Set<() => void>();
  let current: OpenRequest<T> | null = null;
  let lastId = 0;

  const set = (next: OpenRequest<T> | null) => {
    current = next;
    for (const listener of listeners) listener();
  };
  const snapshot = () => current;
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  return {
    open: (value: T): void => {
      lastId += 1;
      set({ ...value, id: lastId });
    },
    close: (): void => set(null),
    useRequest: (): OpenRequest<T> | null => useSyncExternalStore(subscribe, snapshot, snapshot),
  };
}
