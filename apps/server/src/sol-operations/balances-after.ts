import type { EndpointPool } from '@fleet/chain';
import type { LedgerItem } from '@fleet/core';
import { withTenant, type FleetDatabase } from '@fleet/db';
import type { FastifyBaseLogger } from 'fastify';
import { findWalletsByAddress, writeRefreshedBalances } from '../wallets/repository';
import { readLamports } from './chain-balances';

/**
 * The fleet's stored SOL balances of the wallets the operation moved, read again from the chain, so
 * the wallet list shows what the operation did (spec 2 §4: data is refreshed afterwards) without a
 * full refresh. SOL transfers leave token accounts as they were, so only lamports and the scan time
 * move (and, as in a refresh, never back past a later read). The money has moved whatever happens
 * here: a chain or database that does not answer leaves the old figures and a warning.
 */
export async function storeBalancesAfter(
  deps: {
    readonly db: FleetDatabase;
    readonly pool: EndpointPool;
    readonly logger: FastifyBaseLogger;
  },
  tenantId: string,
  items: readonly LedgerItem[],
  at: Date,
): Promise<void> {
  const addresses = [...new Set(items.flatMap((item) => [item.from, item.to]))];
  try {
    const fleet = await withTenant(deps.db, tenantId, (tx) => findWalletsByAddress(tx, addresses));
    const lamports = await readLamports(
      deps.pool,
      fleet.map((wallet) => wallet.address),
    );
    const reads = fleet.flatMap((wallet) => {
      const held = lamports.get(wallet.address);
      return held === undefined
        ? []
        : [{ walletId: wallet.id, lamports: held, tokens: [], droppedTokenAccounts: [] }];
    });
    await withTenant(deps.db, tenantId, (tx) => writeRefreshedBalances(tx, tenantId, reads, at));
  } catch (error) {
    deps.logger.warn(
      { err: error, wallets: addresses.length },
      'the balances after a SOL operation could not be stored; a refresh will show them',
    );
  }
}
