import { DAS_MAX_LIMIT, type DigitalAsset, type DigitalAssets } from '@fleet/chain';
import {
  GETASSETS_LOG_LINES,
  summarizeAssets,
  type OwnedAsset,
  type ScanAssetsBody,
  type ScanAssetsResponse,
  type TokenType,
} from '@fleet/core';
import { withTenant, type FleetDatabase } from '@fleet/db';
import type { AuditLog } from '../audit/audit-log';
import type { Actor } from '../http/actor';
import { ownedAssetOf } from '../tokens-overview/asset-class';
import { writeMintClasses } from '../tokens-overview/mint-classes';
import { listActiveWallets, type ActiveWallet } from '../wallets/repository';
import { writeCompressedAssets, type WalletCompressedRead } from './compressed-assets';

/** Wallets written per transaction: a crash or a closed connection leaves each batch whole. */
export const ASSET_SCAN_BATCH = 50;
/** Wallets read at once; the endpoint pool paces the calls under its budgets. */
const READS_IN_FLIGHT = 8;
/** Pages read per wallet at most (50,000 assets), as the DAS client's default. */
const MAX_PAGES = 50;

export interface AssetScanOptions {
  readonly signal?: AbortSignal;
  readonly onProgress?: (processed: number, total: number) => void;
}

type WalletRead =
  | {
      readonly wallet: ActiveWallet;
      readonly ok: true;
      readonly assets: readonly DigitalAsset[];
      readonly truncated: boolean;
    }
  | { readonly wallet: ActiveWallet; readonly ok: false; readonly error: string };

/**
 * The GetAssets scan (spec 2 §2.4, §7 `POST /api/scan-assets/preview-write`; issue 20): every
 * chosen wallet's assets from `getAssetsByOwner` (fungible ones included), summed for the
 * preview, and written batch by batch: the classes of the mints seen (on the shared `mints` row,
 * as Classify Tokens stores them) and the wallets' compressed NFTs. A wallet whose read failed is
 * listed in `errors` and keeps what was stored. Nothing is held open across a network call.
 */
export function createAssetScanService(context: {
  readonly db: FleetDatabase;
  readonly assets: DigitalAssets;
  readonly audit: AuditLog;
  readonly now: () => number;
}) {
  async function chosenWallets(
    tenantId: string,
    body: ScanAssetsBody,
  ): Promise<{ wallets: ActiveWallet[]; unknown: string[] }> {
    const active = await withTenant(context.db, tenantId, (tx) =>
      listActiveWallets(tx, tenantId, { traderOnly: false }),
    );
    const asked = body.publicAddresses ?? [];
    if (asked.length === 0) return { wallets: active, unknown: [] };
    const byAddress = new Map(active.map((wallet) => [wallet.address, wallet]));
    const wanted = [...new Set<string>(asked)];
    return {
      wallets: wanted.flatMap((address) => byAddress.get(address) ?? []),
      unknown: wanted.filter((address) => !byAddress.has(address)),
    };
  }

  async function readWallet(wallet: ActiveWallet, signal?: AbortSignal): Promise<WalletRead> {
    try {
      const { items, truncated } = await context.assets.allAssetsByOwner(wallet.address, {
        maxPages: MAX_PAGES,
        ...(signal === undefined ? {} : { signal }),
      });
      return { wallet, ok: true, assets: items.filter((asset) => !asset.burnt), truncated };
    } catch (error) {
      if (signal?.aborted === true) throw error;
      return { wallet, ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  }

  async function readBatch(batch: readonly ActiveWallet[], signal?: AbortSignal) {
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
    async scan(
      actor: Actor,
      body: ScanAssetsBody,
      options: AssetScanOptions = {},
    ): Promise<ScanAssetsResponse> {
      const started = context.now();
      const { wallets, unknown } = await chosenWallets(actor.tenantId, body);
      const logs: string[] = [];
      const log = (line: string) => {
        logs.push(line);
        if (logs.length > GETASSETS_LOG_LINES) logs.shift();
      };
      const errors = unknown.map((address) => ({
        address,
        error: 'Not an active wallet of this licence',
      }));
      const owned: { assets: OwnedAsset[] }[] = [];
      const stored = new Set<string>();
      let rpcCalls = 0;
      let truncatedWallets = 0;
      log(`Scanning ${wallets.length} wallet(s) through getAssetsByOwner`);
      options.onProgress?.(0, wallets.length);

      for (let start = 0; start < wallets.length; start += ASSET_SCAN_BATCH) {
        // The client went away: what is written stays, batch by batch; nothing more is read.
        options.signal?.throwIfAborted();
        const batch = wallets.slice(start, start + ASSET_SCAN_BATCH);
        const reads = await readBatch(batch, options.signal);
        const compressed: WalletCompressedRead[] = [];
        const classes = new Map<string, TokenType>();
        for (const read of reads) {
          if (!read.ok) {
            errors.push({ address: read.wallet.address, error: read.error });
            log(`${read.wallet.address}: ${read.error}`);
            continue;
          }
          rpcCalls += read.truncated
            ? MAX_PAGES
            : Math.floor(read.assets.length / DAS_MAX_LIMIT) + 1;
          if (read.truncated) {
            truncatedWallets += 1;
            log(`${read.wallet.address}: more than ${MAX_PAGES} pages of assets, read in part`);
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
        const scannedAt = new Date(context.now());
        // One transaction per batch: its wallets' rows are written whole or not at all.
        await withTenant(context.db, actor.tenantId, async (tx) => {
          await writeCompressedAssets(tx, actor.tenantId, compressed, scannedAt);
          await writeMintClasses(tx, classes, scannedAt);
        });
        for (const mint of classes.keys()) stored.add(mint);
        const processed = Math.min(start + batch.length, wallets.length);
        log(`Scanned ${processed}/${wallets.length} wallet(s)`);
        options.onProgress?.(processed, wallets.length);
      }

      const tokens = summarizeAssets(owned);
      const count = (type: TokenType) =>
        owned.reduce((sum, w) => sum + w.assets.filter((a) => a.type === type).length, 0);
      const result: ScanAssetsResponse = {
        tokens,
        holdersByMint: Object.fromEntries(tokens.map((token) => [token.id, token.holders])),
        stats: {
          walletsScanned: owned.length,
          walletsFailed: errors.length,
          walletsTruncated: truncatedWallets,
          assets: owned.reduce((sum, w) => sum + w.assets.length, 0),
          fungible: count('spl'),
          nfts: count('nft'),
          compressedNfts: count('cnft'),
          classesStored: stored.size,
          rpcCalls,
          durationMs: Math.max(0, Math.round(context.now() - started)),
        },
        errors,
        logMessages: logs,
      };
      await context.audit.recordSuccess(actor, 'wallet.asset_scan', {
        wallets: wallets.length,
        ...result.stats,
        failedAddresses: errors.map((error) => error.address),
      });
      return result;
    },
  };
}

export type AssetScanService = ReturnType<typeof createAssetScanService>;
