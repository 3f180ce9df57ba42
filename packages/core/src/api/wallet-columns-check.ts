import { isU64String } from '../primitives/u64';
import { decodeSlimWalletColumns } from '../wallets/decode-wallet-columns';
import {
  slimWalletDictionariesSchema,
  slimWalletListResponseSchema,
  type SlimWalletColumns,
  type SlimWalletListResponse,
} from './wallet-columns';
import {
  IMPORT_STATUSES,
  walletSummarySchema,
  type SlimWallet,
  type WalletSummary,
} from './wallets';

/**
 * A fast check of the columnar wallet list against `slimWalletListResponseSchema`. Zod walks
 * 50,000 rows × 17 columns element by element through its generic machinery, which alone would
 * spend a good part of the table's 300 ms paint budget; these loops do the same checks directly.
 * They accept exactly what the schema accepts (the tests compare both on valid and broken
 * answers), and anything they refuse goes through the schema, so a bad answer still fails with
 * zod's precise message.
 */
const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
const statuses = new Set<unknown>(IMPORT_STATUSES);

type Check = (value: unknown) => boolean;

const isInt = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value);
const isCount = (value: unknown) => isInt(value) && value >= 0;
const isFlag = (value: unknown) => value === 0 || value === 1;
const nullOr =
  (check: Check): Check =>
  (value) =>
    value === null || check(value);
const below =
  (size: number): Check =>
  (value) =>
    isCount(value) && (value as number) < size;
const listOf =
  (check: Check): Check =>
  (value) =>
    Array.isArray(value) && value.every(check);

function columnChecks(
  dictionaries: SlimWalletListResponse['dictionaries'],
): Record<keyof SlimWalletColumns, Check> {
  return {
    id: (value) => typeof value === 'string' && UUID.test(value),
    address: (value) => typeof value === 'string' && value.length >= 32 && value.length <= 44,
    name: nullOr((value) => typeof value === 'string'),
    lamports: nullOr(isU64String),
    tokenAccounts: isCount,
    fundedTokenAccounts: isCount,
    trader: isFlag,
    master: isFlag,
    poolCreator: isFlag,
    importStatus: nullOr((value) => statuses.has(value)),
    importBatch: nullOr(below(dictionaries.importBatchIds.length)),
    source: below(dictionaries.sources.length),
    tags: listOf(below(dictionaries.tagIds.length)),
    groups: listOf(below(dictionaries.groupIds.length)),
    tokensValueUsd: nullOr((value) => typeof value === 'number' && Number.isFinite(value)),
    lastScannedAt: nullOr(isInt),
    createdAt: isInt,
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function isSlimWalletListResponse(value: unknown): value is SlimWalletListResponse {
  if (!isRecord(value)) return false;
  const { version, count, columns, dictionaries, summary } = value;
  if (!isU64String(version) || !isCount(count)) return false;
  if (!isRecord(columns)) return false;
  // The dictionaries are small: the schema checks them.
  const parsedDictionaries = slimWalletDictionariesSchema.safeParse(dictionaries);
  if (!parsedDictionaries.success) return false;
  if (summary !== undefined && !walletSummarySchema.safeParse(summary).success) return false;
  const checks = columnChecks(parsedDictionaries.data);
  for (const [name, check] of Object.entries(checks)) {
    const column = columns[name];
    if (!Array.isArray(column) || column.length !== count) return false;
    for (const entry of column) if (!check(entry)) return false;
  }
  return true;
}

/** The answer, checked fast; on any doubt, parsed (and refused) by the shared schema. */
export function parseSlimWalletListResponse(value: unknown): SlimWalletListResponse {
  return isSlimWalletListResponse(value) ? value : slimWalletListResponseSchema.parse(value);
}

export interface SlimWalletList {
  readonly version: string;
  readonly wallets: SlimWallet[];
  readonly summary?: WalletSummary;
}

/** Checked and decoded into rows: what the wallet table and its tests work with. */
export function readSlimWalletList(value: unknown): SlimWalletList {
  const body = parseSlimWalletListResponse(value);
  const wallets = decodeSlimWalletColumns(body);
  return body.summary === undefined
    ? { version: body.version, wallets }
    : { version: body.version, wallets, summary: body.summary };
}
