import { readSlimWalletList, seedGroupSchema, type SeedGroup, type SlimWallet } from '@fleet/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../api/http';
import { LIST_QUERY_KEYS, useInvalidateLists } from '../../api/list-query-keys';
import { fetchSeedGroups, seedGroupsQueryKey } from '../import/import-api';

/** Spec 2 §9: the seed group list is cached for 60 s. */
export const SEED_GROUPS_STALE_MS = 60_000;

/** Under the `['wallets']` prefix so every wallet change refreshes the roster's figures too. */
export const seedWalletsQueryKey = [...LIST_QUERY_KEYS.wallets, 'slim', 'seed-roster'] as const;

export function useSeedGroups() {
  return useQuery({
    queryKey: seedGroupsQueryKey,
    queryFn: ({ signal }) => fetchSeedGroups(signal),
    staleTime: SEED_GROUPS_STALE_MS,
  });
}

export async function fetchSlimWallets(signal?: AbortSignal): Promise<SlimWallet[]> {
  const answer = await apiRequest('/api/wallets?mode=slim', {
    schema: z.unknown(),
    cache: 'no-store',
    ...(signal ? { signal } : {}),
  });
  return readSlimWalletList(answer).wallets;
}

/** The roster's wallets, fetched only when the page did not hand its own list down. */
export function useSeedWallets(enabled: boolean) {
  return useQuery({
    queryKey: seedWalletsQueryKey,
    queryFn: ({ signal }) => fetchSlimWallets(signal),
    enabled,
  });
}

/** `PATCH /api/seed-groups/:id { label }`. */
export function renameSeedGroup(request: {
  readonly id: string;
  readonly label: string;
}): Promise<SeedGroup> {
  return apiRequest(`/api/seed-groups/${encodeURIComponent(request.id)}`, {
    method: 'PATCH',
    body: { label: request.label },
    schema: seedGroupSchema,
  });
}

/** A seed's label is also its wallets' source label and its computed group's and tag's name. */
export function useRenameSeedGroup() {
  const invalidate = useInvalidateLists();
  return useMutation({
    mutationFn: renameSeedGroup,
    onSuccess: () => invalidate(['seedGroups', 'wallets', 'groups', 'tags']),
  });
}
