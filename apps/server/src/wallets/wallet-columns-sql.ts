import { MIDDLEMAN_SOURCE_LABEL } from '@fleet/core';
import { sql, type SQL } from 'drizzle-orm';
import {
  baseCte,
  iso,
  latestImportCte,
  type SummaryRow,
  type WalletFilter,
} from './wallet-list-sql';

/**
 * What `walletColumnsSql` answers: each column and dictionary a JSON text written by the
 * database, and with `summary` the header line's figures.
 */
export type WalletColumnsRow = Partial<Omit<SummaryRow, 'total'>> & {
  readonly version: string;
  /** Whether the latest import's badges are in this list (see `latestImportCte`). */
  readonly latest_import_shown: boolean;
  readonly count: number;
  readonly id: string;
  readonly address: string;
  readonly name: string;
  readonly lamports: string;
  readonly token_accounts: string;
  readonly funded_token_accounts: string;
  readonly trader: string;
  readonly master: string;
  readonly pool_creator: string;
  readonly import_status: string;
  readonly import_batch: string;
  readonly source: string;
  readonly tags: string;
  readonly groups: string;
  readonly tokens_value_usd: string;
  readonly last_scanned_at_ms: string;
  readonly created_at_ms: string;
  readonly import_batch_ids: string;
  readonly sources: string;
  readonly tag_ids: string;
  readonly group_ids: string;
};

/** The JSON array of one column: `piece` is the JSON text of one wallet's entry. */
const column = (piece: SQL) => sql`'[' || coalesce(string_agg(${piece}, ','), '') || ']'`;
/** A JSON string of text that needs no escaping (uuids, base58, digits, fixed words), or null. */
const plainString = (value: SQL) => sql`coalesce('"' || ${value} || '"', 'null')`;
/** Milliseconds since the epoch, or null. */
const epochMs = (value: SQL) =>
  sql`coalesce(floor(extract(epoch from ${value}) * 1000)::bigint::text, 'null')`;
const flag = (condition: SQL) => sql`case when ${condition} then '1' else '0' end`;

/**
 * The wallet list as columns (`slimWalletListResponseSchema`), in one statement, so the version,
 * the rows and the dictionaries come from one snapshot. Rows are read in list order (oldest first,
 * through `wallets_active_idx`) by one ordered subquery and each column is one `string_agg` over
 * it; the caller turns parallel plans off so the aggregates see the rows in that order. Everything
 * per wallet is on its row (token counts are kept by triggers, migration 0009); the dictionaries
 * come from the tenant's small tables (import batches, seed vaults, tags, groups), so no step
 * groups or sorts the wallets beyond the index order.
 *
 * With `summary`, the header line's figures (`SummaryRow`) come from the same pass and snapshot.
 *
 * Sources are numbered: 0 manual, 1 an import without a batch, 2 + n the n-th import batch, then
 * the seed vaults after the batches, and last the middlemen (so adding them renumbered nothing).
 */
export function walletColumnsSql(
  tenantId: string,
  filter: WalletFilter,
  options: { readonly summary: boolean },
): SQL {
  const tenant = sql`${tenantId}::uuid`;
  return sql`with ${baseCte(tenantId, filter)},
  batch_dict as (
    select id, (row_number() over (order by created_at, id) - 1)::int as ix
    from import_batches where tenant_id = ${tenant}),
  seed_dict as (
    select id, coalesce(nullif(label, ''), 'Seed') as label,
      (row_number() over (order by created_at, id) - 1)::int as ix
    from seed_groups where tenant_id = ${tenant}),
  tag_dict as (
    select id, (row_number() over (order by id) - 1)::int as ix from tags where tenant_id = ${tenant}),
  group_dict as (
    select id, (row_number() over (order by id) - 1)::int as ix
    from wallet_groups where tenant_id = ${tenant}),
  tg as (
    select wt.wallet_id, string_agg(d.ix::text, ',' order by d.ix) as ixs
    from wallet_tags wt join tag_dict d on d.id = wt.tag_id
    where wt.tenant_id = ${tenant} group by wt.wallet_id),
  gr as (
    select gm.wallet_id, string_agg(d.ix::text, ',' order by d.ix) as ixs
    from wallet_group_members gm join group_dict d on d.id = gm.group_id
    where gm.tenant_id = ${tenant} group by gm.wallet_id),
  ${latestImportCte(tenant)},
  master as (select public_address from master_wallets where tenant_id = ${tenant}),
  r as (
    select b.*, bd.ix as batch_ix,
      case when b.seed_group_id is not null then 2 + (select count(*) from batch_dict)::int + sd.ix
        when b.source_kind = 'manual' then 0
        when b.source_kind = 'middleman'
          then 2 + (select count(*) from batch_dict)::int + (select count(*) from seed_dict)::int
        when bd.ix is null then 1
        else 2 + bd.ix end as source_ix,
      coalesce(b.public_address = (select public_address from master), false) as is_master,
      case when b.import_batch_id = (select id from latest) then b.import_status end as latest_status,
      tg.ixs as tag_ixs, gr.ixs as group_ixs
    from base b
    left join batch_dict bd on bd.id = b.import_batch_id
    left join seed_dict sd on sd.id = b.seed_group_id
    left join tg on tg.wallet_id = b.id
    left join gr on gr.wallet_id = b.id
    order by b.created_at, b.id)
  select
    coalesce((select version from wallet_list_versions where tenant_id = ${tenant}), 0)::text as version,
    exists (select 1 from latest) as latest_import_shown,
    count(*)::int as count,
    ${column(sql`'"' || r.id::text || '"'`)} as id,
    ${column(sql`to_json(r.public_address)::text`)} as address,
    ${column(sql`coalesce(to_json(r.name)::text, 'null')`)} as name,
    ${column(plainString(sql`r.lamports::text`))} as lamports,
    ${column(sql`r.token_account_count::text`)} as token_accounts,
    ${column(sql`r.funded_token_account_count::text`)} as funded_token_accounts,
    ${column(flag(sql`r.is_trader`))} as trader,
    ${column(flag(sql`r.is_master`))} as master,
    -- No liquidity feature yet: nobody is a pool creator.
    ${column(sql`'0'`)} as pool_creator,
    ${column(plainString(sql`r.latest_status`))} as import_status,
    ${column(sql`coalesce(r.batch_ix::text, 'null')`)} as import_batch,
    ${column(sql`r.source_ix::text`)} as source,
    ${column(sql`'[' || coalesce(r.tag_ixs, '') || ']'`)} as tags,
    ${column(sql`'[' || coalesce(r.group_ixs, '') || ']'`)} as groups,
    -- No price service yet: USD values are unknown, never made up.
    ${column(sql`'null'`)} as tokens_value_usd,
    ${column(epochMs(sql`r.last_scanned_at`))} as last_scanned_at_ms,
    ${column(epochMs(sql`r.created_at`))} as created_at_ms,
    (select coalesce(json_agg(id order by ix), '[]'::json)::text from batch_dict) as import_batch_ids,
    (select json_agg(json_build_object('kind', s.kind, 'id', s.id, 'label', s.label)
        order by s.part, s.ix)::text
      from (select 0 as part, 0 as ix, 'manual' as kind, null::text as id, 'PK' as label
        union all select 1, 0, 'import', null, 'PK'
        union all select 2, ix, 'import', id::text, 'PK' from batch_dict
        union all select 3, ix, 'seed', id::text, label from seed_dict
        union all select 4, 0, 'middleman', null, ${MIDDLEMAN_SOURCE_LABEL}::text) s) as sources,
    (select coalesce(json_agg(id order by ix), '[]'::json)::text from tag_dict) as tag_ids,
    (select coalesce(json_agg(id order by ix), '[]'::json)::text from group_dict) as group_ids
    ${options.summary ? summaryColumns(tenantId) : sql``}
  from r`;
}

/** `SummaryRow` over the rows of `r` (see `walletSummarySql` for the same figures on their own). */
function summaryColumns(tenantId: string): SQL {
  return sql`,
    (count(*) filter (where r.lamports > 0))::int as with_sol,
    (count(*) filter (where r.funded_token_account_count > 0))::int as with_assets,
    (count(*) filter (where r.token_account_count > r.funded_token_account_count))::int as with_closable,
    (count(*) filter (where r.is_trader))::int as traders,
    coalesce(sum(r.lamports), 0)::text as total_lamports,
    (select count(*)::int from (select ta.mint from wallet_token_accounts ta
      where ta.tenant_id = ${tenantId}::uuid and ta.amount > 0
        and ta.wallet_id in (select id from base) group by ta.mint) held) as unique_assets,
    coalesce(sum(r.token_account_count), 0)::int as asset_instances,
    coalesce(sum(r.funded_token_account_count), 0)::int as instances_with_balance,
    coalesce(sum(r.token_account_count - r.funded_token_account_count), 0)::int as closable_count,
    ${iso(sql`max(r.last_scanned_at)`)} as last_scanned_at`;
}

/** The reply body around the columns the database wrote (field order as in the schema). */
export function walletColumnsJson(row: WalletColumnsRow, summaryJson: string | undefined): string {
  const columns =
    `"id":${row.id},"address":${row.address},"name":${row.name},"lamports":${row.lamports},` +
    `"tokenAccounts":${row.token_accounts},"fundedTokenAccounts":${row.funded_token_accounts},` +
    `"trader":${row.trader},"master":${row.master},"poolCreator":${row.pool_creator},` +
    `"importStatus":${row.import_status},"importBatch":${row.import_batch},` +
    `"source":${row.source},"tags":${row.tags},"groups":${row.groups},` +
    `"tokensValueUsd":${row.tokens_value_usd},"lastScannedAt":${row.last_scanned_at_ms},` +
    `"createdAt":${row.created_at_ms}`;
  const dictionaries =
    `"importBatchIds":${row.import_batch_ids},"sources":${row.sources},` +
    `"tagIds":${row.tag_ids},"groupIds":${row.group_ids}`;
  const summary = summaryJson === undefined ? '' : `,"summary":${summaryJson}`;
  return `{"version":"${row.version}","count":${row.count},"columns":{${columns}},"dictionaries":{${dictionaries}}${summary}}`;
}
