import type { Valuation, WalletValues } from '@fleet/core';
import { withTenant, type FleetDatabase } from '@fleet/db';
import type { Actor } from '../http/actor';
import type { MarketService } from '../market/market-service';
import { computeValuation, type WalletValueRow } from './compute-valuation';
import { createHoldingsCache, type HoldingsSnapshot } from './valuation-cache';
import {
  applyHoldings,
  buildHoldings,
  heldMints,
  holdingsFigures,
  holdingsForValues,
} from './holdings-model';
import {
  readHoldings,
  readMintNames,
  readValuationVersion,
  readWalletsById,
} from './valuation-repository';
import { valueWallets, walletValueColumns } from './wallet-values';

/** Tenants whose holdings one process keeps (about 10 MB each at 50,000 wallets). */
const CACHED_TENANTS = 16;

/**
 * `GET /api/valuation` (spec 2 §3): the signed-in tenant's wallets valued at the market's prices.
 * No database transaction is held across a provider call (DESIGN: never across the network).
 */
export function createValuationService(context: {
  readonly db: FleetDatabase;
  readonly market: MarketService;
  readonly now: () => number;
}) {
  const cache = createHoldingsCache({ maxTenants: CACHED_TENANTS });

  // The holdings at the database's version (at least `version`, the one the request read): only
  // the wallets changed since the newest snapshot kept when there is one, else all (decision 031).
  const loadSnapshot = (tenantId: string, version: string): Promise<HoldingsSnapshot> => {
    const previous = cache.latest(tenantId);
    return withTenant(context.db, tenantId, async (tx) => {
      const read = await readHoldings(tx, tenantId, previous?.seen ?? null);
      if (BigInt(read.version) < BigInt(version))
        throw new Error(`holdings read at version ${read.version}, older than ${version}`);
      const model =
        previous === undefined || read.changed === null
          ? buildHoldings(read)
          : applyHoldings(previous.model, new Set(splitIds(read.changed)), read);
      const names = await readMintNames(tx, heldMints(model));
      const { mints, counts } = holdingsFigures(model, names, {
        address: read.masterAddress,
        walletId: read.masterWalletId,
      });
      return {
        version: read.version,
        seen: read.seen,
        mints,
        counts,
        holdings: holdingsForValues(model),
        model,
      };
    });
  };

  /**
   * The tenant's holdings at its current version and the prices of the moment, every wallet
   * valued at them. Both answers below start here, so the table's figures and the cards' agree.
   */
  async function priceHoldings(tenantId: string) {
    // 1. The tenant's version; when it has moved, the wallets changed since the kept holdings
    //    are read and applied to them (all of them after a restart or a large change).
    const { version, lastScanAt } = await withTenant(context.db, tenantId, (tx) =>
      readValuationVersion(tx, tenantId),
    );
    const snapshot = await cache.get(tenantId, version, () => loadSnapshot(tenantId, version));
    // 2. Prices for the mints with a balance (50 a Jupiter call, cached by the market) and SOL.
    const held = snapshot.mints.filter((row) => BigInt(row.amount) > 0n).map((row) => row.mint);
    const [prices, solPrice] = await Promise.all([
      context.market.market.tokenPrices(held),
      context.market.solPrice(),
    ]);
    // 3. Every wallet valued at those prices.
    const usdPerRaw = new Map<string, number>();
    for (const row of snapshot.mints) {
      const price = prices.get(row.mint);
      if (price?.status === 'known' && price.source !== 'metadata')
        usdPerRaw.set(row.mint, price.value / 10 ** row.decimals);
    }
    const values = valueWallets(
      snapshot.holdings,
      solPrice.status === 'known' ? solPrice.priceUsd : 0,
      usdPerRaw,
    );
    return { snapshot, lastScanAt, prices, solPrice, values };
  }

  return {
    async valuation(actor: Actor): Promise<Valuation> {
      const { tenantId } = actor;
      const { snapshot, lastScanAt, prices, solPrice, values } = await priceHoldings(tenantId);
      const { mints, counts, holdings } = snapshot;
      // The highlights' rows, read by id.
      const topId = holdings.walletIds[values.top] ?? null;
      const ids = [topId, counts.masterWalletId].filter((id): id is string => id !== null);
      const rows = await withTenant(context.db, tenantId, (tx) => readWalletsById(tx, ids));
      const highlight = (id: string | null): WalletValueRow | null => {
        const row = rows.find((candidate) => candidate.id === id);
        if (row === undefined) return null;
        const index = holdings.walletIds.indexOf(row.id);
        return { ...row, tokensUsd: values.tokensUsd[index] ?? 0 };
      };
      // The figures, pure.
      return computeValuation({
        mints,
        holders: holdings.holders,
        prices,
        solPrice,
        counts,
        lastScanAt,
        wallets: { top: highlight(topId), master: highlight(counts.masterWalletId) },
        now: context.now(),
      });
    },

    /** `GET /api/valuation/wallets`: each wallet holding tokens, with their value. */
    async walletValues(actor: Actor): Promise<WalletValues> {
      const { snapshot, solPrice, values } = await priceHoldings(actor.tenantId);
      return {
        solPrice,
        wallets: walletValueColumns(snapshot.holdings.walletIds, values),
        computedAt: new Date(context.now()).toISOString(),
      };
    },
  };
}

const splitIds = (text: string): string[] => (text === '' ? [] : text.split(','));

export type ValuationService = ReturnType<typeof createValuationService>;
