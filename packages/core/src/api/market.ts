import { z } from 'zod';
import { isAddress } from '../primitives/address';

/**
 * Prices from the market (issue 18; spec 1 §7): `GET /api/jupiter/price?ids=` in Jupiter Price
 * v3's shape, and `GET /api/market/sol-price`, the SOL/USD price with its source and age. Prices
 * are rates (`number`), never money: amounts stay raw `bigint`/u64 strings elsewhere.
 */

/** Jupiter Price v3 takes 50 ids a call; our route takes two calls' worth and batches them. */
export const PRICE_IDS_MAX = 100;

/** The longest `ids` text worth reading: 100 addresses of 44 characters and their commas. */
const IDS_MAX_CHARS = PRICE_IDS_MAX * 45;

/**
 * `?ids=a,b,c`: 1 to 100 distinct base58 mint addresses, comma-separated. The length is checked
 * before any address is decoded, so 10,000 ids are refused without decoding 10,000 strings.
 */
export const priceQuerySchema = z.object({
  ids: z
    .string({ message: 'ids is required: comma-separated mint addresses' })
    .max(IDS_MAX_CHARS, `ids takes at most ${PRICE_IDS_MAX} mint addresses`)
    .transform((text, context) => {
      const ids = [
        ...new Set(
          text
            .split(',')
            .map((id) => id.trim())
            .filter((id) => id !== ''),
        ),
      ];
      if (ids.length === 0) {
        context.addIssue({ code: 'custom', message: 'ids must name at least one mint address' });
        return z.NEVER;
      }
      if (ids.length > PRICE_IDS_MAX) {
        context.addIssue({
          code: 'custom',
          message: `ids takes at most ${PRICE_IDS_MAX} mint addresses`,
        });
        return z.NEVER;
      }
      const bad = ids.find((id) => !isAddress(id));
      if (bad !== undefined) {
        context.addIssue({
          code: 'custom',
          message: `Not a mint address: ${bad.slice(0, 48)}`,
        });
        return z.NEVER;
      }
      return ids;
    }),
});
export type PriceQuery = z.infer<typeof priceQuerySchema>;

/** Where a price came from: the provider of the fallback chain that answered first. */
export const priceSourceSchema = z.enum(['jupiter', 'dexscreener', 'geckoterminal', 'moralis']);
export type PriceSource = z.infer<typeof priceSourceSchema>;

/** One mint's entry: Jupiter's `usdPrice`, plus who answered it and when (ISO time). */
export const priceEntrySchema = z.object({
  usdPrice: z.number().positive(),
  source: priceSourceSchema,
  fetchedAt: z.string(),
});

/** Keyed by mint, as Jupiter Price v3 answers; a mint no provider prices is left out. */
export const priceResponseSchema = z.record(z.string(), priceEntrySchema);
export type PriceResponse = z.infer<typeof priceResponseSchema>;

/**
 * The SOL/USD price with its source and age, or why it is unavailable (spec 1 §8: "Invalid SOL
 * price from {provider}" when a provider answered a price that failed the checks). Never a zero.
 */
export const solPriceSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('known'),
    priceUsd: z.number().positive(),
    source: priceSourceSchema,
    fetchedAt: z.string(),
    ageMs: z.number().int().nonnegative(),
  }),
  z.object({
    status: z.literal('unavailable'),
    /** The sentence to show: the spec's words when a provider's price was refused. */
    message: z.string(),
    /** Every provider's reason, in the order they were asked. */
    reasons: z.array(z.string()),
  }),
]);
export type SolPrice = z.infer<typeof solPriceSchema>;

/** One provider account's counters, for Scan Details beside the RPC endpoints. */
export const providerDetailSchema = z.object({
  provider: z.enum(['jupiter', 'dexscreener', 'geckoterminal', 'moralis', 'pumpportal']),
  calls: z.number().int().nonnegative(),
  cacheHits: z.number().int().nonnegative(),
  rateLimited: z.number().int().nonnegative(),
  errors: z.number().int().nonnegative(),
  timeouts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  coolingDownMs: z.number().nonnegative(),
});
export type ProviderDetail = z.infer<typeof providerDetailSchema>;
