import type { ComputedGroupId } from '@fleet/core';
import { schema } from '@fleet/db';
import { sql, type SQL } from 'drizzle-orm';

const { wallets } = schema;

/**
 * `wallets.id`, qualified: drizzle writes columns of a single-table select unqualified, and inside
 * a subquery an unqualified name would bind to the subquery's own table when it has that column.
 */
export const OUTER_WALLET_ID = sql.raw('"wallets"."id"');

/**
 * The token counts each wallet carries (kept by triggers on its token accounts, migration 0009):
 * a rule reads its own row, never the token accounts.
 */
const tokenAccounts = sql`${wallets.tokenAccountCount}`;
const fundedTokenAccounts = sql`${wallets.fundedTokenAccountCount}`;

/**
 * The groups Fleet derives from the data (spec 1 §3), in the order the sidebar lists them. Each
 * `where` is a condition on an active wallet; the segment rules are spec 2 §5:
 * - Empty Wallets: no SOL and no token accounts at all;
 * - Tokens with Balances: at least one token account with an amount above zero;
 * - Zero Balance Tokens: token accounts exist and every one is at zero (closable);
 * - Liquidity Pool Creators: nobody until liquidity scanning stores pool creators; listed so the
 *   sidebar keeps its shape, honestly at 0;
 * - Middlemen: the wallets two-hop distributions generated (issue 17), so the operator can find
 *   one still holding SOL and sweep it back to the master.
 * The ids are core's `COMPUTED_GROUP_SEGMENTS` keys: the wallets page opens each as its segment.
 * Seed groups (`seed:{id}`) are added per seed import source by the groups service. The counts are
 * `count(*) filter (where …)` of the same conditions in one pass over the wallets.
 */
export const COMPUTED_GROUPS = [
  { id: 'all', name: 'All Wallets', where: sql`true` },
  { id: 'traders', name: 'Trader Wallets', where: sql`${wallets.isTrader}` },
  {
    id: 'empty',
    name: 'Empty Wallets',
    where: sql`coalesce(${wallets.lamports}, 0) = 0 and ${tokenAccounts} = 0`,
  },
  { id: 'with-tokens', name: 'Tokens with Balances', where: sql`${fundedTokenAccounts} > 0` },
  {
    id: 'zero-tokens',
    name: 'Zero Balance Tokens',
    where: sql`${tokenAccounts} > 0 and ${fundedTokenAccounts} = 0`,
  },
  { id: 'pool-creators', name: 'Liquidity Pool Creators', where: sql`false` },
  {
    id: 'middlemen',
    name: 'Middlemen',
    where: sql`${wallets.sourceKind} = 'middleman'`,
  },
] as const satisfies readonly { id: ComputedGroupId; name: string; where: SQL }[];

export const SEED_GROUP_PREFIX = 'seed:';

export function computedGroupOf(id: string) {
  return COMPUTED_GROUPS.find((group) => group.id === id);
}
