import type { EndpointPool } from '@fleet/chain';
import {
  FleetError,
  closeBlockerOf,
  forecastCloses,
  address as fleetAddress,
  type CloseForecastView,
  type CloseTokensPlan,
  type CloseTokensPlanRequest,
} from '@fleet/core';
import { withTenant, type FleetDatabase } from '@fleet/db';
import type { Actor } from '../http/actor';
import { PLAN_VALIDITY_MS, savePlan } from '../ledger/ledger-repository';
import { effectiveUnitPrice, readTenantFeeCap, serverUnitPrice } from '../fees';
import { readLamports } from '../sol-operations/chain-balances';
import { listActiveWallets } from '../wallets/repository';
import { readTokenAccounts } from './chain-token-accounts';
import { forecastView, storedPlanOf } from './close-plan';
import { masterAddress, mintFilter, resolveScopeWallets } from './plan-scope';
import { readStoredEmptyAccounts, readStoredOwnerLamports } from './stored-token-accounts';

/**
 * Plans a close of empty token accounts (issue 19) from the chain now: both programs, every
 * account of the wallets in scope, the closable ones packed by bytes with the master paying (an
 * owner that would otherwise sign twice paying its own when it holds the SOL), the plan stored
 * whole under its hash. Nothing here signs or sends.
 */
export function createClosePlanService(context: {
  readonly db: FleetDatabase;
  readonly pool: EndpointPool;
  readonly now: () => Date;
  readonly microLamportsPerUnit?: bigint;
}) {
  const { db, pool, now } = context;
  const serverPrice = serverUnitPrice(context.microLamportsPerUnit);
  return {
    async plan(actor: Actor, request: CloseTokensPlanRequest): Promise<CloseTokensPlan> {
      const inScope = mintFilter(request.tokenMints);
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
      // 3. the SOL of the owners with something to close (one call per 100): an owner that
      //    would sign twice with the master paying pays its own when it can, and signs once
      const owners = [
        ...new Set(
          accounts
            .filter((account) => closeBlockerOf(account) === null)
            .map((account) => account.owner),
        ),
      ];
      const ownerLamports = new Map(
        [...(await readLamports(pool, owners))].map(([owner, lamports]) => [
          fleetAddress(owner),
          BigInt(lamports),
        ]),
      );
      // 4. the forecast at Fleet's packing, refused when there is nothing to close
      const forecast = forecastCloses({
        master: fleetAddress(master),
        accounts,
        rentDestination: request.rentDestination,
        feePayer: 'master',
        microLamportsPerComputeUnit: price,
        ownerLamports,
      });
      if (!forecast.ok) throw new FleetError(forecast.error.code, forecast.error.context);
      if (forecast.value.closableAccounts === 0) {
        throw new FleetError('TOKEN_CLOSE__NOTHING_TO_CLOSE', {});
      }
      // 5. stored whole under its hash
      const at = now();
      const stored = storedPlanOf({
        forecast: forecast.value,
        wallets,
        walletIds,
        master,
        rentDestination: request.rentDestination,
        price,
        createdAt: at,
        createdBy: actor.user.id,
      });
      const planId = await withTenant(db, actor.tenantId, (tx) =>
        savePlan(tx, actor.tenantId, {
          kind: 'token.close',
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

    /**
     * The whole fleet's forecast for the Portfolio Overview's Closeable card, from the stored
     * token accounts with a zero amount, not the chain: the card is shown on every page load, a
     * chain read of every wallet under both programs would spend the pool's budget each time,
     * and the close itself reads the chain again before anything is planned.
     */
    async fleetForecast(actor: Actor): Promise<CloseForecastView> {
      const { master, price, rows, ownerLamports, wallets } = await withTenant(
        db,
        actor.tenantId,
        async (tx) => ({
          master: await masterAddress(tx).catch(() => null),
          price: effectiveUnitPrice(serverPrice, await readTenantFeeCap(tx)),
          rows: await readStoredEmptyAccounts(tx),
          ownerLamports: await readStoredOwnerLamports(tx),
          wallets: await listActiveWallets(tx, actor.tenantId, { traderOnly: false }),
        }),
      );
      const walletIds = new Map(wallets.map((wallet) => [wallet.address, wallet.id]));
      // Without a master the fees are those of the owners paying themselves.
      const forecast = forecastCloses({
        master: fleetAddress(master ?? wallets[0]?.address ?? '11111111111111111111111111111111'),
        accounts: rows,
        rentDestination: 'master',
        feePayer: master === null ? 'owner' : 'master',
        microLamportsPerComputeUnit: price,
        ownerLamports,
      });
      if (!forecast.ok) throw new FleetError(forecast.error.code, forecast.error.context);
      const owners = [...new Set(rows.map((row) => row.owner as string))];
      return forecastView(forecast.value, owners, walletIds);
    },
  };
}

export type ClosePlanService = ReturnType<typeof createClosePlanService>;
