import {
  PERMANENT_DELETE_CONFIRMATION,
  archiveWalletsResponseSchema,
  listArchivedWalletsResponseSchema,
  restoreWalletsResponseSchema,
  walletHoldingsResponseSchema,
  type ArchivedWallet,
  type WalletHoldingsResponse,
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

/**
 * Deletes archived wallets for good; the server wants the confirmation sentence repeated and, when
 * any of them holds funds or was never scanned, the count of wallets as the operator typed it.
 */
export function deleteWalletsPermanently(request: {
  readonly walletIds: readonly string[];
  readonly confirmFunded?: number | undefined;
}): Promise<ArchiveWalletsResponse> {
  return apiRequest('/api/archived-wallets', {
    method: 'DELETE',
    body: {
      walletIds: request.walletIds,
      permanent: true,
      confirm: PERMANENT_DELETE_CONFIRMATION,
      ...(request.confirmFunded === undefined ? {} : { confirmFunded: request.confirmFunded }),
    },
    schema: archiveWalletsResponseSchema,
  });
}

/** Each wallet's SOL and token holdings at its last scan, with the totals. */
export function fetchWalletHoldings(
  walletIds: readonly string[],
  signal?: AbortSignal,
): Promise<WalletHoldingsResponse> {
  return apiRequest('/api/wallets/holdings', {
    method: 'POST',
    body: { walletIds },
    schema: walletHoldingsResponseSchema,
    cache: 'no-store',
    ...(signal ? { signal } : {}),
  });
}

export function restoreWallets(ids: readonly string[]): Promise<RestoreWalletsResponse> {
  return apiRequest('/api/restore-wallets', {
    method: 'POST',
    body: { ids },
    schema: restoreWalletsResponseSchema,
  });
}
