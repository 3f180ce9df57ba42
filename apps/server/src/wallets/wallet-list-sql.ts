import { SEED_TAG_PREFIX } from '@fleet/core';
import { sql, type SQL } from 'drizzle-orm';

/**
 * The wallet list in set-based SQL: token stats and tag/group ids are aggregated with GROUP BY
 * and joined once, never queried per wallet. Rows come back flat and cheap to parse (ids joined
 * into one text, times as epoch numbers); wallet-list-json writes the reply from them. Every
 * statement runs inside `withTenant` (RLS) and also names the tenant, so the planner can use the
 * (tenant_id, …) indexes.
 */
export interface WalletFilter {
  readonly tag?: string | undefined;
  readonly groupId?: string | undefined;
  readonly seedGroupId?: string | undefined;
  readonly importBatchId?: string | undefined;
  readonly traderOnly?: boolean | undefined;
  readonly address?: string | undefined;
}

/** Rent a 165-byte token account holds (DESIGN.md "Facts to design with"). */
export const TOKEN_ACCOUNT_RENT_LAMPORTS = 2_039_280n;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** ISO-8601 in UTC with milliseconds, as `Date#toISOString` writes it. */
const iso = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The active wallets the filter selects, as the CTE `base`. */
function baseCte(tenantId: string, filter: WalletFilter): SQL {
  const conditions: SQL[] = [sql`w.tenant_id = ${tenantId}::uuid`, sql`w.archived_at is null`];
  if (filter.traderOnly) conditions.push(sql`w.is_trader`);
  if (filter.seedGroupId) conditions.push(sql`w.seed_group_id = ${filter.seedGroupId}::uuid`);
  if (filter.importBatchId) conditions.push(sql`w.import_batch_id = ${filter.importBatchId}::uuid`);
  if (filter.address) conditions.push(sql`w.public_address = ${filter.address}`);
  if (filter.groupId) {
    conditions.push(sql`exists (select 1 from wallet_group_members gm
      where gm.tenant_id = w.tenant_id and gm.wallet_id = w.id and gm.group_id = ${filter.groupId}::uuid)`);
  }
  if (filter.tag !== undefined) conditions.push(tagCondition(filter.tag));
  return sql`base as (
    select w.id, w.public_address, w.name, w.lamports, w.is_trader, w.import_status,
      w.import_batch_id, w.seed_group_id, w.source_kind, w.last_scanned_at, w.created_at
    from wallets w where ${sql.join(conditions, sql` and `)})`;
}

/**
 * A stored tag by slug, or the computed seed-source tag `seed_vault_{seed group id}` (computed tags
 * are derived from seed_groups, not stored: see the `tags` schema).
 */
function tagCondition(slug: string): SQL {
  const seedGroupId = slug.startsWith(SEED_TAG_PREFIX) ? slug.slice(SEED_TAG_PREFIX.length) : '';
  const stored = sql`exists (select 1 from wallet_tags wt join tags t on t.id = wt.tag_id
    where wt.tenant_id = w.tenant_id and wt.wallet_id = w.id and t.slug = ${slug})`;
  return UUID.test(seedGroupId)
    ? sql`(${stored} or w.seed_group_id = ${seedGroupId}::uuid)`
    : stored;
}

/** Token counts per wallet of `base`: total and with a balance above zero. */
const tokenStatsCte = (tenantId: string) => sql`tok as (
  select ta.wallet_id, count(*)::int as total, (count(*) filter (where ta.amount > 0))::int as with_balance
  from wallet_token_accounts ta join base on base.id = ta.wallet_id
  where ta.tenant_id = ${tenantId}::uuid
  group by ta.wallet_id)`;

/** One wallet as the database returns it for the list (see wallet-list-json for the reply). */
export type WalletListRow = {
  readonly id: string;
  readonly address: string;
  readonly name: string | null;
  readonly lamports: string | null;
  readonly tok_total: number;
  readonly tok_with_balance: number;
  readonly is_trader: boolean;
  readonly is_master: boolean;
  /** Already null unless the wallet belongs to the tenant's latest import batch. */
  readonly import_status: string | null;
  readonly import_batch_id: string | null;
  readonly seed_group_id: string | null;
  readonly source_kind: string;
  readonly seed_label: string | null;
  /** Comma-separated uuids: one text field parses faster than a Postgres array. */
  readonly tag_ids: string;
  readonly group_ids: string;
  /** Epoch milliseconds, turned into ISO strings in JS (cheaper than to_char per row). */
  readonly last_scanned_ms: number | string | null;
  readonly created_ms: number | string;
  /** Full mode only: JSON arrays the database built. */
  readonly tokens?: string;
  readonly tags?: string;
};

function fullCtes(tenantId: string): SQL {
  return sql`,
  tl as (
    select ta.wallet_id, json_agg(json_build_object('mint', ta.mint, 'tokenAccount', ta.token_account,
      'program', ta.program, 'symbol', mi.symbol, 'name', mi.name, 'decimals', ta.decimals,
      'amount', ta.amount::text, 'valueUsd', null) order by ta.amount desc, ta.mint) as list
    from wallet_token_accounts ta join base on base.id = ta.wallet_id
    left join mints mi on mi.mint = ta.mint
    where ta.tenant_id = ${tenantId}::uuid
    group by ta.wallet_id),
  tt as (
    select wt.wallet_id, json_agg(json_build_object('id', t.id, 'slug', t.slug, 'name', t.name,
      'color', t.color) order by t.name) as list
    from wallet_tags wt join base on base.id = wt.wallet_id join tags t on t.id = wt.tag_id
    where wt.tenant_id = ${tenantId}::uuid
    group by wt.wallet_id)`;
}

/** One statement answering the wallets of `filter`, oldest first, as `WalletListRow`s. */
export function walletRowsSql(tenantId: string, filter: WalletFilter, mode: 'slim' | 'full'): SQL {
  const full = mode === 'full';
  return sql`with ${baseCte(tenantId, filter)},
  ${tokenStatsCte(tenantId)},
  tg as (
    select wt.wallet_id, string_agg(wt.tag_id::text, ',' order by wt.tag_id) as ids
    from wallet_tags wt join base on base.id = wt.wallet_id
    where wt.tenant_id = ${tenantId}::uuid group by wt.wallet_id),
  gr as (
    select gm.wallet_id, string_agg(gm.group_id::text, ',' order by gm.group_id) as ids
    from wallet_group_members gm join base on base.id = gm.wallet_id
    where gm.tenant_id = ${tenantId}::uuid group by gm.wallet_id),
  latest as (
    select id from import_batches where tenant_id = ${tenantId}::uuid
    order by created_at desc, id desc limit 1)${full ? fullCtes(tenantId) : sql``}
  select b.id, b.public_address as address, b.name, b.lamports::text as lamports,
    coalesce(tok.total, 0) as tok_total, coalesce(tok.with_balance, 0) as tok_with_balance,
    b.is_trader, m.public_address is not null as is_master,
    case when b.import_batch_id = (select id from latest) then b.import_status end as import_status,
    b.import_batch_id, b.seed_group_id, b.source_kind, sg.label as seed_label,
    coalesce(tg.ids, '') as tag_ids, coalesce(gr.ids, '') as group_ids,
    (extract(epoch from b.last_scanned_at) * 1000)::float8 as last_scanned_ms,
    (extract(epoch from b.created_at) * 1000)::float8 as created_ms
    ${full ? sql`, coalesce(tl.list, '[]'::json)::text as tokens, coalesce(tt.list, '[]'::json)::text as tags` : sql``}
  from base b
  left join tok on tok.wallet_id = b.id
  left join tg on tg.wallet_id = b.id
  left join gr on gr.wallet_id = b.id
  left join seed_groups sg on sg.id = b.seed_group_id
  left join master_wallets m on m.tenant_id = ${tenantId}::uuid and m.public_address = b.public_address
  ${full ? sql`left join tl on tl.wallet_id = b.id left join tt on tt.wallet_id = b.id` : sql``}
  order by b.created_at, b.id`;
}

export type SummaryRow = {
  readonly total: number;
  readonly with_sol: number;
  readonly with_assets: number;
  readonly with_closable: number;
  readonly traders: number;
  readonly total_lamports: string;
  readonly unique_assets: number;
  readonly asset_instances: number;
  readonly instances_with_balance: number;
  readonly closable_count: number;
  readonly last_scanned_at: string | null;
};

/** The header line and Portfolio Overview figures over the same wallets as the list. */
export function walletSummarySql(tenantId: string, filter: WalletFilter): SQL {
  return sql`with ${baseCte(tenantId, filter)},
  ${tokenStatsCte(tenantId)},
  mints_held as (
    select count(distinct ta.mint)::int as n
    from wallet_token_accounts ta join base on base.id = ta.wallet_id
    where ta.tenant_id = ${tenantId}::uuid and ta.amount > 0)
  select count(*)::int as total,
    (count(*) filter (where b.lamports > 0))::int as with_sol,
    (count(*) filter (where tok.with_balance > 0))::int as with_assets,
    (count(*) filter (where tok.total > tok.with_balance))::int as with_closable,
    (count(*) filter (where b.is_trader))::int as traders,
    coalesce(sum(b.lamports), 0)::text as total_lamports,
    (select n from mints_held) as unique_assets,
    coalesce(sum(tok.total), 0)::int as asset_instances,
    coalesce(sum(tok.with_balance), 0)::int as instances_with_balance,
    coalesce(sum(tok.total - tok.with_balance), 0)::int as closable_count,
    ${iso(sql`max(b.last_scanned_at)`)} as last_scanned_at
  from base b left join tok on tok.wallet_id = b.id`;
}
