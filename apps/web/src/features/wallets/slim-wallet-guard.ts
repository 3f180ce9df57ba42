import {
  IMPORT_STATUSES,
  listSlimWalletsResponseSchema,
  WALLET_SOURCE_KINDS,
  walletSummarySchema,
  type ListSlimWalletsResponse,
  type SlimWallet,
} from '@fleet/core';

/**
 * A fast check of the slim wallet list against the shared contract (`slimWalletSchema`). Zod
 * takes about half a second for 50,000 rows, which alone would break the table's 300 ms paint
 * budget; these plain checks take a few milliseconds. They accept exactly what the schema accepts
 * (the tests compare both), and anything they refuse goes through the schema itself, so a bad
 * answer still fails with zod's precise message.
 */
const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
const U64 = /^\d+$/;
const statuses = new Set<unknown>(IMPORT_STATUSES);
const kinds = new Set<unknown>(WALLET_SOURCE_KINDS);

const isString = (value: unknown): value is string => typeof value === 'string';
const isStringOrNull = (value: unknown) => value === null || typeof value === 'string';
const isInt = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value);
const isStringList = (value: unknown) => Array.isArray(value) && value.every(isString);

function isTokenStats(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const stats = value as Record<string, unknown>;
  return isInt(stats.total) && isInt(stats.withBalance) && isInt(stats.zeroBalance);
}

export function isSlimWallet(value: unknown): value is SlimWallet {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const w = value as Record<string, unknown>;
  return (
    isString(w.id) &&
    UUID.test(w.id) &&
    isString(w.address) &&
    w.address.length >= 32 &&
    w.address.length <= 44 &&
    isStringOrNull(w.name) &&
    (w.lamports === null || (isString(w.lamports) && U64.test(w.lamports))) &&
    isTokenStats(w.tokenStats) &&
    typeof w.isTrader === 'boolean' &&
    typeof w.isMasterWallet === 'boolean' &&
    (w.importStatus === null || statuses.has(w.importStatus)) &&
    isStringOrNull(w.importBatchId) &&
    kinds.has(w.sourceKind) &&
    isStringOrNull(w.sourceId) &&
    isString(w.sourceLabel) &&
    isStringList(w.tagIds) &&
    isStringList(w.groupIds) &&
    typeof w.poolCreator === 'boolean' &&
    (w.tokensValueUsd === null ||
      (typeof w.tokensValueUsd === 'number' && Number.isFinite(w.tokensValueUsd))) &&
    isStringOrNull(w.lastScannedAt) &&
    isString(w.createdAt)
  );
}

/** The list answer, checked fast; on any doubt, parsed (and refused) by the shared schema. */
export function parseSlimWalletList(value: unknown): ListSlimWalletsResponse {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const body = value as Record<string, unknown>;
    const { wallets } = body;
    if (Array.isArray(wallets) && wallets.every(isSlimWallet)) {
      const summary =
        body.summary === undefined ? undefined : walletSummarySchema.safeParse(body.summary);
      if (summary === undefined) return { wallets };
      if (summary.success) return { wallets, summary: summary.data };
    }
  }
  return listSlimWalletsResponseSchema.parse(value);
}
