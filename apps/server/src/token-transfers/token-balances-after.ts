import type { EndpointPool } from '@fleet/chain';
import type { Clock } from '@fleet/core';
import { withTenant, type FleetDatabase } from '@fleet/db';
import type { FastifyBaseLogger } from 'fastify';
import { createBatchedReads } from '../sol-operations/batched-reads';
import { readLamports } from '../sol-operations/chain-balances';
import { writeRefreshedBalances } from '../wallets/repository';
import { readRawAccounts, tokenAccountOf } from './chain-token-state';

/** `getMultipleAccounts` takes 100 addresses: a read waits until it has that many. */
const READ_BATCH = 100;

/** A token account of one of the fleet's wallets that the operation moves tokens out of or into. */
export interface WatchedTokenAccount {
  readonly walletId: string;
  readonly wallet: string;
  readonly tokenAccount: string;
  readonly decimals: number;
}

/**
 * The stored token accounts (and SOL) of the fleet's wallets an SPL operation moved, read again
 * from the chain once the transactions moving them have landed, so that the wallet list shows
 * the tokens where they went without a full refresh: an account still there is stored with its
 * amount now, one a close removed is dropped. In batches of 100 accounts while the operation
 * still sends, the rest at its end. The tokens have moved whatever happens here: a chain or
 * database that does not answer leaves the old figures and a warning (a refresh shows them).
 */
export function createTokenBalancesAfter(deps: {
  readonly db: FleetDatabase;
  readonly pool: EndpointPool;
  readonly clock: Pick<Clock, 'now'>;
  readonly logger: FastifyBaseLogger;
  readonly tenantId: string;
  /** Each watched account by the positions of the items that move it. */
  readonly watched: readonly {
    readonly positions: readonly number[];
    readonly account: WatchedTokenAccount;
  }[];
}) {
  const { db, pool, logger, tenantId } = deps;
  const waiting = new Map<number, WatchedTokenAccount[]>();
  const openItems = new Map<string, number>();
  for (const { positions, account } of deps.watched) {
    openItems.set(
      account.tokenAccount,
      (openItems.get(account.tokenAccount) ?? 0) + positions.length,
    );
    for (const position of positions) {
      const list = waiting.get(position) ?? [];
      list.push(account);
      waiting.set(position, list);
    }
  }
  const unread = new Map(deps.watched.map(({ account }) => [account.tokenAccount, account]));
  let warned = false;

  const store = async (accounts: readonly WatchedTokenAccount[]): Promise<void> => {
    try {
      const wallets = [...new Set(accounts.map((account) => account.wallet))];
      const [raw, lamports] = await Promise.all([
        readRawAccounts(
          pool,
          accounts.map((account) => account.tokenAccount),
          'the moved token accounts',
        ),
        readLamports(pool, wallets),
      ]);
      const at = new Date(deps.clock.now());
      const byWallet = new Map<
        string,
        {
          walletId: string;
          wallet: string;
          tokens: Parameters<typeof writeRefreshedBalances>[2][number]['tokens'][number][];
          dropped: string[];
        }
      >();
      for (const account of accounts) {
        const entry = byWallet.get(account.walletId) ?? {
          walletId: account.walletId,
          wallet: account.wallet,
          tokens: [],
          dropped: [],
        };
        byWallet.set(account.walletId, entry);
        const state = tokenAccountOf(account.tokenAccount, raw.get(account.tokenAccount) ?? null);
        if (state === null || state.owner !== account.wallet) {
          entry.dropped.push(account.tokenAccount);
          continue;
        }
        entry.tokens.push({
          account: account.tokenAccount,
          mint: state.mint,
          // The stored names of the programs are the scanner's.
          program: state.program === 'token' ? 'token' : 'token-2022',
          amount: state.amount,
          decimals: account.decimals,
        });
      }
      await withTenant(db, tenantId, (tx) =>
        writeRefreshedBalances(
          tx,
          tenantId,
          [...byWallet.values()].map((entry) => ({
            walletId: entry.walletId,
            lamports: lamports.get(entry.wallet) ?? 0n,
            tokens: entry.tokens,
            droppedTokenAccounts: entry.dropped,
          })),
          at,
        ),
      );
      for (const account of accounts) unread.delete(account.tokenAccount);
    } catch (error) {
      if (!warned) {
        warned = true;
        logger.warn(
          { err: error, accounts: accounts.length },
          'the token balances after an SPL operation could not be stored; a refresh will show them',
        );
      }
    }
  };

  const reads = createBatchedReads(READ_BATCH, store);

  return {
    /** These items' transactions have landed: accounts no other open item moves can be read. */
    itemsDone(positions: readonly number[]): void {
      for (const position of positions) {
        for (const account of waiting.get(position) ?? []) {
          const left = (openItems.get(account.tokenAccount) ?? 1) - 1;
          openItems.set(account.tokenAccount, left);
          if (left === 0) reads.add([account]);
        }
        waiting.delete(position);
      }
    },
    /** Reads every account not read yet, after the reads in progress. Never throws. */
    async finish(): Promise<void> {
      await reads.settle();
      const rest = [...unread.values()];
      if (rest.length > 0) await store(rest);
    },
  };
}
