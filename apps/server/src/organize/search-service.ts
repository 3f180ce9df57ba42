import {
  SEARCH_MIN_CHARS,
  SEED_TAG_PREFIX,
  searchResponseSchema,
  type SearchResponse,
} from '@fleet/core';
import { schema, withTenant, type FleetDatabase } from '@fleet/db';
import { sql, type SQL } from 'drizzle-orm';
import { COMPUTED_GROUPS, SEED_GROUP_PREFIX } from './computed-groups';
import { containsPattern, prefixPattern } from './like-pattern';
import type { Actor } from '../http/actor';

/** A token the market's search found. */
export interface MarketToken {
  readonly mint: string;
  readonly symbol: string | null;
  readonly name: string | null;
}

const EMPTY: SearchResponse = { wallets: [], tags: [], groups: [], tokens: [] };

/**
 * Search (spec 2 §3, spec 1 §2): case-insensitive substring matches over wallets, tags, groups and
 * the tokens this tenant's wallets hold; prefix matches first, then shorter names.
 *
 * Every predicate is `lower(column) LIKE '%…%'` with the exact expression the trigram GIN indexes
 * are built on (migration 0005); the text is escaped so `%`, `_` and `\` match themselves. Wallets,
 * the one list that grows large, go through a function that can use those indexes (migration
 * 0007); tags, groups and seeds are few per tenant and reached through their tenant-leading
 * btree indexes; the tokens come from the distinct mints of the tenant's token accounts, read by
 * a loose scan of their (tenant_id, mint) index (`heldMints`), not from every token account.
 */
export function createSearchService(context: {
  readonly db: FleetDatabase;
  /**
   * The market's token search (spec 1 §2: the tenant's held tokens first, then the market's).
   * It answers [] rather than fail the whole search when no provider answers (its caller logs).
   */
  readonly searchMarket?: (q: string) => Promise<readonly MarketToken[]>;
}) {
  const { wallets, tags, walletGroups, seedGroups, walletTokenAccounts, mints } = schema;

  return {
    async search(actor: Actor, q: string, limit: number): Promise<SearchResponse> {
      // Trigrams need three characters; shorter text would match nearly everything anyway.
      if ([...q].length < SEARCH_MIN_CHARS) return EMPTY;
      const needle = q.toLowerCase();
      const like = containsPattern(q);
      const starts = prefixPattern(q);

      // Through fleet_search_wallets (migration 0007): under row-level security the planner
      // cannot use the trigram indexes for LIKE, the function can, and it filters on the same
      // app.tenant_id the policies use. Ranking: prefix matches, then shorter, then address.
      const walletList = sql`
        select id, public_address, name, ord as rank
        from fleet_search_wallets(${like}, ${starts}, ${limit})
          with ordinality as w(id, public_address, name, ord)`;

      const tagList = sql`
        select * from (
          select id, slug, name, color,
            row_number() over (order by (lower(name) like ${starts}) desc, length(name), name) as rank
          from (
            select ${tags.id}::text as id, ${tags.slug} as slug, ${tags.name} as name, ${tags.color} as color
            from ${tags}
            where lower(${tags.name}) like ${like} or ${tags.slug} like ${like}
            union all
            select ${seedGroups.id}::text, ${SEED_TAG_PREFIX} || ${seedGroups.id}::text,
              coalesce(${seedGroups.label}, 'Seed ' || left(${seedGroups.id}::text, 8)), null
            from ${seedGroups}
            where lower(coalesce(${seedGroups.label}, 'Seed ' || left(${seedGroups.id}::text, 8))) like ${like}
              or (${SEED_TAG_PREFIX} || ${seedGroups.id}::text) like ${starts}
          ) matched
        ) ranked
        where rank <= ${limit}`;

      const groupList = sql`
        select * from (
          select id, group_name,
            row_number() over (order by (lower(group_name) like ${starts}) desc, length(group_name), group_name) as rank
          from (
            select ${walletGroups.id}::text as id, ${walletGroups.name} as group_name
            from ${walletGroups}
            where lower(${walletGroups.name}) like ${like}
            union all
            select ${SEED_GROUP_PREFIX} || ${seedGroups.id}::text,
              coalesce(${seedGroups.label}, 'Seed ' || left(${seedGroups.id}::text, 8))
            from ${seedGroups}
            where lower(coalesce(${seedGroups.label}, 'Seed ' || left(${seedGroups.id}::text, 8))) like ${like}
          ) matched
        ) ranked
        where rank <= ${limit}`;

      const tokenList = sql`
        select * from (
          select held.mint as mint, ${mints.symbol} as symbol, ${mints.name} as name,
            row_number() over (
              order by (coalesce(lower(${mints.symbol}) like ${starts}, false) or lower(held.mint) like ${starts}) desc,
                length(coalesce(${mints.symbol}, held.mint)), held.mint
            ) as rank
          from (${heldMints(actor.tenantId)}) held
          left join ${mints} on ${mints.mint} = held.mint
          where (lower(held.mint) like ${like} or lower(${mints.symbol}) like ${like}
              or lower(${mints.name}) like ${like})
            and exists (
              select 1 from ${walletTokenAccounts}
              join ${wallets} on ${wallets.id} = ${walletTokenAccounts.walletId}
              where ${walletTokenAccounts.tenantId} = ${actor.tenantId}::uuid
                and ${walletTokenAccounts.mint} = held.mint and ${wallets.archivedAt} is null)
        ) ranked
        where rank <= ${limit}`;

      // One statement for all four lists: one round trip instead of four, in rank order. The
      // market is asked meanwhile, outside the transaction (never held across the network).
      const asJsonList = (list: SQL) =>
        sql`(select coalesce(json_agg(to_jsonb(found) - 'rank' order by found.rank), '[]'::json) from (${list}) found)`;
      const [result, market] = await Promise.all([
        withTenant(context.db, actor.tenantId, (tx) =>
          tx.execute<Record<'wallets' | 'tags' | 'groups' | 'tokens', unknown>>(sql`
          select ${asJsonList(walletList)} as wallets, ${asJsonList(tagList)} as tags,
            ${asJsonList(groupList)} as groups, ${asJsonList(tokenList)} as tokens`),
        ),
        context.searchMarket?.(q) ?? Promise.resolve([]),
      ]);
      const row = result.rows[0];
      const computed = COMPUTED_GROUPS.filter((group) =>
        group.name.toLowerCase().includes(needle),
      ).map((group) => ({ id: group.id, group_name: group.name }));
      const { shape } = searchResponseSchema;
      return {
        wallets: shape.wallets.parse(row?.wallets ?? []),
        tags: shape.tags.parse(row?.tags ?? []),
        groups: [...computed, ...shape.groups.parse(row?.groups ?? [])].slice(0, limit),
        tokens: heldThenMarket(shape.tokens.parse(row?.tokens ?? []), market, limit),
      };
    },
  };
}

/** The held tokens first, then the market's not already listed (marked so), `limit` in all. */
function heldThenMarket(
  held: SearchResponse['tokens'],
  market: readonly MarketToken[],
  limit: number,
): SearchResponse['tokens'] {
  const listed = new Set(held.map((token) => token.mint));
  const fromMarket = market
    .filter((token) => !listed.has(token.mint))
    .map((token) => ({
      mint: token.mint,
      symbol: token.symbol,
      name: token.name,
      source: 'market' as const,
    }));
  return [...held, ...fromMarket].slice(0, limit);
}

/**
 * The distinct mints among a tenant's token accounts, by a loose index scan: each step jumps to
 * the next mint in the (tenant_id, mint) index, so the cost grows with the number of mints, not
 * with the hundreds of thousands of token accounts that `select distinct` would read per search.
 */
function heldMints(tenantId: string): SQL {
  const { walletTokenAccounts } = schema;
  const nextMint = (after: SQL) => sql`(select ${walletTokenAccounts.mint}
    from ${walletTokenAccounts}
    where ${walletTokenAccounts.tenantId} = ${tenantId}::uuid and ${walletTokenAccounts.mint} > ${after}
    order by ${walletTokenAccounts.mint} limit 1)`;
  return sql`
    with recursive held_mint(mint) as (
      (select ${walletTokenAccounts.mint} from ${walletTokenAccounts}
        where ${walletTokenAccounts.tenantId} = ${tenantId}::uuid
        order by ${walletTokenAccounts.mint} limit 1)
      union all
      select ${nextMint(sql`held_mint.mint`)} from held_mint where held_mint.mint is not null
    )
    select mint from held_mint where mint is not null`;
}

export type SearchService = ReturnType<typeof createSearchService>;
