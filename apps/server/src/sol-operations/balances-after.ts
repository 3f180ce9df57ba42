import type { EndpointPool } from '@fleet/chain';
import type { Clock, LedgerItem } from '@fleet/core';
import { withTenant, type FleetDatabase } from '@fleet/db';
import type { FastifyBaseLogger } from 'fastify';
import { findWalletsByAddress, writeRefreshedBalances } from '../wallets/repository';
import { createBatchedReads } from './batched-reads';
import { readLamports } from './chain-balances';

/** `getMultipleAccounts` takes 100 addresses: a read waits until it has that many. */
const READ_BATCH = 100;

export interface BalancesAfter {
  /** These items' transactions are final: wallets no other item moves can be read now. */
  itemsDone(items: readonly LedgerItem[]): void;
  /**
   * Reads every wallet not read yet (the payers, whatever a cancel left unsent, any batch whose
   * read failed) after the reads in progress, and stores what it found. Never throws.
   */
  finish(): Promise<void>;
}

/**
 * The fleet's stored SOL balances of the wallets an operation moved, read again from the chain, so
 * the wallet list shows what the operation did (spec 2 §4: data is refreshed afterwards) without a
 * full refresh. A wallet is read once every item that moves it is final, in batches of 100 while
 * the operation still sends, so that the end of a run of 10,000 recipients reads a few batches
 * rather than all of them. SOL transfers leave token accounts as they were, so only lamports and
 * the scan time move (and, as in a refresh, never back past a later read). The money has moved
 * whatever happens here: a chain or database that does not answer leaves the old figures and a
 * warning.
 */
export function createBalancesAfter(deps: {
  readonly db: FleetDatabase;
  readonly pool: EndpointPool;
  readonly clock: Pick<Clock, 'now'>;
  readonly logger: FastifyBaseLogger;
  readonly tenantId: string;
  readonly items: readonly LedgerItem[];
}): BalancesAfter {
  const { db, tenantId, logger } = deps;
  // How many items not yet final move each address (as payer or as payee).
  const open = new Map<string, number>();
  for (const item of deps.items) {
    for (const address of new Set([item.from, item.to])) {
      open.set(address, (open.get(address) ?? 0) + 1);
    }
  }
  const unread = new Set(open.keys());
  let warned = false;
  /**
   * Reads and stores `addresses` (those that are the fleet's wallets: a destination outside the
   * fleet has no stored balance); on failure they stay unread for `finish` to try again.
   */
  const store = async (addresses: readonly string[]): Promise<void> => {
    try {
      const lamports = await readLamports(deps.pool, addresses);
      const at = new Date(deps.clock.now());
      await withTenant(db, tenantId, async (tx) => {
        const fleet = await findWalletsByAddress(tx, addresses);
        const reads = fleet.flatMap((wallet) => {
          const held = lamports.get(wallet.address);
          return held === undefined
            ? []
            : [{ walletId: wallet.id, lamports: held, tokens: [], droppedTokenAccounts: [] }];
        });
        await writeRefreshedBalances(tx, tenantId, reads, at);
      });
      for (const address of addresses) unread.delete(address);
    } catch (error) {
      if (!warned) {
        warned = true;
        logger.warn(
          { err: error, wallets: addresses.length },
          'the balances after a SOL operation could not be stored; a refresh will show them',
        );
      }
    }
  };

  const reads = createBatchedReads(READ_BATCH, store);

  return {
    itemsDone(items) {
      for (const item of items) {
        for (const address of new Set([item.from, item.to])) {
          const left = (open.get(address) ?? 0) - 1;
          open.set(address, left);
          if (left === 0) reads.add([address]);
        }
      }
    },
    async finish() {
      await reads.settle();
      const rest = [...unread];
      if (rest.length > 0) await store(rest);
    },
  };
}
