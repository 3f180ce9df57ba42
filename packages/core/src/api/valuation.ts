import { z } from 'zod';
import { u64StringSchema } from '../primitives/u64';
import { priceSourceSchema, solPriceSchema } from './market';

/**
 * `GET /api/valuation` (spec 1 §7, no-store; spec 2 §3 "Valuation"): the signed-in tenant's
 * active wallets valued at the market's prices. The spec's fields are kept; what it leaves
 * unsaid is added beside them. A value that needs a price nobody gave is `null` and counted as
 * not priced, never $0 (issue 18). USD and SOL figures are display values (rates × amounts);
 * lamports and raw token amounts stay u64 strings.
 */

const count = z.number().int().nonnegative();
const usd = z.number().nonnegative();

/** One mint the tenant's active wallets hold (or held: zero-balance accounts count too). */
export const valuedAssetSchema = z.object({
  mint: z.string(),
  symbol: z.string().nullable(),
  name: z.string().nullable(),
  decimals: z.number().int().nonnegative(),
  /** Active wallets holding a balance of it (an empty account does not make a holder). */
  holders: count,
  instances: count,
  instancesWithBalance: count,
  /** The raw total over every account, as a u64-or-more decimal string. */
  amount: z.string().regex(/^\d+$/),
  /**
   * `priced`: a provider priced it; `not-priced`: some is held but no provider priced it (its
   * value is unknown, not zero); `no-balance`: only empty accounts, worth 0 whatever the price.
   */
  status: z.enum(['priced', 'not-priced', 'no-balance']),
  priceUsd: z.number().positive().nullable(),
  valueUsd: usd.nullable(),
  source: priceSourceSchema.nullable(),
  /** Why no provider priced it (each provider's reason), for `not-priced`. */
  reasons: z.array(z.string()),
});
export type ValuedAsset = z.infer<typeof valuedAssetSchema>;

const walletHighlightSchema = z.object({
  id: z.string(),
  address: z.string(),
  name: z.string().nullable(),
  lamports: u64StringSchema,
  /** Its SOL at the SOL price plus its priced tokens; null when the SOL price is unavailable. */
  valueUsd: usd.nullable(),
  valueSol: usd.nullable(),
});

export const valuationSchema = z.object({
  stats: z.object({
    wallets: z.object({
      total: count,
      withSol: count,
      withAssets: count,
      withClosable: count,
      /** Fleet does not track pool creators yet: null, not a count of 0. */
      poolCreators: count.nullable(),
    }),
    tokens: z.object({
      /** The priced tokens' value; `unpricedAssets` says how many held mints it leaves out. */
      totalValueUsd: usd,
      totalValueSol: usd.nullable(),
      uniqueAssets: count,
      assetInstances: count,
      instancesWithBalance: count,
      pricedAssets: count,
      unpricedAssets: count,
    }),
    closable: z.object({
      /** Token accounts holding 0: each returns its rent when closed. */
      count,
      rentLamports: u64StringSchema,
      rentSol: usd,
      rentUsd: usd.nullable(),
    }),
    portfolio: z.object({
      totalValueUsd: usd.nullable(),
      totalValueSol: usd.nullable(),
      totalSol: usd,
      totalLamports: u64StringSchema,
      totalSolUsd: usd.nullable(),
      totalAssetsUsd: usd,
      totalAssetsSol: usd.nullable(),
      /** False when the SOL price or any held token's price is missing from the totals. */
      complete: z.boolean(),
    }),
  }),
  highlights: z.object({
    mostValuableWallet: walletHighlightSchema.nullable(),
    /** The master wallet; its value only when it is also one of the tenant's wallets. */
    masterWallet: z
      .object({ address: z.string(), wallet: walletHighlightSchema.nullable() })
      .nullable(),
    mostCommonAsset: z
      .object({ mint: z.string(), symbol: z.string().nullable(), holders: count })
      .nullable(),
  }),
  reports: z.object({
    /** When the tenant's last Final Truth Scan ran to its end (ISO), or null before the first. */
    lastFinalTruthScan: z.string().nullable(),
  }),
  solPrice: solPriceSchema,
  /** Every held mint, most valuable first, then not priced, then empty. */
  assets: z.array(valuedAssetSchema),
  computedAt: z.string(),
});
export type Valuation = z.infer<typeof valuationSchema>;

/** Rent a token account (165 bytes) holds, returned when it is closed. */
export const TOKEN_ACCOUNT_RENT_LAMPORTS = 2_039_280n;

/**
 * `GET /api/valuation/wallets` (no-store): each wallet's token value at the same prices as
 * `GET /api/valuation`, for the wallet table's Total Value and Tokens Value columns and the
 * header line's USD (spec 2 §2.1). Kept apart from the valuation so that its cards stay a small
 * answer; only wallets holding a token balance are listed (the others' tokens are worth $0), as
 * three parallel columns.
 */
export const walletValuesSchema = z
  .object({
    /** The SOL price the figures were made with: the table adds each wallet's SOL at it. */
    solPrice: solPriceSchema,
    wallets: z.object({
      ids: z.array(z.string()),
      /** Each wallet's priced token balances in USD; null when none of its tokens is priced. */
      tokensUsd: z.array(usd.nullable()),
      /** Each wallet's token balances of mints nobody priced: left out of `tokensUsd`. */
      unpricedTokens: z.array(count),
    }),
    computedAt: z.string(),
  })
  .refine(
    ({ wallets }) =>
      wallets.tokensUsd.length === wallets.ids.length &&
      wallets.unpricedTokens.length === wallets.ids.length,
    { message: 'the wallet value columns differ in length' },
  );
export type WalletValues = z.infer<typeof walletValuesSchema>;
