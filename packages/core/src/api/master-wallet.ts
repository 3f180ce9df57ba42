import { z } from 'zod';
import { masterHistoryEntryIdSchema } from '../primitives/ids';
import { u64StringSchema } from '../primitives/u64';

/**
 * Master wallet (spec 1 §3, §7). Departure from the spec: `GET /api/master-wallet` does not carry
 * the private key; it leaves the server only through the audited `POST /api/master-wallet/reveal`.
 */
export const masterWalletResponseSchema = z.object({
  public_address: z.string(),
  has_private_key: z.boolean(),
  updated_at: z.string(),
});
export type MasterWalletResponse = z.infer<typeof masterWalletResponseSchema>;

export const saveMasterWalletRequestSchema = z.object({
  public_address: z.string().trim().max(64).optional(),
  private_key: z
    .string({ message: 'Private key is empty' })
    .max(2048, 'Invalid private key length'),
});
export type SaveMasterWalletRequest = z.input<typeof saveMasterWalletRequestSchema>;

export const revealMasterWalletResponseSchema = z.object({
  public_address: z.string(),
  private_key: z.string(),
});

/** Lamports travel as decimal strings: JSON numbers lose precision above 2^53. */
export const masterBalanceResponseSchema = z.object({
  public_address: z.string(),
  lamports: u64StringSchema,
});
export type MasterBalanceResponse = z.infer<typeof masterBalanceResponseSchema>;

export const MASTER_HISTORY_ACTIONS = ['set', 'swap', 'refresh', 'cleared'] as const;
export const MASTER_HISTORY_PAGE_SIZE = 25;

export const masterHistoryEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  created_at: z.string(),
  requested_by: z.string().nullable(),
  triggered_via: z.string().nullable(),
  previous_address: z.string().nullable(),
  previous_private_key: z.string().nullable(),
  new_address: z.string().nullable(),
  new_private_key: z.string().nullable(),
  note: z.string().nullable(),
  /**
   * Whether the vault holds that side's key for this entry. The keys themselves never travel in a
   * page (the `*_private_key` fields stay null); one is revealed only by the audited
   * `POST /api/history/master-wallet/{id}/reveal`.
   */
  previous_key_stored: z.boolean(),
  new_key_stored: z.boolean(),
});
export type MasterHistoryEntry = z.infer<typeof masterHistoryEntrySchema>;

export const masterHistoryPageSchema = z.object({
  entries: z.array(masterHistoryEntrySchema),
  hasMore: z.boolean(),
  nextCursor: z.string().nullable(),
});
export type MasterHistoryPage = z.infer<typeof masterHistoryPageSchema>;

export const masterHistoryQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(MASTER_HISTORY_PAGE_SIZE),
  before: z.string().max(200).optional(),
});

export const MASTER_HISTORY_KEY_SIDES = ['previous', 'new'] as const;
export type MasterHistoryKeySide = (typeof MASTER_HISTORY_KEY_SIDES)[number];

export const masterHistoryEntryParamsSchema = z.object({
  id: masterHistoryEntryIdSchema('No such master wallet history entry'),
});

/** `POST /api/history/master-wallet/{id}/reveal { side }`: one stored key of one entry. */
export const revealMasterHistoryKeyRequestSchema = z.object({
  side: z.enum(MASTER_HISTORY_KEY_SIDES, { message: 'side must be "previous" or "new"' }),
});
export type RevealMasterHistoryKeyRequest = z.infer<typeof revealMasterHistoryKeyRequestSchema>;

export const revealMasterHistoryKeyResponseSchema = z.object({
  id: z.string(),
  side: z.enum(MASTER_HISTORY_KEY_SIDES),
  public_address: z.string(),
  private_key: z.string(),
});
export type RevealMasterHistoryKeyResponse = z.infer<typeof revealMasterHistoryKeyResponseSchema>;

/**
 * `GET /api/master-wallet/holdings`: what the master holds on chain now, read when the operator is
 * about to replace or clear it. `tokens` lists only token accounts with a balance, one per mint.
 */
export const masterHoldingsTokenSchema = z.object({
  mint: z.string(),
  symbol: z.string().nullable(),
  name: z.string().nullable(),
  amount: u64StringSchema,
  decimals: z.number().int(),
});
export const masterHoldingsResponseSchema = z.object({
  public_address: z.string(),
  lamports: u64StringSchema,
  tokens: z.array(masterHoldingsTokenSchema),
});
export type MasterHoldingsResponse = z.infer<typeof masterHoldingsResponseSchema>;

/** Spec 1 §3 event labels. */
export function masterHistoryLabel(action: string): string {
  switch (action) {
    case 'set':
      return 'Initialised';
    case 'swap':
      return 'Swapped';
    case 'refresh':
      return 'Credentials refreshed';
    case 'cleared':
      return 'Cleared';
    default:
      return 'Unknown';
  }
}
