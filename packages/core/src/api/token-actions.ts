import { z } from 'zod';
import { addressSchema } from '../primitives/address';

/**
 * The Tokens Overview's two bulk actions (spec 2 §2.5, §7, §9; issue 20). Spec 2 §7 leaves both
 * bodies and answers "not shown"; these are Fleet's.
 *
 * - `POST /api/scan/token-classify` asks the digital-asset API (`getAssetBatch`) what each mint
 *   is (fungible, NFT, compressed NFT) and stores the class. When the API fails, the overview
 *   keeps the spec's type rule (decimals 0 is an NFT, others SPL, none other) and the answer
 *   says why.
 * - `POST /api/market/refresh` re-reads the market figures (price, FDV, liquidity) of the given
 *   mints now instead of at their next refresh; the web sends them in batches of 50.
 */

/** Spec 2 §9: the market refresh goes in batches of 50 tokens. */
export const MARKET_REFRESH_BATCH = 50;
/** Mints one classify call may name; the digital-asset API reads them 1,000 a batch. */
export const TOKEN_CLASSIFY_MAX_MINTS = 10_000;

/** An empty or absent list classifies every mint the fleet holds that has no stored class yet. */
export const tokenClassifyBodySchema = z
  .object({
    mints: z.array(addressSchema).max(TOKEN_CLASSIFY_MAX_MINTS).optional(),
  })
  .strict();
export type TokenClassifyBody = z.infer<typeof tokenClassifyBodySchema>;

export const tokenClassifyResponseSchema = z.object({
  /** Mints asked about. */
  requested: z.number().int().nonnegative(),
  /** Mints whose class the digital-asset API answered and that are now stored. */
  classified: z.number().int().nonnegative(),
  /** Mints left to the type rule: the API did not know them or could not be read. */
  degraded: z.number().int().nonnegative(),
  /** Why some were degraded (the API's error), null when none were. */
  reason: z.string().nullable(),
});
export type TokenClassifyResponse = z.infer<typeof tokenClassifyResponseSchema>;

export const marketRefreshBodySchema = z
  .object({
    mints: z.array(addressSchema).min(1).max(MARKET_REFRESH_BATCH),
    chunkSize: z.number().int().min(1).max(MARKET_REFRESH_BATCH).default(MARKET_REFRESH_BATCH),
  })
  .strict();
export type MarketRefreshBody = z.input<typeof marketRefreshBodySchema>;

export const marketRefreshResponseSchema = z.object({
  /** Mints a provider now has figures for. */
  refreshed: z.number().int().nonnegative(),
  /** Mints no provider could price, and the providers' reasons. */
  unpriced: z.array(z.string()),
  reasons: z.array(z.string()),
});
export type MarketRefreshResponse = z.infer<typeof marketRefreshResponseSchema>;
