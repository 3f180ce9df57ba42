import { z } from 'zod';

/**
 * The ids the API passes around, branded so a tag id cannot be handed where a wallet id is
 * expected. Each is a uuid except a group id, which may also name a computed group.
 *
 * The brand is zod's (type-only): the JSON Schema the bad-input tests read from the contract is
 * unchanged, and each `…Schema(message)` keeps the message its route has always answered with.
 */
function uuidId<Name extends string>(message?: string) {
  return z.string().uuid(message).brand<Name>();
}

export const walletIdSchema = (message?: string) => uuidId<'WalletId'>(message);
export type WalletId = z.output<ReturnType<typeof walletIdSchema>>;

export const tagIdSchema = (message?: string) => uuidId<'TagId'>(message);
export type TagId = z.output<ReturnType<typeof tagIdSchema>>;

export const seedGroupIdSchema = (message?: string) => uuidId<'SeedGroupId'>(message);
export type SeedGroupId = z.output<ReturnType<typeof seedGroupIdSchema>>;

export const importBatchIdSchema = (message?: string) => uuidId<'ImportBatchId'>(message);
export type ImportBatchId = z.output<ReturnType<typeof importBatchIdSchema>>;

export const masterHistoryEntryIdSchema = (message?: string) =>
  uuidId<'MasterHistoryEntryId'>(message);
export type MasterHistoryEntryId = z.output<ReturnType<typeof masterHistoryEntryIdSchema>>;

/** A custom group's uuid, a computed group (`all`, `traders`, …) or `seed:{uuid}`. */
const GROUP_ID_TEXT = /^[a-z0-9:-]+$/i;
export const groupIdSchema = (message?: string) =>
  z.string().max(64, message).regex(GROUP_ID_TEXT, message).brand<'GroupId'>();
/** A custom group's id, the only kind a wallet can be put in: a uuid. */
export const customGroupIdSchema = (message?: string) => uuidId<'GroupId'>(message);
export type GroupId = z.output<ReturnType<typeof groupIdSchema>>;

function notAn(kind: string, value: unknown): TypeError {
  return new TypeError(`Not a ${kind}: ${JSON.stringify(value) ?? String(value)}`);
}

const WALLET_ID = walletIdSchema();
export function isWalletId(value: unknown): value is WalletId {
  return WALLET_ID.safeParse(value).success;
}
export function assertIsWalletId(value: unknown): asserts value is WalletId {
  if (!isWalletId(value)) throw notAn('wallet id', value);
}
export function walletId(value: string): WalletId {
  assertIsWalletId(value);
  return value;
}

const TAG_ID = tagIdSchema();
export function isTagId(value: unknown): value is TagId {
  return TAG_ID.safeParse(value).success;
}
export function assertIsTagId(value: unknown): asserts value is TagId {
  if (!isTagId(value)) throw notAn('tag id', value);
}
export function tagId(value: string): TagId {
  assertIsTagId(value);
  return value;
}

const GROUP_ID = groupIdSchema();
export function isGroupId(value: unknown): value is GroupId {
  return GROUP_ID.safeParse(value).success;
}
export function assertIsGroupId(value: unknown): asserts value is GroupId {
  if (!isGroupId(value)) throw notAn('group id', value);
}
export function groupId(value: string): GroupId {
  assertIsGroupId(value);
  return value;
}

const SEED_GROUP_ID = seedGroupIdSchema();
export function isSeedGroupId(value: unknown): value is SeedGroupId {
  return SEED_GROUP_ID.safeParse(value).success;
}
export function assertIsSeedGroupId(value: unknown): asserts value is SeedGroupId {
  if (!isSeedGroupId(value)) throw notAn('seed group id', value);
}
export function seedGroupId(value: string): SeedGroupId {
  assertIsSeedGroupId(value);
  return value;
}

const IMPORT_BATCH_ID = importBatchIdSchema();
export function isImportBatchId(value: unknown): value is ImportBatchId {
  return IMPORT_BATCH_ID.safeParse(value).success;
}
export function assertIsImportBatchId(value: unknown): asserts value is ImportBatchId {
  if (!isImportBatchId(value)) throw notAn('import batch id', value);
}
export function importBatchId(value: string): ImportBatchId {
  assertIsImportBatchId(value);
  return value;
}

const MASTER_HISTORY_ENTRY_ID = masterHistoryEntryIdSchema();
export function isMasterHistoryEntryId(value: unknown): value is MasterHistoryEntryId {
  return MASTER_HISTORY_ENTRY_ID.safeParse(value).success;
}
export function assertIsMasterHistoryEntryId(
  value: unknown,
): asserts value is MasterHistoryEntryId {
  if (!isMasterHistoryEntryId(value)) throw notAn('master history entry id', value);
}
export function masterHistoryEntryId(value: string): MasterHistoryEntryId {
  assertIsMasterHistoryEntryId(value);
  return value;
}
