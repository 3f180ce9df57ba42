import { z } from 'zod';
import { addressSchema } from '../primitives/address';
import { u64StringSchema } from '../primitives/u64';
import { TOKEN_TYPES } from '../tokens-overview/token-type';

/**
 * The Tokens Overview (spec 2 §2.5, §3 "Aggregated token" and "Holder", §9; issue 20):
 * `GET /api/tokens/aggregated` answers every mint the tenant's active wallets hold a stored token
 * account of, summed over the fleet, with its class and market figures, and the count of each
 * class filter; `GET /api/token/{mint}/holders` answers the wallets holding one mint. Raw amounts
 * travel as decimal strings (a fleet's sum of one mint may exceed u64); USD figures are numbers,
 * null when no provider knows them (never a 0 standing in for unknown).
 */

/** Spec 2 §9: the web keeps the aggregated tokens for 30 s before asking again. */
export const AGGREGATED_TOKENS_STALE_MS = 30_000;
/** Spec 2 §2.5: the holders dialog's text for an empty list. */
export const NO_HOLDERS_MESSAGE = 'No holders found.';
/** Spec 2 §8: the holders dialog's text when the holders call fails. */
export const HOLDERS_FETCH_FAILED_MESSAGE = 'Failed to fetch holders';

/** Spec 2 §2.5's filter buttons: All plus one per class. */
export const TOKEN_FILTERS = ['all', ...TOKEN_TYPES] as const;
export type TokenFilter = (typeof TOKEN_FILTERS)[number];

/** Spec 2 §2.5's sortable columns, in its order. */
export const AGGREGATED_TOKEN_SORT_KEYS = [
  'name',
  'balance',
  'value',
  'fdv',
  'liquidity',
  'holders',
  'lastScan',
] as const;
export type AggregatedTokenSortKey = (typeof AGGREGATED_TOKEN_SORT_KEYS)[number];

// The error handler puts the field's name in front (`type: must be one of …`). An empty
// parameter (`?type=`) means the default, as the other list routes read one.
const oneOf = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? fallback : value),
    z.enum(values, { error: () => `must be one of ${values.join(', ')}` }),
  );

/** `GET /api/tokens/aggregated?type=&sort=&order=`; by default every class, by value, highest first. */
export const aggregatedTokensQuerySchema = z.object({
  type: oneOf(TOKEN_FILTERS, 'all'),
  sort: oneOf(AGGREGATED_TOKEN_SORT_KEYS, 'value'),
  order: oneOf(['asc', 'desc'] as const, 'desc'),
});
export type AggregatedTokensQuery = z.output<typeof aggregatedTokensQuerySchema>;

const rawSum = z.string().regex(/^\d+$/);
const usd = z.number().nonnegative().nullable();
const count = z.number().int().nonnegative();

export const aggregatedTokenSchema = z.object({
  /** The mint (spec 2 §3: a token's id is its mint). */
  id: z.string(),
  name: z.string().nullable(),
  symbol: z.string().nullable(),
  logoUrl: z.string().nullable(),
  /** Raw units summed over the fleet's active wallets. */
  balanceTotal: rawSum,
  /** USD at the market's price; null when no provider prices the mint. */
  valueTotal: usd,
  priceUsd: usd,
  fdvUsd: usd,
  liquidityUsd: usd,
  /** Wallets holding a balance of the mint, each once (the Holders column). */
  walletCount: count,
  accountCount: count,
  /** Accounts holding 0 of it: what Close Acct reclaims. */
  emptyAccountCount: count,
  /** The newest stored scan of the mint's accounts. */
  lastScan: z.string().nullable(),
  decimals: z.number().int().nonnegative().nullable(),
  type: z.enum(TOKEN_TYPES),
});
export type AggregatedToken = z.infer<typeof aggregatedTokenSchema>;

export const tokenFilterCountsSchema = z.object({
  all: count,
  spl: count,
  nft: count,
  cnft: count,
  other: count,
});
export type TokenFilterCounts = z.infer<typeof tokenFilterCountsSchema>;

export const aggregatedTokensResponseSchema = z.object({
  tokens: z.array(aggregatedTokenSchema),
  /** Every filter's count over all the tenant's mints, whatever `type` was asked. */
  counts: tokenFilterCountsSchema,
  /**
   * The market had not answered for every mint when the answer went out (the server waits on it
   * only briefly): the figures shown are the last known, or unknown, and the page asks again soon.
   */
  marketPending: z.boolean(),
  computedAt: z.string(),
});
export type AggregatedTokensResponse = z.infer<typeof aggregatedTokensResponseSchema>;

/** `GET /api/token/{mint}/holders`: the mint must be a real address (32 bytes of base58). */
export const tokenHoldersParamsSchema = z.object({
  mint: addressSchema,
});

/** Spec 2 §3 Holder's groups: `seed` is a seed vault, `import` an import batch, `custom` a group. */
export const HOLDER_GROUP_TYPES = ['seed', 'import', 'custom'] as const;

export const tokenHolderSchema = z.object({
  /** The wallet's id (for reveal-keys and the row actions) and name. */
  id: z.string(),
  name: z.string().nullable(),
  address: z.string(),
  /** Raw units over the wallet's accounts of this mint. */
  amount_str: rawSum,
  decimals: z.number().int().nonnegative(),
  /** SOL as of the last scan (display figure), and exactly in lamports; null until scanned. */
  sol_balance: z.number().nonnegative().nullable(),
  lamports: u64StringSchema.nullable(),
  is_master_wallet: z.boolean(),
  is_trader: z.boolean(),
  /**
   * Spec 2 §3 lists `private_key` here; keys leave the server only through the audited
   * reveal (`POST /api/wallets/reveal-keys`) after the dialog's confirmation, so the list says
   * only whether one can be copied.
   */
  has_private_key: z.boolean(),
  token_accounts: count,
  groups: z.array(
    z.object({
      id: z.string(),
      type: z.enum(HOLDER_GROUP_TYPES),
      label: z.string().nullable(),
      name: z.string(),
    }),
  ),
  tags: z.array(z.object({ name: z.string(), slug: z.string() })),
});
export type TokenHolder = z.infer<typeof tokenHolderSchema>;

export const tokenHoldersResponseSchema = z.object({
  mint: z.string(),
  /** Empty when the fleet holds no account of the mint (the dialog shows `NO_HOLDERS_MESSAGE`). */
  holders: z.array(tokenHolderSchema),
});
export type TokenHoldersResponse = z.infer<typeof tokenHoldersResponseSchema>;
