import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * The list queries that wallet changes make stale. The keys are prefixes: the wallets page keys its
 * queries `['wallets', …]`, so invalidating `['wallets']` refreshes every variant of the list.
 */
export const LIST_QUERY_KEYS = {
  wallets: ['wallets'],
  tags: ['tags'],
  groups: ['groups'],
  archivedWallets: ['archived-wallets'],
  seedGroups: ['seed-groups'],
} as const;

export type ListName = keyof typeof LIST_QUERY_KEYS;

/** Returns a function that marks the named lists stale so mounted views read them again. */
export function useInvalidateLists(): (names: readonly ListName[]) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (names: readonly ListName[]) => {
      for (const name of names) {
        void queryClient.invalidateQueries({ queryKey: LIST_QUERY_KEYS[name] });
      }
    },
    [queryClient],
  );
}
