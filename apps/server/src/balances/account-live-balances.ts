import type { EndpointPool } from '@fleet/chain';
import type { Clock } from '@fleet/core';
import type { FleetDatabase } from '@fleet/db';
import { readWatchedAccounts, storeLiveBalance } from './account-balance-store';
import { createBalanceCatchUp } from './account-catch-up';
import {
  startAccountSubscriptions,
  WATCHED_ACCOUNTS_CAP,
  type AccountSubscriptions,
  type AccountSubscriptionsLogger,
} from './account-subscriptions';

/**
 * The live balances of a server process (issue 20): its database, its endpoint pool for the
 * catch-up reads, and the chain's PubSub URL. Without a URL (no RPC configured at all) nothing
 * is followed.
 */
export function startLiveBalances(options: {
  readonly db: FleetDatabase;
  readonly pool: EndpointPool;
  readonly url: string | undefined;
  readonly logger: AccountSubscriptionsLogger;
  readonly cap?: number;
  readonly rereadMs?: number;
  readonly clock?: Clock;
}): AccountSubscriptions | undefined {
  if (options.url === undefined) return undefined;
  const { db } = options;
  const cap = options.cap ?? WATCHED_ACCOUNTS_CAP;
  return startAccountSubscriptions({
    url: options.url,
    readWatched: () => readWatchedAccounts(db, cap),
    store: (tenantIds, balance) => storeLiveBalance(db, tenantIds, balance),
    readBalances: createBalanceCatchUp(options.pool),
    logger: options.logger,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.rereadMs === undefined ? {} : { rereadMs: options.rereadMs }),
  });
}
