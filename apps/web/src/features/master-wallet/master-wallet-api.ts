import {
  masterBalanceResponseSchema,
  masterHistoryPageSchema,
  masterHoldingsResponseSchema,
  masterWalletResponseSchema,
  MASTER_HISTORY_PAGE_SIZE,
  revealMasterHistoryKeyResponseSchema,
  revealMasterWalletResponseSchema,
  type MasterBalanceResponse,
  type MasterHistoryKeySide,
  type MasterHistoryPage,
  type MasterHoldingsResponse,
  type MasterWalletResponse,
  type RevealMasterHistoryKeyResponse,
  type SaveMasterWalletRequest,
} from '@fleet/core';
import { z } from 'zod';
import { ApiError } from '../../api/api-error';
import { apiRequest } from '../../api/http';

export const masterWalletQueryKey = ['master-wallet'] as const;
export const masterBalanceQueryKey = ['master-wallet', 'balance'] as const;
export const masterHistoryQueryKey = ['master-wallet', 'history'] as const;
export const masterHoldingsQueryKey = ['master-wallet', 'holdings'] as const;

const signalOption = (signal?: AbortSignal) => (signal ? { signal } : {});

/** The master wallet, or null when none is set (404, spec 1 §7). Never carries the key. */
export async function fetchMasterWallet(
  signal?: AbortSignal,
): Promise<MasterWalletResponse | null> {
  return nullOn404(() =>
    apiRequest('/api/master-wallet', {
      schema: masterWalletResponseSchema,
      ...signalOption(signal),
    }),
  );
}

/** Saves a new key; the server derives the address from it and refuses a mismatch. */
export function saveMasterWallet(request: SaveMasterWalletRequest): Promise<MasterWalletResponse> {
  return apiRequest('/api/master-wallet', {
    method: 'PATCH',
    body: request,
    schema: masterWalletResponseSchema,
  });
}

export async function clearMasterWallet(): Promise<void> {
  await apiRequest('/api/master-wallet', {
    method: 'DELETE',
    schema: z.object({ success: z.literal(true) }),
  });
}

/** The private key, on an explicit show or copy only: the server audits every call. */
export function revealMasterWallet(): Promise<z.infer<typeof revealMasterWalletResponseSchema>> {
  return apiRequest('/api/master-wallet/reveal', {
    method: 'POST',
    body: {},
    schema: revealMasterWalletResponseSchema,
  });
}

/** The balance from the chain, never from the browser's HTTP cache; null when no wallet is set. */
export async function fetchMasterBalance(
  signal?: AbortSignal,
): Promise<MasterBalanceResponse | null> {
  return nullOn404(() =>
    apiRequest('/api/master-wallet/balance', {
      schema: masterBalanceResponseSchema,
      cache: 'no-store',
      ...signalOption(signal),
    }),
  );
}

export function fetchMasterHistoryPage(
  before: string | undefined,
  signal?: AbortSignal,
): Promise<MasterHistoryPage> {
  const query = new URLSearchParams({ limit: String(MASTER_HISTORY_PAGE_SIZE) });
  if (before) query.set('before', before);
  return apiRequest(`/api/history/master-wallet?${query.toString()}`, {
    schema: masterHistoryPageSchema,
    ...signalOption(signal),
  });
}

/** SOL and tokens the master holds on chain now, for the warning before it is replaced or cleared. */
export function fetchMasterHoldings(signal?: AbortSignal): Promise<MasterHoldingsResponse> {
  return apiRequest('/api/master-wallet/holdings', {
    schema: masterHoldingsResponseSchema,
    cache: 'no-store',
    ...signalOption(signal),
  });
}

/** One key a history entry kept, on an explicit, confirmed reveal: the server audits every call. */
export function revealMasterHistoryKey(request: {
  readonly id: string;
  readonly side: MasterHistoryKeySide;
}): Promise<RevealMasterHistoryKeyResponse> {
  return apiRequest(`/api/history/master-wallet/${encodeURIComponent(request.id)}/reveal`, {
    method: 'POST',
    body: { side: request.side },
    schema: revealMasterHistoryKeyResponseSchema,
    cache: 'no-store',
  });
}

async function nullOn404<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
