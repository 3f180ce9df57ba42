import { DAS_MAX_LIMIT, type DigitalAsset, type DigitalAssets } from '@fleet/chain';
import {
  ASSET_SCAN_JOB_KIND,
  GETASSETS_LOG_LINES,
  foldWalletAssets,
  scannedTokenSchema,
  systemClock,
  type Clock,
  type OwnedAsset,
  type ScanAssetsResponse,
  type TokenType,
} from '@fleet/core';
import { withTenant, type FleetDatabase } from '@fleet/db';
import { z } from 'zod';
import type { JobHandler } from '../jobs/job-handler';
import { ownedAssetOf } from '../tokens-overview/asset-class';
import { writeMintClasses } from '../tokens-overview/mint-classes';
import { writeCompressedAssets, type WalletCompressedRead } from './compressed-assets';

/** Wallets written per transaction: a crash or a cancel leaves each batch whole. */
export const ASSET_SCAN_BATCH = 50;
/** Wallets read at once; the endpoint pool paces the calls under its budgets. */
const READS_IN_FLIGHT = 8;
/** Pages read per wallet at most (50,000 assets), as the DAS client's default. */
const MAX_PAGES = 50;

const count = z.number().int().nonnegative();

export const assetScanParamsSchema = z.object({
  /** The wallets to read, in order, as they were when the scan was started. */
  wallets: z.array(z.object({ id: z.string().uuid(), address: z.string() })),
  /** Addresses asked for that are no active wallet of the tenant: reported, never read. */
  unknownAddresses: z.array(z.string()),
});
export type AssetScanParams = z.infer<typeof assetScanParamsSchema>;

/** What the scan has summed so far; the checkpoint keeps it with the next wallet's index. */
const assetScanStateSchema = z.object({
  startedAt: z.number(),
  tokens: z.array(scannedTokenSchema),
  errors: z.array(z.object({ address: z.string(), error: z.string() })),
  walletsScanned: count,
  walletsTruncated: count,
  assets: count,
  fungible: count,
  nfts: count,
  compressedNfts: count,
  rpcCalls: count,
  /** Mints whose class this scan stored (each is written once). */
  storedMints: z.array(z.string()),
  logMessages: z.array(z.string()),
});
type AssetScanState = z.infer<typeof assetScanStateSchema>;

const checkpointSchema = z.object({ nextIndex: count, state: assetScanStateSchema });
export type AssetScanCheckpoint = z.infer<typeof checkpointSchema>;

type WalletRead =
  | {
      readonly wallet: AssetScanParams['wallets'][number];
      readonly ok: true;
      readonly assets: readonly DigitalAsset[];
      readonly truncated: boolean;
    }
  | {
      readonly wallet: AssetScanParams['wallets'][number];
      readonly ok: false;
      readonly error: string;
    };

/**
 * The GetAssets scan (spec 2 §2.4, §7 `POST /api/scan-assets/preview-write`; issue 20) as a
 * durable job: every wallet's assets from `getAssetsByOwner` (fungible ones included), read batch
 * by batch outside any transaction, then the batch's mint classes (on the shared `mints` row, as
 * Classify Tokens stores them) and compressed NFTs written in one transaction, and only then the
 * batch recorded in the checkpoint with the sums that include it. A restart resumes after the
 * last recorded batch; a batch written but not recorded is read and written again, to the same
 * rows. A wallet whose read failed is listed in `errors` and keeps what was stored.
 */
export function createAssetScanJob(deps: {
  readonly db: FleetDatabase;
  readonly assets: DigitalAssets;
  readonly clock?: Clock;
  readonly batchSize?: number;
}): JobHandler<AssetScanParams, AssetScanCheckpoint> {
  const clock = deps.clock ?? systemClock;

  async function readWallet(
    wallet: AssetScanParams['wallets'][number],
    signal: AbortSignal,
  ): Promise<WalletRead> {
    try {
      const { items, truncated } = await deps.assets.allAssetsByOwner(wallet.address, {
        maxPages: MAX_PAGES,
        signal,
      });
      return { wallet, ok: true, assets: items.filter((asset) => !asset.burnt), truncated };
    } catch (error) {
      if (signal.aborted) throw error;
      return { wallet, ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  }

  async function readBatch(batch: AssetScanParams['wallets'], signal: AbortSignal) {
    const reads: WalletRead[] = new Array<WalletRead>(batch.length);
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < batch.length; i = next++) {
        const wallet = batch[i];
        if (wallet !== undefined) reads[i] = await readWallet(wallet, signal);
      }
    };
    await Promise.all(Array.from({ length: Math.min(READS_IN_FLIGHT, batch.length) }, worker));
    return reads;
  }

  return {
    kind: ASSET_SCAN_JOB_KIND,
    params: assetScanParamsSchema,
    async run({ wallets, unknownAddresses }, context) {
      const size = deps.batchSize ?? ASSET_SCAN_BATCH;
      const total = wallets.length;
      const resumed = checkpointSchema.safeParse(context.checkpoint);
      let nextIndex = resumed.success ? resumed.data.nextIndex : 0;
      let state = resumed.success ? resumed.data.state : emptyState(clock.now(), unknownAddresses);
      const log = async (level: 'info' | 'warn', line: string) => {
        state = { ...state, logMessages: [...state.logMessages, line].slice(-GETASSETS_LOG_LINES) };
        await context.log(level, line);
      };
      await log(
        'info',
        nextIndex === 0
          ? `Scanning ${total} wallet(s) through getAssetsByOwner`
          : `Resuming at wallet ${nextIndex + 1} of ${total}`,
      );
      await context.progress(nextIndex, progressMessage(nextIndex, total));

      while (nextIndex < total && !(await context.isCancelRequested())) {
        const batch = wallets.slice(nextIndex, nextIndex + size);
        let reads: WalletRead[];
        try {
          reads = await readBatch(batch, context.signal);
        } catch (error) {
          // A shutdown drops the batch in flight; the job resumes from its checkpoint elsewhere.
          if (context.signal.aborted) return;
          throw error;
        }
        const stored = new Set(state.storedMints);
        const compressed: WalletCompressedRead[] = [];
        const classes = new Map<string, TokenType>();
        const owned: { assets: OwnedAsset[] }[] = [];
        const errors = [...state.errors];
        let { rpcCalls, walletsTruncated } = state;
        for (const read of reads) {
          if (!read.ok) {
            errors.push({ address: read.wallet.address, error: read.error });
            await log('warn', `${read.wallet.address}: ${read.error}`);
            continue;
          }
          rpcCalls += read.truncated
            ? MAX_PAGES
            : Math.floor(read.assets.length / DAS_MAX_LIMIT) + 1;
          if (read.truncated) {
            walletsTruncated += 1;
            await log(
              'warn',
              `${read.wallet.address}: more than ${MAX_PAGES} pages of assets, read in part`,
            );
          }
          const assets = read.assets.map(ownedAssetOf);
          owned.push({ assets });
          for (const asset of assets)
            if (asset.type !== 'cnft' && !stored.has(asset.id)) classes.set(asset.id, asset.type);
          compressed.push({
            walletId: read.wallet.id,
            assets: read.assets.filter((asset) => asset.kind === 'compressed-nft'),
            complete: !read.truncated,
          });
        }
        // 1. the batch's rows, in one transaction: its wallets written whole or not at all
        const scannedAt = new Date(clock.now());
        await withTenant(deps.db, context.tenantId, async (tx) => {
          await writeCompressedAssets(tx, context.tenantId, compressed, scannedAt);
          await writeMintClasses(tx, classes, scannedAt);
        });
        // 2. then the batch recorded as done, with the sums that include it
        const typed = (type: TokenType) =>
          owned.reduce((sum, w) => sum + w.assets.filter((a) => a.type === type).length, 0);
        nextIndex += batch.length;
        state = {
          ...state,
          tokens: foldWalletAssets(state.tokens, owned),
          errors,
          walletsScanned: state.walletsScanned + owned.length,
          walletsTruncated,
          assets: state.assets + owned.reduce((sum, w) => sum + w.assets.length, 0),
          fungible: state.fungible + typed('spl'),
          nfts: state.nfts + typed('nft'),
          compressedNfts: state.compressedNfts + typed('cnft'),
          rpcCalls,
          storedMints: [...state.storedMints, ...classes.keys()],
        };
        await log('info', `Scanned ${nextIndex}/${total} wallet(s)`);
        await context.report(assetScanReportOf(state, clock.now()));
        await context.progress(nextIndex, progressMessage(nextIndex, total), { nextIndex, state });
      }

      if (context.signal.aborted) return;
      if (nextIndex < total)
        await log('info', `Cancelled: ${nextIndex} of ${total} wallet(s) read`);
      await context.report(assetScanReportOf(state, clock.now()));
    },
  };
}

function emptyState(startedAt: number, unknownAddresses: readonly string[]): AssetScanState {
  return {
    startedAt,
    tokens: [],
    errors: unknownAddresses.map((address) => ({
      address,
      error: 'Not an active wallet of this licence',
    })),
    walletsScanned: 0,
    walletsTruncated: 0,
    assets: 0,
    fungible: 0,
    nfts: 0,
    compressedNfts: 0,
    rpcCalls: 0,
    storedMints: [],
    logMessages: [],
  };
}

/** The answer of `POST /api/scan-assets/preview-write` for what the scan has summed. */
export function assetScanReportOf(state: AssetScanState, now: number): ScanAssetsResponse {
  return {
    tokens: state.tokens,
    holdersByMint: Object.fromEntries(state.tokens.map((token) => [token.id, token.holders])),
    stats: {
      walletsScanned: state.walletsScanned,
      walletsFailed: state.errors.length,
      walletsTruncated: state.walletsTruncated,
      assets: state.assets,
      fungible: state.fungible,
      nfts: state.nfts,
      compressedNfts: state.compressedNfts,
      classesStored: state.storedMints.length,
      rpcCalls: state.rpcCalls,
      durationMs: Math.max(0, Math.round(now - state.startedAt)),
    },
    errors: state.errors,
    logMessages: state.logMessages,
  };
}

function progressMessage(done: number, total: number): string {
  return done >= total
    ? `Scanned ${done} of ${total} wallets`
    : `Scanning: ${done} of ${total} wallets done`;
}
