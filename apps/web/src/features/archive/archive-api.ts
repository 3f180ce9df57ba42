import {
  PERMANENT_DELETE_CONFIRMATION,
  archiveWalletsResponseSchema,
  listArchivedWalletsResponseSchema,
  restoreWalletsResponseSchema,
  type ArchivedWallet,
} from '@fleet/core';
import type { z } from 'zod';
import { apiRequest } from '../../api/http';
import { LIST_QUERY_KEYS } from '../../api/list-query-keys';

/** The archive calls of spec 2 §7, typed by the shared contract (`@fleet/core` wallets). */
export const archivedWalletsQueryKey = LIST_QUERY_KEYS.archivedWallets;

export type ArchiveWalletsResponse = z.infer<typeof archiveWalletsResponseSchema>;
export type RestoreWalletsResponse = z.infer<typeof restoreWalletsResponseSchema>;

export async function fetchArchivedWallets(signal?: AbortSignal): Promise<ArchivedWallet[]> {
  const answer = await apiRequest('/api/archived-wallets', {
    schema: listArchivedWalletsResponseSchema,
    cache: 'no-store',
    ...(signal ? { signal } : {}),
  });
  return answer.wallets;
}

/** Archiving is a soft delete (spec 2 §4): the wallets can be restored later. */
export function archiveWallets(walletIds: readonly string[]): Promise<ArchiveWalletsResponse> {
  return apiRequest('/api/archived-wallets', {
    method: 'DELETE',
    body: { walletIds, permanent: false },
    schema: archiveWalletsResponseSchema,
  });
}

/** Deletes archived wallets for good; the server wants the confirmation sentence repeated. */
export function deleteWalletsPermanently(
  walletIds: readonly string[],
): Promise<ArchiveWalletsResponse> {
  return apiRequest('/api/archived-wallets', {
    method: 'DELETE',
    body: { walletIds, permanent: true, confirm: PERMANENT_DELETE_CONFIRMATION },
    schema: archiveWalletsResponseSchema,
  });
}

export function restoreWallets(ids: readonly string[]): Promise<RestoreWalletsResponse> {
  return apiRequest('/api/restore-wallets', {
    method: 'POST',
    body: { ids },
    schema: restoreWalletsResponseSchema,
  });
}
