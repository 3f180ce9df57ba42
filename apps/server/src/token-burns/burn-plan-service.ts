import type { EndpointPool } from '@fleet/chain';
import {
  FleetError,
  WRAPPED_SOL_MINT,
  planBurns,
  usablePrice,
  address as fleetAddress,
  type BurnTokensPlan,
  type BurnTokensPlanRequest,
} from '@fleet/core';
import { withTenant, type FleetDatabase } from '@fleet/db';
import type { Market } from '@fleet/market';
import type { Actor } from '../http/actor';
import { PLAN_VALIDITY_MS, savePlan } from '../ledger/ledger-repository';
import { effectiveUnitPrice, readTenantFeeCap, serverUnitPrice } from '../fees';
import { readTokenAccounts } from '../token-closes/chain-token-accounts';
import { masterAddress, mintFilter, resolveScopeWallets } from '../token-closes/plan-scope';
import { storedBurnPlanOf } from './burn-plan';

export const TOKEN_BURN_PLAN_KIND = 'token.burn';

/**
 * USD a whole token for each mint the market prices now (its price chain, 50 a Jupiter call,
 * cached by the market). A mint no provider prices, or priced only from metadata, is absent:
 * unpriced, so never dust unless the operator names it.
 */
async function marketPrices(
  market: Market,
  mints: readonly string[],
): Promise<Map<string, number>> {
  const prices = new Map<string, number>();
  if (mints.length === 0) return prices;
  for (const [mint, price] of await market.tokenPrices(mints)) {
    if (price.status === 'known' && price.source !== 'metadata' && usablePrice(price.value)) {
      prices.set(mint, price.value);
    }
  }
  return prices;
}

/**
 * Plans a burn of dust (issue 19) from the chain and the market now: every token account of the
 * wallets in scope under both programs, judged at the threshold against the prices of the moment,
 * each dust balance burned whole and its account closed in one transaction, packed by bytes with
 * the master paying; the plan stored whole under its hash. Nothing here signs or sends.
 */
export function createBurnPlanService(context: {
  readonly db: FleetDatabase;
  readonly pool: EndpointPool;
  readonly market: Market;
  readonly now: () => Date;
  readonly microLamportsPerUnit?: bigint;
}) {
  const { db, pool, market, now } = context;
  const serverPrice = serverUnitPrice(context.microLamportsPerUnit);
  return {
    async plan(actor: Actor, request: BurnTokensPlanRequest): Promise<BurnTokensPlan> {
      const inScope = mintFilter(request.tokenMints);
      // Checked like the mint list: a malformed address is a 400, not an unpriced mint.
      mintFilter(request.unpricedMints);
      // 1. the master, the price and the wallets, each this tenant's
      const { master, price, walletIds } = await withTenant(db, actor.tenantId, async (tx) => {
        const found = await resolveScopeWallets(tx, actor.tenantId, request.walletAddresses);
        if (found.size === 0) throw new FleetError('TOKEN_CLOSE__NO_WALLETS_SELECTED', {});
        return {
          walletIds: found,
          master: await masterAddress(tx),
          price: effectiveUnitPrice(serverPrice, await readTenantFeeCap(tx)),
        };
      });
      const wallets = [...walletIds.keys()];
      // 2. every token account of those wallets, both programs, from the chain now
      const accounts = (await readTokenAccounts(pool, wallets)).filter(inScope);
      // 3. the prices of the mints holding a balance (wrapped SOL is never burned)
      const held = [
        ...new Set(
          accounts
            .filter((account) => account.amount > 0n && account.mint !== WRAPPED_SOL_MINT)
            .map((account) => account.mint as string),
        ),
      ];
      const prices = await marketPrices(market, held);
      const pricedAt = now();
      // 4. the plan at Fleet's packing, refused when nothing is dust
      const forecast = planBurns({
        master: fleetAddress(master),
        accounts,
        threshold: request.threshold,
        prices,
        unpricedMints: request.unpricedMints,
        rentDestination: request.rentDestination,
        microLamportsPerComputeUnit: price,
      });
      if (!forecast.ok) throw new FleetError(forecast.error.code, forecast.error.context);
      if (forecast.value.burns.length === 0)
        throw new FleetError('TOKEN_BURN__NOTHING_TO_BURN', {});
      // 5. stored whole under its hash
      const at = now();
      const stored = storedBurnPlanOf({
        forecast: forecast.value,
        wallets,
        walletIds,
        master,
        rentDestination: request.rentDestination,
        threshold: request.threshold,
        unpricedMints: [...new Set(request.unpricedMints)],
        price,
        pricedAt,
        createdAt: at,
        createdBy: actor.user.id,
      });
      const planId = await withTenant(db, actor.tenantId, (tx) =>
        savePlan(tx, actor.tenantId, {
          kind: TOKEN_BURN_PLAN_KIND,
          plan: stored,
          createdBy: actor.user.id,
          now: at,
        }),
      );
      return {
        ...stored.view,
        planId,
        expiresAt: new Date(at.getTime() + PLAN_VALIDITY_MS).toISOString(),
      };
    },
  };
}

export type BurnPlanService = ReturnType<typeof createBurnPlanService>;
