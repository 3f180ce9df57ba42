import { schema } from '@fleet/db';
import { sql, type SQL } from 'drizzle-orm';

const { wallets } = schema;

/**
 * `wallets.id`, qualified: drizzle writes columns of a single-table select unqualified, and inside
 * a subquery an unqualified name would bind to the subquery's own table when it has that column.
 */
export const OUTER_WALLET_ID = sql.raw('"wallets"."id"');

/** A wallet holds at least one token account with a balance above zero. */
const holdsTokens = sql`exists (select 1 from wallet_token_accounts t where t.wallet_id = ${OUTER_WALLET_ID} and t.amount > 0)`;
/** A wallet has token accounts at all, whatever their balances. */
const hasTokenAccounts = sql`exists (select 1 from wallet_token_accounts t where t.wallet_id = ${OUTER_WALLET_ID})`;

/**
 * The groups Fleet derives from the data (spec 1 §3), in the order the sidebar lists them. Each
 * `where` is a condition on an active wallet; the segment rules are spec 2 §5:
 * - Empty Wallets: no SOL and no token accounts at all;
 * - Tokens with Balances: at least one token account with an amount above zero;
 * - Zero Balance Tokens: token accounts exist and every one is at zero (closable);
 * - Liquidity Pool Creators: nobody until liquidity scanning stores pool creators; listed so the
 *   sidebar keeps its shape, honestly at 0.
 * Seed groups (`seed:{id}`) are added per seed import source by the groups service.
 * `countWhen` is the same rule over `token_facts` (each wallet's token accounts, aggregated once,
 * see TOKEN_FACTS): counting every group with per-wallet subqueries took 0.7 s at 100,000 wallets.
 */
export const COMPUTED_GROUPS = [
  { id: 'all', name: 'All Wallets', where: sql`true`, countWhen: sql`true` },
  {
    id: 'traders',
    name: 'Trader Wallets',
    where: sql`${wallets.isTrader}`,
    countWhen: sql`${wallets.isTrader}`,
  },
  {
    id: 'empty',
    name: 'Empty Wallets',
    where: sql`coalesce(${wallets.lamports}, 0) = 0 and not ${hasTokenAccounts}`,
    countWhen: sql`coalesce(${wallets.lamports}, 0) = 0 and token_facts.wallet_id is null`,
  },
  {
    id: 'with-tokens',
    name: 'Tokens with Balances',
    where: holdsTokens,
    countWhen: sql`token_facts.positive > 0`,
  },
  {
    id: 'zero-tokens',
    name: 'Zero Balance Tokens',
    where: sql`${hasTokenAccounts} and not ${holdsTokens}`,
    countWhen: sql`token_facts.positive = 0`,
  },
  {
    id: 'pool-creators',
    name: 'Liquidity Pool Creators',
    where: sql`false`,
    countWhen: sql`false`,
  },
] as const satisfies readonly { id: string; name: string; where: SQL; countWhen: SQL }[];

export type ComputedGroupId = (typeof COMPUTED_GROUPS)[number]['id'];

export const SEED_GROUP_PREFIX = 'seed:';

export function computedGroupOf(id: string) {
  return COMPUTED_GROUPS.find((group) => group.id === id);
}

/**
 * Per wallet with token accounts: `wallet_id` and how many accounts hold a balance (`positive`).
 * Left-joined to the wallets as `token_facts` when the groups are counted.
 */
export const TOKEN_FACTS = sql`(select t.wallet_id, count(*) filter (where t.amount > 0) as positive from wallet_token_accounts t group by t.wallet_id) token_facts`;
