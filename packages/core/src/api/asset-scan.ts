import { z } from 'zod';
import { addressSchema } from '../primitives/address';
import { TOKEN_TYPES } from '../tokens-overview/token-type';
import { MAX_OPERATION_WALLETS } from './sol-operations';

/**
 * The GetAssets scan (spec 2 §2.3 SCAN & SYNC, §2.4, §4, §7 `POST /api/scan-assets/preview-write`,
 * §9; issue 20): each wallet's assets read from the digital-asset API (`getAssetsByOwner`, fungible
 * tokens included), summed by mint for the preview, and written: the classes of the mints seen,
 * and the compressed NFTs, which own no token account and are therefore found by no other scan.
 *
 * Asked with `Accept: text/event-stream`, the route streams `started` (the job's id), `progress`
 * events and ends with `done` (the answer below) or `error`, as `GET /api/scan-sol-balances` does.
 */

/** The job kind of the GetAssets scan (a durable job; the route answers when it ends). */
export const ASSET_SCAN_JOB_KIND = 'scan.getassets';

/** Spec 2 §9: the GetAssets dialog shows the first 120 tokens. */
export const GETASSETS_SHOWN_TOKENS = 120;
/** Log lines an answer carries (the last ones). */
export const GETASSETS_LOG_LINES = 400;

/** Absent or empty: every active wallet of the tenant. */
export const scanAssetsBodySchema = z
  .object({
    publicAddresses: z
      .array(addressSchema)
      .max(MAX_OPERATION_WALLETS, `At most ${MAX_OPERATION_WALLETS} wallets`)
      .optional(),
  })
  .strict();
export type ScanAssetsBody = z.infer<typeof scanAssetsBodySchema>;

const count = z.number().int().nonnegative();

export const scannedTokenSchema = z.object({
  /** The mint, or a compressed NFT's asset id. */
  id: z.string(),
  name: z.string().nullable(),
  symbol: z.string().nullable(),
  logoUrl: z.string().nullable(),
  type: z.enum(TOKEN_TYPES),
  decimals: z.number().int().nonnegative().nullable(),
  /** Raw units summed over the scanned wallets (an NFT's is its count). */
  balance_str: z.string().regex(/^\d+$/),
  holders: count,
});
export type ScannedToken = z.infer<typeof scannedTokenSchema>;

export const scanAssetsStatsSchema = z.object({
  walletsScanned: count,
  walletsFailed: count,
  /** Wallets with more than 50 pages of assets, read in part. */
  walletsTruncated: count,
  assets: count,
  fungible: count,
  nfts: count,
  compressedNfts: count,
  /** Mints whose class is now stored. */
  classesStored: count,
  rpcCalls: count,
  durationMs: count,
});
export type ScanAssetsStats = z.infer<typeof scanAssetsStatsSchema>;

export const scanAssetsResponseSchema = z.object({
  /** Every token seen, largest holder count first; the dialog shows the first 120. */
  tokens: z.array(scannedTokenSchema),
  /** Holders per token id. */
  holdersByMint: z.record(z.string(), count),
  stats: scanAssetsStatsSchema,
  errors: z.array(z.object({ address: z.string(), error: z.string() })),
  logMessages: z.array(z.string()),
});
export type ScanAssetsResponse = z.infer<typeof scanAssetsResponseSchema>;

export type ScanAssetsEvent =
  /** The job the scan runs as (first): the dialog keeps it open, to follow after a reload. */
  | { readonly type: 'started'; readonly jobId: string }
  | { readonly type: 'progress'; readonly processed: number; readonly total: number }
  | { readonly type: 'done'; readonly result: ScanAssetsResponse }
  | { readonly type: 'error'; readonly error: string; readonly code?: string };
