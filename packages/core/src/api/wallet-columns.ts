import { z } from 'zod';
import { addressTextSchema } from '../primitives/address';
import { u64StringSchema } from '../primitives/u64';
import { IMPORT_STATUSES, WALLET_SOURCE_KINDS, walletSummarySchema } from './wallets';

/**
 * `GET /api/wallets?mode=slim`: the wallet table's data as columns (decision 011). At 50,000
 * wallets an object per row repeats every field name 50,000 times and every import batch or seed
 * vault id once per wallet; columns name each field once, and repeated ids travel once in a
 * dictionary with a small index per row. Row `i` of the list is entry `i` of every column.
 * `decodeSlimWalletColumns` turns it back into `SlimWallet` rows.
 */
const walletId = z.string().uuid();
const address = addressTextSchema;
const count = z.number().int().nonnegative();
const index = z.number().int().nonnegative();
const flag = z.union([z.literal(0), z.literal(1)]);
/** Milliseconds since the epoch (UTC). */
const epochMs = z.number().int();

export const walletSourceSchema = z.object({
  kind: z.enum(WALLET_SOURCE_KINDS),
  /** The seed vault for seed wallets, the import batch for imported ones, null for manual. */
  id: z.string().nullable(),
  /** 'PK' for pasted or created keys, the seed vault's label (or 'Seed') for derived ones. */
  label: z.string(),
});
export type WalletSource = z.infer<typeof walletSourceSchema>;

export const slimWalletColumnsSchema = z.object({
  id: z.array(walletId),
  address: z.array(address),
  name: z.array(z.string().nullable()),
  /** Null until the wallet has been scanned. */
  lamports: z.array(u64StringSchema.nullable()),
  tokenAccounts: z.array(count),
  /** Token accounts holding more than zero. */
  fundedTokenAccounts: z.array(count),
  trader: z.array(flag),
  master: z.array(flag),
  poolCreator: z.array(flag),
  importStatus: z.array(z.enum(IMPORT_STATUSES).nullable()),
  /** Index into `dictionaries.importBatchIds`, or null. */
  importBatch: z.array(index.nullable()),
  /** Index into `dictionaries.sources`. */
  source: z.array(index),
  /** Indexes into `dictionaries.tagIds`. */
  tags: z.array(z.array(index)),
  /** Indexes into `dictionaries.groupIds`. */
  groups: z.array(z.array(index)),
  tokensValueUsd: z.array(z.number().nullable()),
  lastScannedAt: z.array(epochMs.nullable()),
  createdAt: z.array(epochMs),
});
export type SlimWalletColumns = z.infer<typeof slimWalletColumnsSchema>;

export const slimWalletDictionariesSchema = z.object({
  importBatchIds: z.array(z.string()),
  sources: z.array(walletSourceSchema),
  tagIds: z.array(z.string()),
  groupIds: z.array(z.string()),
});
export type SlimWalletDictionaries = z.infer<typeof slimWalletDictionariesSchema>;

export const SLIM_WALLET_COLUMN_NAMES = Object.keys(
  slimWalletColumnsSchema.shape,
) as readonly (keyof SlimWalletColumns)[];

const DICTIONARY_OF = {
  importBatch: 'importBatchIds',
  source: 'sources',
  tags: 'tagIds',
  groups: 'groupIds',
} as const satisfies Partial<Record<keyof SlimWalletColumns, keyof SlimWalletDictionaries>>;

export const slimWalletListResponseSchema = z
  .object({
    /** The tenant's wallet-list version this answer was written at (a u64 as text). */
    version: u64StringSchema,
    count,
    columns: slimWalletColumnsSchema,
    dictionaries: slimWalletDictionariesSchema,
    summary: walletSummarySchema.optional(),
  })
  .superRefine((body, context) => {
    for (const name of SLIM_WALLET_COLUMN_NAMES) {
      if (body.columns[name].length !== body.count) {
        context.addIssue({
          code: 'custom',
          path: ['columns', name],
          message: `has ${body.columns[name].length} entries for ${body.count} wallets`,
        });
      }
    }
    for (const [column, dictionary] of Object.entries(DICTIONARY_OF)) {
      const size = body.dictionaries[dictionary].length;
      const values = body.columns[column as keyof typeof DICTIONARY_OF].flat();
      if (values.some((value) => value !== null && value >= size)) {
        context.addIssue({
          code: 'custom',
          path: ['columns', column],
          message: `points past the ${size} entries of dictionaries.${dictionary}`,
        });
      }
    }
  });
export type SlimWalletListResponse = z.infer<typeof slimWalletListResponseSchema>;
