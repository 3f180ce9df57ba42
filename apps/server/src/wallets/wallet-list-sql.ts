import { MIDDLEMAN_SOURCE_LABEL, tagFilterOf } from '@fleet/core';
import { sql, type SQL } from 'drizzle-orm';

/**
 * The wallet list in set-based SQL: token stats and tag/group ids are aggregated with GROUP BY
 * and joined once, never queried per wallet, and the reply's JSON is written in the same
 * statement (see `walletListBodySql`). Every
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
export const iso = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * `latest`: the tenant's newest import batch while it is under 24 hours old (spec 2 §4, §9: the
 * latest import record expires after 24 h). Its wallets carry their import badge (new, restored,
 * updated), which also puts them in Recently Added; after that, no wallet carries one.
 */
export function latestImportCte(tenant: SQL): SQL {
  return sql`latest as (
    select id from (
      select id, created_at from import_batches where tenant_id = ${tenant}
      order by created_at desc, id desc limit 1) newest
    where newest.created_at > now() - interval '24 hours')`;
}

/** The active wallets the filter selects, as the CTE `base`. */
export function baseCte(tenantId: string, filter: WalletFilter): SQL {
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
      w.import_batch_id, w.seed_group_id, w.source_kind, w.last_scanned_at, w.created_at,
      w.token_account_count, w.funded_token_account_count
    from wallets w where ${sql.join(conditions, sql` and `)})`;
}

/**
 * A tag by slug, as `tagFilterOf` reads it in the browser: the system `trader` tag is the Trader
 * wallets, a seed-source tag `seed_vault_{seed group id}` the wallets derived from that seed
 * (neither is stored per wallet: see organize/system-tags), any other slug an assigned tag.
 */
function tagCondition(slug: string): SQL {
  const filter = tagFilterOf(slug, []);
  if (filter.kind === 'trader') return sql`w.is_trader`;
  if (filter.kind === 'seed') {
    return UUID.test(filter.seedGroupId)
      ? sql`w.seed_group_id = ${filter.seedGroupId}::uuid`
      : sql`false`;
  }
  return sql`exists (select 1 from wallet_tags wt join tags t on t.id = wt.tag_id
    where wt.tenant_id = w.tenant_id and wt.wallet_id = w.id and t.slug = ${slug})`;
}

function tokenAndTagListCtes(tenantId: string): SQL {
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

/** A JSON string literal of a text column, or null (to_json escapes quotes and controls). */
const jsonText = (column: SQL) => sql`coalesce(to_json(${column})::text, 'null')`;
/** A JSON string of an ISO time (as `Date#toISOString` writes it), or null. */
const jsonTime = (column: SQL) => sql`coalesce('"' || ${iso(column)} || '"', 'null')`;
/** A JSON array of the uuids in a comma-joined text. */
const jsonUuids = (column: SQL) =>
  sql`case when ${column} is null then '[]' else '["' || replace(${column}, ',', '","') || '"]' end`;

/**
 * One statement answering the wallets of `filter`, oldest first, as the body of a JSON array
 * (without the brackets) of `walletSchema` rows, token accounts and tags spelled out (the full
 * list and `GET /api/wallet/{address}`; the table reads the columnar list of
 * `wallet-columns-sql.ts`). The text is written by concatenation in SQL: handing rows to the
 * driver and writing JSON in Node costs more than the query itself, and PGlite's row transfer is
 * slower still. Free text goes through `to_json`, the rest are uuids, numbers and booleans. The
 * API tests parse the output with the contract schemas.
 */
export function walletListBodySql(tenantId: string, filter: WalletFilter): SQL {
  return sql`with ${baseCte(tenantId, filter)},
  tg as (
    select wt.wallet_id, string_agg(wt.tag_id::text, ',') as ids
    from wallet_tags wt join base on base.id = wt.wallet_id
    where wt.tenant_id = ${tenantId}::uuid group by wt.wallet_id),
  gr as (
    select gm.wallet_id, string_agg(gm.group_id::text, ',') as ids
    from wallet_group_members gm join base on base.id = gm.wallet_id
    where gm.tenant_id = ${tenantId}::uuid group by gm.wallet_id),
  ${latestImportCte(sql`${tenantId}::uuid`)}${tokenAndTagListCtes(tenantId)},
  r as (
    select b.id, b.public_address, b.name, b.lamports, b.is_trader, b.import_batch_id,
      b.last_scanned_at, b.created_at,
      b.token_account_count as tok_total, b.funded_token_account_count as tok_with_balance,
      m.public_address is not null as is_master,
      case when b.import_batch_id = (select id from latest) then b.import_status end as import_status,
      case when b.seed_group_id is not null then 'seed'
        when b.source_kind in ('manual', 'middleman') then b.source_kind else 'import' end as source_kind,
      case when b.seed_group_id is not null then b.seed_group_id
        when b.source_kind in ('manual', 'middleman') then null else b.import_batch_id end as source_id,
      case when b.seed_group_id is not null then coalesce(nullif(sg.label, ''), 'Seed')
        when b.source_kind = 'middleman' then ${MIDDLEMAN_SOURCE_LABEL}::text
        else 'PK' end as source_label,
      tg.ids as tag_ids, gr.ids as group_ids,
      coalesce(tl.list, '[]'::json)::text as tokens, coalesce(tt.list, '[]'::json)::text as tags
    from base b
    left join tg on tg.wallet_id = b.id
    left join gr on gr.wallet_id = b.id
    left join seed_groups sg on sg.id = b.seed_group_id
    left join master_wallets m on m.tenant_id = ${tenantId}::uuid and m.public_address = b.public_address
    left join tl on tl.wallet_id = b.id left join tt on tt.wallet_id = b.id)
  select coalesce(string_agg(
    '{"id":"' || r.id || '","address":' || ${jsonText(sql`r.public_address`)}
    || ',"name":' || ${jsonText(sql`r.name`)}
    || ',"lamports":' || coalesce('"' || r.lamports || '"', 'null')
    || ',"tokenStats":{"total":' || r.tok_total || ',"withBalance":' || r.tok_with_balance
    || ',"zeroBalance":' || (r.tok_total - r.tok_with_balance)
    || '},"isTrader":' || r.is_trader || ',"isMasterWallet":' || r.is_master
    || ',"importStatus":' || ${jsonText(sql`r.import_status`)}
    || ',"importBatchId":' || coalesce('"' || r.import_batch_id || '"', 'null')
    || ',"sourceKind":"' || r.source_kind || '","sourceId":' || coalesce('"' || r.source_id || '"', 'null')
    || ',"sourceLabel":' || ${jsonText(sql`r.source_label`)}
    || ',"tagIds":' || ${jsonUuids(sql`r.tag_ids`)} || ',"groupIds":' || ${jsonUuids(sql`r.group_ids`)}
    || ',"poolCreator":false,"tokensValueUsd":null'
    || ',"lastScannedAt":' || ${jsonTime(sql`r.last_scanned_at`)}
    || ',"createdAt":' || ${jsonTime(sql`r.created_at`)}
    || ',"tokens":' || r.tokens || ',"tags":' || r.tags
    || '}', ',' order by r.created_at, r.id), '') as body
  from r`;
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
  mints_held as (
    select count(distinct ta.mint)::int as n
    from wallet_token_accounts ta join base on base.id = ta.wallet_id
    where ta.tenant_id = ${tenantId}::uuid and ta.amount > 0)
  select count(*)::int as total,
    (count(*) filter (where b.lamports > 0))::int as with_sol,
    (count(*) filter (where b.funded_token_account_count > 0))::int as with_assets,
    (count(*) filter (where b.token_account_count > b.funded_token_account_count))::int as with_closable,
    (count(*) filter (where b.is_trader))::int as traders,
    coalesce(sum(b.lamports), 0)::text as total_lamports,
    (select n from mints_held) as unique_assets,
    coalesce(sum(b.token_account_count), 0)::int as asset_instances,
    coalesce(sum(b.funded_token_account_count), 0)::int as instances_with_balance,
    coalesce(sum(b.token_account_count - b.funded_token_account_count), 0)::int as closable_count,
    ${iso(sql`max(b.last_scanned_at)`)} as last_scanned_at
  from base b`;
}
