import type { Valuation } from '@fleet/core';
import { withTenant, type FleetDatabase } from '@fleet/db';
import type { Actor } from '../http/actor';
import type { MarketService } from '../market/market-service';
import { computeValuation } from './compute-valuation';
import { readHeldMints, readWalletCounts, readWalletValues } from './valuation-repository';

/**
 * `GET /api/valuation` (spec 2 §3): the signed-in tenant's wallets valued at the market's prices.
 * No database transaction is held across a provider call (DESIGN: never across the network).
 */
export function createValuationService(context: {
  readonly db: FleetDatabase;
  readonly market: MarketService;
  readonly now: () => number;
}) {
  return {
    async valuation(actor: Actor): Promise<Valuation> {
      const { tenantId } = actor;
      // 1. What the tenant holds: mints grouped in one pass, wallet counts in another.
      const [mints, counts] = await withTenant(context.db, tenantId, (tx) =>
        Promise.all([readHeldMints(tx, tenantId), readWalletCounts(tx, tenantId)]),
      );
      // 2. Prices for the mints with a balance (50 a Jupiter call, cached by the market) and SOL.
      const held = mints.filter((row) => BigInt(row.amount) > 0n).map((row) => row.mint);
      const [prices, solPrice] = await Promise.all([
        context.market.market.tokenPrices(held),
        context.market.solPrice(),
      ]);
      // 3. Per-wallet values against those prices, summed in SQL: the highlights.
      const usdPerRaw = mints.flatMap((row) => {
        const price = prices.get(row.mint);
        return price?.status === 'known'
          ? [{ mint: row.mint, usd: price.value / 10 ** row.decimals }]
          : [];
      });
      const wallets = await withTenant(context.db, tenantId, (tx) =>
        readWalletValues(tx, tenantId, {
          usdPerRaw,
          solUsd: solPrice.status === 'known' ? solPrice.priceUsd : 0,
          masterAddress: counts.masterAddress,
        }),
      );
      // 4. The figures, pure.
      return computeValuation({ mints, prices, solPrice, counts, wallets, now: context.now() });
    },
  };
}

export type ValuationService = ReturnType<typeof createValuationService>;
