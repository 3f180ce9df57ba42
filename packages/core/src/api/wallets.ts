import { z } from 'zod';
import { addressTextSchema } from '../primitives/address';
import {
  customGroupIdSchema,
  importBatchIdSchema,
  seedGroupIdSchema,
  walletIdSchema,
} from '../primitives/ids';
import { u64StringSchema } from '../primitives/u64';

/**
 * The wallet list and what is done to wallets (spec 2 §2.1, §3, §7; issue 6). Balances are as of
 * the last scan; lamports and raw token amounts travel as decimal strings (u64 exceeds JSON's safe
 * integers). USD figures are null until a price service exists: never a made-up number.
 */

const address = addressTextSchema;
// Ids in replies stay plain strings (the server builds them from rows, the web's fixtures too);
// request ids are branded (`walletIdSchema()`).
const walletId = z.string().uuid();

/**
 * Where a wallet comes from. A `middleman` is a keypair the server generated for one recipient
 * of a two-hop distribution (issue 17): its own source, so it is never mistaken for a fleet
 * wallet the operator made, and never handed to another distribution.
 */
export const WALLET_SOURCE_KINDS = ['seed', 'import', 'manual', 'middleman'] as const;
export type WalletSourceKind = (typeof WALLET_SOURCE_KINDS)[number];

/** The Source column's label of a middleman (seed wallets show their vault, keys 'PK'). */
export const MIDDLEMAN_SOURCE_LABEL = 'Middleman';

export const IMPORT_STATUSES = ['new', 'restored', 'updated'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const walletTagRefSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  color: z.string().nullable(),
});
export type WalletTagRef = z.infer<typeof walletTagRefSchema>;

export const walletTokenSchema = z.object({
  /** The mint address (spec 2 §3: a token's id is its mint). */
  mint: address,
  tokenAccount: address,
  program: z.string(),
  symbol: z.string().nullable(),
  name: z.string().nullable(),
  decimals: z.number().int(),
  amount: u64StringSchema,
  valueUsd: z.number().nullable(),
});
export type WalletToken = z.infer<typeof walletTokenSchema>;

export const tokenStatsSchema = z.object({
  total: z.number().int(),
  withBalance: z.number().int(),
  zeroBalance: z.number().int(),
});
export type TokenStats = z.infer<typeof tokenStatsSchema>;

/**
 * One wallet as the table works with it, without token lists. `GET /api/wallets?mode=slim` sends
 * these as columns (`slimWalletListResponseSchema`); `readSlimWalletList` turns them into rows.
 */
export const slimWalletSchema = z.object({
  id: walletId,
  address,
  /** The operator's name for it, or null (the table shows the shortened address). */
  name: z.string().nullable(),
  /** Null until the wallet has been scanned. */
  lamports: u64StringSchema.nullable(),
  tokenStats: tokenStatsSchema,
  isTrader: z.boolean(),
  isMasterWallet: z.boolean(),
  /** Set while the wallet belongs to the latest import batch (spec 2 §4 badge colours). */
  importStatus: z.enum(IMPORT_STATUSES).nullable(),
  importBatchId: z.string().nullable(),
  sourceKind: z.enum(WALLET_SOURCE_KINDS),
  /** The seed group for seed wallets, the import batch for imported ones, null otherwise. */
  sourceId: z.string().nullable(),
  /**
   * 'PK' for pasted or created keys, the seed vault's label (or 'Seed') for derived ones,
   * `MIDDLEMAN_SOURCE_LABEL` for middlemen.
   */
  sourceLabel: z.string(),
  tagIds: z.array(z.string()),
  groupIds: z.array(z.string()),
  poolCreator: z.boolean(),
  tokensValueUsd: z.number().nullable(),
  lastScannedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SlimWallet = z.infer<typeof slimWalletSchema>;

/** A full row: the slim fields plus the token accounts and the tags spelled out. */
export const walletSchema = slimWalletSchema.extend({
  tokens: z.array(walletTokenSchema),
  tags: z.array(walletTagRefSchema),
});
export type Wallet = z.infer<typeof walletSchema>;

/** The header line and Portfolio Overview in SOL terms (spec 2 §2.1, §3 Valuation). */
export const walletSummarySchema = z.object({
  wallets: z.object({
    total: z.number().int(),
    withSol: z.number().int(),
    withAssets: z.number().int(),
    withClosable: z.number().int(),
    poolCreators: z.number().int(),
    traders: z.number().int(),
  }),
  totalLamports: u64StringSchema,
  tokens: z.object({
    uniqueAssets: z.number().int(),
    assetInstances: z.number().int(),
    instancesWithBalance: z.number().int(),
    totalValueUsd: z.number().nullable(),
  }),
  closable: z.object({
    count: z.number().int(),
    /** Rent held by zero-balance token accounts (2,039,280 lamports each for 165-byte accounts). */
    rentLamports: u64StringSchema,
  }),
  lastScannedAt: z.string().nullable(),
});
export type WalletSummary = z.infer<typeof walletSummarySchema>;

/** Query of `GET /api/wallets`. Filters combine with AND. */
export const listWalletsQuerySchema = z.object({
  mode: z.enum(['full', 'slim']).default('full'),
  summary: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  tag: z.string().max(80).optional(),
  groupId: customGroupIdSchema('Unknown group').optional(),
  seedGroupId: seedGroupIdSchema('Unknown seed vault').optional(),
  importBatchId: importBatchIdSchema('Unknown import batch').optional(),
  traderOnly: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
export type ListWalletsQuery = z.input<typeof listWalletsQuerySchema>;

export const listWalletsResponseSchema = z.object({
  wallets: z.array(walletSchema),
  summary: walletSummarySchema.optional(),
});
export type ListWalletsResponse = z.infer<typeof listWalletsResponseSchema>;

/**
 * `GET /api/wallets/version`: the tenant's wallet-list version, bumped by the database with every
 * change the list shows (a scan, a live balance, an import). The console polls it and reads the
 * list again only when it moved.
 */
export const walletListVersionResponseSchema = z.object({ version: z.string().regex(/^\d+$/) });
export type WalletListVersionResponse = z.infer<typeof walletListVersionResponseSchema>;

export const MAX_CREATE_WALLETS = 100;

/** `POST /api/create-wallet`: keys are generated on the server straight into the vault. */
export const createWalletsRequestSchema = z.object({
  is_trader: z.boolean().default(false),
  count: z
    .number({ message: 'Count must be a number from 1 to 100' })
    .int('Count must be a whole number from 1 to 100')
    .min(1, 'Count must be from 1 to 100')
    .max(MAX_CREATE_WALLETS, 'Count must be from 1 to 100'),
});
export const createWalletsResponseSchema = z.object({
  batchId: z.string(),
  wallets: z.array(z.object({ id: walletId, address })),
});
export type CreateWalletsResponse = z.infer<typeof createWalletsResponseSchema>;

const walletIdList = z
  .array(walletIdSchema(), { message: 'walletIds must be a list of wallet ids' })
  .min(1, 'No wallets selected - Select at least one wallet')
  .max(100_000);

export const archivedWalletSchema = z.object({
  id: walletId,
  public_address: address,
  archived_at: z.string(),
});
export const listArchivedWalletsResponseSchema = z.object({
  wallets: z.array(archivedWalletSchema),
});
export type ArchivedWallet = z.infer<typeof archivedWalletSchema>;

/**
 * `DELETE /api/archived-wallets`: archives active wallets (`permanent: false`), or deletes
 * archived ones for good, which needs `confirm` to repeat the exact sentence.
 */
export const PERMANENT_DELETE_CONFIRMATION = 'DELETE PERMANENTLY';
export const archiveWalletsRequestSchema = z
  .object({
    walletIds: walletIdList,
    permanent: z.boolean().default(false),
    confirm: z.string().optional(),
    /**
     * A permanent delete of wallets that hold funds (or were never scanned) also needs the number
     * of wallets being deleted, as the operator typed it; the server refuses it otherwise.
     */
    confirmFunded: z
      .number({ message: 'confirmFunded must be the number of wallets being deleted' })
      .int('confirmFunded must be the number of wallets being deleted')
      .nonnegative('confirmFunded must be the number of wallets being deleted')
      .optional(),
  })
  .refine((body) => !body.permanent || body.confirm === PERMANENT_DELETE_CONFIRMATION, {
    message: `Permanent deletion needs confirm: "${PERMANENT_DELETE_CONFIRMATION}"`,
    path: ['confirm'],
  });
export const archiveWalletsResponseSchema = z.object({
  archived: z.number().int(),
  deleted: z.number().int(),
});

/**
 * `POST /api/wallets/holdings { walletIds }`: what each wallet held at its last scan (SOL, the
 * number of token accounts with a balance, up to three of them) and the totals, for the archive
 * and permanent-delete confirmations. Active and archived wallets alike; ids not found are left
 * out and counted in `missing`.
 */
export const MAX_HOLDINGS_TOKENS_PER_WALLET = 3;
export const walletHoldingsRequestSchema = z.object({ walletIds: walletIdList });
export const walletHoldingSchema = z.object({
  id: walletId,
  address,
  name: z.string().nullable(),
  archived: z.boolean(),
  /** Null until the wallet has been scanned. */
  lamports: u64StringSchema.nullable(),
  tokenAccountsWithBalance: z.number().int(),
  tokens: z.array(
    z.object({
      mint: address,
      symbol: z.string().nullable(),
      amount: u64StringSchema,
      decimals: z.number().int(),
    }),
  ),
});
export type WalletHolding = z.infer<typeof walletHoldingSchema>;
export const fundsSummarySchema = z.object({
  wallets: z.number().int(),
  funded: z.number().int(),
  unscanned: z.number().int(),
  lamports: u64StringSchema,
  tokenAccountsWithBalance: z.number().int(),
});
export const walletHoldingsResponseSchema = z.object({
  wallets: z.array(walletHoldingSchema),
  summary: fundsSummarySchema,
  missing: z.number().int(),
});
export type WalletHoldingsResponse = z.infer<typeof walletHoldingsResponseSchema>;

export const restoreWalletsRequestSchema = z.object({
  ids: z
    .array(walletIdSchema(), { message: 'ids must be a list of wallet ids' })
    .min(1, 'Select at least one archived wallet to restore')
    .max(100_000),
});
export const restoreWalletsResponseSchema = z.object({ restored: z.number().int() });

/** `POST /api/wallets/reveal-keys`: the explicit, audited, rate-limited way keys leave. */
export const MAX_REVEAL_KEYS = 10_000;
export const revealKeysRequestSchema = z.object({
  walletIds: walletIdList.max(MAX_REVEAL_KEYS),
  purpose: z.enum(['reveal', 'copy']),
});
export const revealKeysResponseSchema = z.object({
  keys: z.array(z.object({ id: walletId, address, privateKey: z.string() })),
});
export type RevealKeysResponse = z.infer<typeof revealKeysResponseSchema>;

/**
 * `POST /api/wallets/export`: CSV or JSON as a download. Keys only with
 * `includePrivateKeys: true` and the confirmation sentence.
 */
export const EXPORT_KEYS_CONFIRMATION = 'I UNDERSTAND';
export const exportWalletsRequestSchema = z
  .object({
    walletIds: walletIdList.optional(),
    format: z.enum(['csv', 'json']),
    includePrivateKeys: z.boolean().default(false),
    confirm: z.string().optional(),
  })
  .refine((body) => !body.includePrivateKeys || body.confirm === EXPORT_KEYS_CONFIRMATION, {
    message: `Exporting private keys needs confirm: "${EXPORT_KEYS_CONFIRMATION}"`,
    path: ['confirm'],
  });
export type ExportWalletsRequest = z.input<typeof exportWalletsRequestSchema>;

/** One exported wallet (the JSON file is an array of these; the CSV has the same columns). */
export const exportedWalletSchema = z.object({
  address,
  name: z.string().nullable(),
  source: z.string(),
  tags: z.string(),
  lamports: u64StringSchema.nullable(),
  createdAt: z.string(),
  privateKey: z.string().optional(),
});

/** `GET /api/wallet/{address}` answers `{ wallet }`. */
export const getWalletResponseSchema = z.object({ wallet: walletSchema });
