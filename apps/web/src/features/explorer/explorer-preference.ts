import { DEFAULT_EXPLORER, isExplorer, type Explorer } from '@fleet/core';

/** The explorer links open in, kept in the browser like the other display choices. */
export const EXPLORER_STORAGE_KEY = 'fleet.explorer';

interface ReadableStorage {
  getItem(key: string): string | null;
}

/** Forgiving: a missing or unknown stored value means the default explorer. */
export function readExplorerPreference(storage: ReadableStorage | undefined): Explorer {
  try {
    const stored = storage?.getItem(EXPLORER_STORAGE_KEY) ?? null;
    return isExplorer(stored) ? stored : DEFAULT_EXPLORER;
  } catch {
    // Storage can throw (privacy mode): the default still works.
    return DEFAULT_EXPLORER;
  }
}
