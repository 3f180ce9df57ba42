import {
  aggregateTokens,
  countTokenFilters,
  lamportsAsSolNumber,
  selectTokens,
  type AggregatedTokensQuery,
  type AggregatedTokensResponse,
  type HeldMint,
  type MarketRefreshResponse,
  type MintMarketFigures,
  type TokenHolder,
  type TokenHoldersResponse,
} from '@fleet/core';
import { withTenant, type FleetDatabase, type TenantDatabase } from '@fleet/db';
import type { Actor } from '../http/actor';
import type { MarketFiguresSource } from './market-figures';
import type { MintHoldingsRead } from './mint-holdings';
import { readMintClasses } from './mint-classes';
import {
  readCompressedHoldings,
  readMintScans,
  readTokenHolders,
  type CompressedHolding,
  type HolderRow,
  type MintScan,
} from './tokens-overview-repository';

/** Tenants whose mints' scan times one process keeps (a few hundred entries each). */
const CACHED_TENANTS = 64;

/** The tenant's held mints as migration 0034's triggers sum them (`createMintHoldingsSource`). */
export interface HeldMintSums {
  heldMints(tx: TenantDatabase, tenantId: string): Promise<MintHoldingsRead>;
}

/**
 * The Tokens Overview (spec 2 §2.5, issue 20): `GET /api/tokens/aggregated` and
 * `GET /api/token/{mint}/holders`. The per-mint sums are kept by the database's triggers (decision
 * 034), so a read is a few hundred rows however large the fleet, in every process, after every change;
 * each mint's last scan and decimals are read per wallet-list version (one index step a mint). The market
 * figures are read after the tenant's transaction ends (never held across the network).
 */
export function createTokensOverviewService(context: {
  readonly db: FleetDatabase;
  readonly holdings: HeldMintSums;
  readonly figures: MarketFiguresSource;
  readonly now: () => number;
}) {
  // Per wallet-list version: every change of a token account moves it.
  const scanTimes = new Map<
    string,
    { readonly version: string; readonly scans: ReadonlyMap<string, MintScan> }
  >();

  async function heldMints(tx: TenantDatabase, tenantId: string): Promise<HeldMint[]> {
    const { version, mints } = await context.holdings.heldMints(tx, tenantId);
    let kept = scanTimes.get(tenantId);
    if (kept?.version !== version) {
      const scans = await readMintScans(
        tx,
        tenantId,
        mints.map((row) => row.mint),
      );
      kept = { version, scans };
      scanTimes.delete(tenantId);
      scanTimes.set(tenantId, kept);
      if (scanTimes.size > CACHED_TENANTS) {
        const oldest = scanTimes.keys().next();
        if (oldest.done !== true) scanTimes.delete(oldest.value);
      }
    }
    const { scans } = kept;
    return mints.map((row) => ({
      mint: row.mint,
      name: row.name,
      symbol: row.symbol,
      decimals: scans.get(row.mint)?.decimals ?? 0,
      balance: row.amount,
      // Wallets holding a balance of it, each counted once.
      walletCount: row.holders,
      accountCount: row.accounts,
      emptyAccountCount: row.accounts - row.funded,
      lastScan: scans.get(row.mint)?.lastScan ?? null,
    }));
  }

  return {
    async aggregated(
      actor: Actor,
      query: AggregatedTokensQuery,
    ): Promise<AggregatedTokensResponse> {
      const askedAt = context.now();
      // 1. What the fleet holds, per mint, with the classes Classify Tokens stored (read each
      // time: a classify in another process changes no wallet-list version).
      // The GetAssets scan's compressed NFTs join them, one row each. One transaction.
      const { held, classes, compressed } = await withTenant(
        context.db,
        actor.tenantId,
        async (tx) => {
          const mints = await heldMints(tx, actor.tenantId);
          return {
            held: mints,
            classes: await readMintClasses(
              tx,
              mints.map((row) => row.mint),
            ),
            compressed: await readCompressedHoldings(tx, actor.tenantId),
          };
        },
      );
      const fungible = held.map((row) => ({ ...row, type: classes.get(row.mint) ?? null }));
      // 2. The market's figures: prices for mints with a balance, pair figures for all. A
      //    compressed NFT trades on no pool, so none is asked about; its logo is its image.
      const { figures, pending } = await context.figures.figures(
        fungible.map((row) => row.mint),
        fungible.filter((row) => row.balance !== '0').map((row) => row.mint),
        askedAt,
      );
      for (const asset of compressed)
        figures.set(asset.assetId, { ...NO_FIGURES, logoUrl: asset.image });
      const mints = [...fungible, ...compressed.map(compressedRow)];
      // 3. The rows, the filter counts, then the filter and the sort asked for.
      const tokens = aggregateTokens(mints, figures);
      return {
        tokens: selectTokens(tokens, query),
        counts: countTokenFilters(tokens),
        marketPending: pending,
        computedAt: new Date(context.now()).toISOString(),
      };
    },

    /** `POST /api/market/refresh`: one batch (≤ 50 mints) of Refresh Market Data. */
    async refreshMarket(mints: readonly string[]): Promise<MarketRefreshResponse> {
      return context.figures.refresh([...new Set(mints)]);
    },

    async holders(actor: Actor, mint: string): Promise<TokenHoldersResponse> {
      const rows = await withTenant(context.db, actor.tenantId, (tx) =>
        readTokenHolders(tx, actor.tenantId, mint),
      );
      return { mint, holders: rows.map(holderView) };
    },
  };
}

export type TokensOverviewService = ReturnType<typeof createTokensOverviewService>;

const NO_FIGURES: MintMarketFigures = {
  priceUsd: null,
  fdvUsd: null,
  liquidityUsd: null,
  logoUrl: null,
};

/** A compressed NFT as an overview row: one of it, in one wallet, no token account to close. */
function compressedRow(asset: CompressedHolding): HeldMint {
  return {
    mint: asset.assetId,
    name: asset.name,
    symbol: asset.symbol,
    decimals: 0,
    balance: '1',
    walletCount: 1,
    accountCount: 0,
    emptyAccountCount: 0,
    lastScan: asset.scannedAt,
    type: 'cnft',
  };
}

function holderView(row: HolderRow): TokenHolder {
  const source: TokenHolder['groups'] =
    row.seedGroupId !== null
      ? [
          {
            id: row.seedGroupId,
            type: 'seed',
            label: row.seedLabel,
            name: row.seedLabel === null || row.seedLabel === '' ? 'Seed' : row.seedLabel,
          },
        ]
      : row.importBatchId !== null
        ? [{ id: row.importBatchId, type: 'import', label: 'PK', name: 'Imported' }]
        : [];
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    amount_str: row.amount,
    decimals: row.decimals,
    sol_balance: row.lamports === null ? null : lamportsAsSolNumber(BigInt(row.lamports)),
    lamports: row.lamports,
    is_master_wallet: row.isMaster,
    is_trader: row.isTrader,
    // Every fleet wallet's key is in the vault (the column is not null); a middleman's too.
    has_private_key: true,
    token_accounts: row.accounts,
    groups: [
      ...source,
      ...row.customGroups.map((group) => ({
        id: group.id,
        type: 'custom' as const,
        label: null,
        name: group.name,
      })),
    ],
    tags: row.tags.map((tag) => ({ name: tag.name, slug: tag.slug })),
  };
}
