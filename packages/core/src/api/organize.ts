import { z } from 'zod';
import { addressTextSchema } from '../primitives/address';
import { tagIdSchema, walletIdSchema } from '../primitives/ids';
import { u64StringSchema } from '../primitives/u64';

/**
 * Tags, groups and search (spec 2 §2.1, §3, §5, §7; spec 1 §2 header search and §3 computed
 * groups). Field names follow the spec's wire shapes (snake_case) where the spec gives them.
 */

// Ids in replies stay plain strings (the server builds them from rows, the web's fixtures too);
// request ids are branded (`walletIdSchema()`).
const walletId = z.string().uuid();
const address = addressTextSchema;

export const MAX_NAME_LENGTH = 64;
export const DEFAULT_TAG_COLOR = '#3b82f6';
export const SECONDARY_TAG_COLOR = '#64748b';
/** Wallet-source seed tags start with this (spec 1 §9, spec 2 §3). */
export const SEED_TAG_PREFIX = 'seed_vault_';

const name = (what: string) =>
  z
    .string({ message: `${what} name is required` })
    .trim()
    .min(1, `${what} name is required`)
    .max(MAX_NAME_LENGTH, `${what} name must be at most ${MAX_NAME_LENGTH} characters`);

/** `#rgb` or `#rrggbb`: what a colour input produces and the table can paint. */
export const colorSchema = z
  .string()
  .trim()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'Colour must be a hex colour like #3b82f6')
  .transform((value) => value.toLowerCase());

export const tagSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  color: z.string().nullable(),
  icon: z.string().nullable(),
  description: z.string().nullable(),
  /** Made by Fleet (trader, master); listed apart from custom tags, not editable. */
  is_system: z.boolean(),
  /** Derived from the data (seed sources): membership is computed, not assigned. */
  is_computed: z.boolean(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  wallet_count: z.number().int(),
});
export type Tag = z.infer<typeof tagSchema>;

export const listTagsResponseSchema = z.object({ tags: z.array(tagSchema) });

export const createTagRequestSchema = z.object({
  name: name('Tag'),
  color: colorSchema.default(DEFAULT_TAG_COLOR),
  description: z.string().trim().max(280, 'Description must be at most 280 characters').optional(),
});
export const createTagResponseSchema = z.object({ tag: tagSchema });

/** Manage Tags: rename, recolour or describe a custom tag (system and computed tags are fixed). */
export const updateTagRequestSchema = z.object({
  name: name('Tag').optional(),
  color: colorSchema.optional(),
  description: z.string().trim().max(280, 'Description must be at most 280 characters').optional(),
});
/** The reply to deleting a custom tag or group. */
export const deletedResponseSchema = z.object({ deleted: z.literal(true) });

export const assignTagsRequestSchema = z.object({
  walletIds: z
    .array(walletIdSchema(), { message: 'walletIds must be a list of wallet ids' })
    .min(1, 'No wallets selected - Select at least one wallet')
    .max(100_000),
  tagIds: z
    .array(tagIdSchema('Unknown tag'), { message: 'tagIds must be a list of tag ids' })
    .min(1, 'Select at least one tag')
    .max(100),
});
export const assignTagsResponseSchema = z.object({ changed: z.number().int() });

export const GROUP_KINDS = ['custom', 'computed', 'seed'] as const;

export const groupSchema = z.object({
  /** A uuid for custom groups; `all`, `traders`, … or `seed:{id}` for computed ones. */
  id: z.string(),
  group_name: z.string(),
  color: z.string().nullable(),
  description: z.string().nullable(),
  kind: z.enum(GROUP_KINDS),
  count: z.number().int().optional(),
  /** With counts: the SOL its active wallets held at their last scan, in lamports (u64 string). */
  total_lamports: u64StringSchema.optional(),
  /** With counts: their value in USD, null until a price service exists (never a made-up number). */
  total_value_usd: z.number().nullable().optional(),
  created_at: z.string().nullable(),
});
export type Group = z.infer<typeof groupSchema>;

export const listGroupsResponseSchema = z.object({ groups: z.array(groupSchema) });

export const createGroupRequestSchema = z.object({
  group_name: name('Group'),
  color: colorSchema.default(DEFAULT_TAG_COLOR),
  description: z.string().trim().max(280, 'Description must be at most 280 characters').optional(),
  walletIds: z.array(walletIdSchema()).max(100_000).default([]),
});
export const updateGroupRequestSchema = z.object({
  group_name: name('Group').optional(),
  color: colorSchema.optional(),
  description: z.string().trim().max(280, 'Description must be at most 280 characters').optional(),
  addWalletIds: z.array(walletIdSchema()).max(100_000).optional(),
  removeWalletIds: z.array(walletIdSchema()).max(100_000).optional(),
});
export const groupResponseSchema = z.object({ group: groupSchema });

/** The group call's wallet shape (spec 2 §3), with `has_private_key` for the key itself. */
export const groupWalletSchema = z.object({
  id: walletId,
  public_address: address,
  name: z.string().nullable(),
  lamports_balance: u64StringSchema.nullable(),
  last_updated: z.string().nullable(),
  created_at: z.string(),
  is_trader: z.boolean(),
  is_master_wallet: z.boolean(),
  has_private_key: z.boolean(),
});
export const groupWalletsResponseSchema = z.object({
  group: groupSchema,
  wallets: z.array(groupWalletSchema),
});

/**
 * `PATCH /api/wallets/{id}`: the operator's name for a wallet (spec 2 §3 `name`, shown in place of
 * nothing: the table shows the shortened address when it is null). Trimmed; empty clears it. No
 * control characters, and none of the invisible marks that reorder text (bidi controls), which
 * could make a name read like a different address.
 */
export const MAX_WALLET_NAME_LENGTH = 64;
const NAME_CONTROL_CHARACTERS = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
export const renameWalletRequestSchema = z.object({
  name: z
    .string({ message: 'Wallet name must be text' })
    .trim()
    .max(MAX_WALLET_NAME_LENGTH, `Wallet name must be at most ${MAX_WALLET_NAME_LENGTH} characters`)
    .refine((text) => !NAME_CONTROL_CHARACTERS.test(text), {
      message: 'Wallet name cannot contain control characters',
    })
    .transform((text) => (text === '' ? null : text)),
});
export type RenameWalletRequest = z.input<typeof renameWalletRequestSchema>;
export const renameWalletResponseSchema = z.object({
  wallet: z.object({ id: walletId, address, name: z.string().nullable() }),
});

export const SEARCH_MIN_CHARS = 3;
export const SEARCH_MAX_CHARS = 128;
export const SEARCH_DEFAULT_LIMIT = 8;

export const searchQuerySchema = z.object({
  q: z
    .string({ message: 'Search text is required' })
    .trim()
    .max(SEARCH_MAX_CHARS, `Search text must be at most ${SEARCH_MAX_CHARS} characters`),
  limit: z.coerce
    .number({ message: 'limit must be a number from 1 to 50' })
    .int()
    .min(1, 'limit must be a number from 1 to 50')
    .max(50, 'limit must be a number from 1 to 50')
    .default(SEARCH_DEFAULT_LIMIT),
});

/** Spec 2 §3 search results, plus the tokens the header search offers (spec 1 §2). */
export const searchResponseSchema = z.object({
  wallets: z.array(
    z.object({ id: z.string(), public_address: z.string(), name: z.string().nullable() }),
  ),
  tags: z.array(
    z.object({ id: z.string(), slug: z.string(), name: z.string(), color: z.string().nullable() }),
  ),
  groups: z.array(z.object({ id: z.string(), group_name: z.string() })),
  tokens: z.array(
    z.object({
      mint: z.string(),
      symbol: z.string().nullable(),
      name: z.string().nullable(),
      /** `market`: found by the market's search, not in the tenant's wallets (listed after them). */
      source: z.literal('market').optional(),
    }),
  ),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
