import type { HeldMint } from '@fleet/core';
import type { TenantDatabase } from '@fleet/db';
import { sql } from 'drizzle-orm';

/**
 * The Tokens Overview's SQL (decision 019), inside the tenant's transaction. Every statement
 * names the tenant itself as well as leaning on row-level security: the filter is what lets the
 * planner use the (tenant_id, …) indexes, and it keeps the answer right as the superuser too.
 */

/**
 * Every mint the tenant's active wallets hold a stored token account of, summed in the
 * database: 500 rows travel, not 150,000. Accounts of archived wallets are left out by the join.
 * Names come from the shared `mints` directory; decimals from the accounts themselves (the scan
 * stores them with every account), so a mint missing from the directory still has them.
 */
export async function readHeldMints(tx: TenantDatabase, tenantId: string): Promise<HeldMint[]> {
  const tenant = sql`${tenantId}::uuid`;
  const result = await tx.execute<{
    mint: string;
    name: string | null;
    symbol: string | null;
    decimals: number | null;
    balance: string;
    wallet_count: number;
    account_count: number;
    empty_count: number;
    last_scan: string | Date | null;
  }>(sql`
    select h.mint, m.name, m.symbol, h.decimals, h.balance, h.wallet_count, h.account_count,
      h.empty_count, h.last_scan
    from (
      select t.mint, max(t.decimals) as decimals, sum(t.amount)::text as balance,
        count(distinct t.wallet_id)::int as wallet_count, count(*)::int as account_count,
        (count(*) filter (where t.amount = 0))::int as empty_count,
        max(t.updated_at) as last_scan
      from wallet_token_accounts t
      join wallets w on w.id = t.wallet_id
      where t.tenant_id = ${tenant} and w.tenant_id = ${tenant} and w.archived_at is null
      group by t.mint
    ) h
    left join mints m on m.mint = h.mint`);
  return result.rows.map((row) => ({
    mint: row.mint,
    name: row.name,
    symbol: row.symbol,
    decimals: row.decimals,
    balance: row.balance,
    walletCount: row.wallet_count,
    accountCount: row.account_count,
    emptyAccountCount: row.empty_count,
    lastScan: row.last_scan === null ? null : new Date(row.last_scan).toISOString(),
  }));
}

/** One active wallet holding an account of the mint, with what the holders dialog shows. */
export interface HolderRow {
  readonly id: string;
  readonly address: string;
  readonly name: string | null;
  readonly lamports: string | null;
  readonly isTrader: boolean;
  readonly isMaster: boolean;
  readonly amount: string;
  readonly decimals: number;
  readonly accounts: number;
  readonly seedGroupId: string | null;
  readonly seedLabel: string | null;
  readonly importBatchId: string | null;
  readonly sourceKind: string;
  readonly tags: readonly { readonly name: string; readonly slug: string }[];
  readonly customGroups: readonly { readonly id: string; readonly name: string }[];
}

/**
 * The tenant's active wallets holding an account of `mint` (empty ones included: Close Acct acts
 * on them), largest holding first, through the (tenant_id, mint) index. Tags and custom groups
 * travel as JSON text per wallet, parsed once here.
 */
export async function readTokenHolders(
  tx: TenantDatabase,
  tenantId: string,
  mint: string,
): Promise<HolderRow[]> {
  const tenant = sql`${tenantId}::uuid`;
  const result = await tx.execute<{
    id: string;
    public_address: string;
    name: string | null;
    lamports: string | null;
    is_trader: boolean;
    is_master: boolean;
    amount: string;
    decimals: number;
    accounts: number;
    seed_group_id: string | null;
    seed_label: string | null;
    import_batch_id: string | null;
    source_kind: string;
    tags: string;
    custom_groups: string;
  }>(sql`
    with h as (
      select t.wallet_id, sum(t.amount) as amount, max(t.decimals) as decimals,
        count(*)::int as accounts
      from wallet_token_accounts t
      where t.tenant_id = ${tenant} and t.mint = ${mint}
      group by t.wallet_id
    )
    select w.id, w.public_address, w.name, w.lamports::text as lamports, w.is_trader,
      mw.public_address is not null as is_master,
      h.amount::text as amount, h.decimals, h.accounts,
      w.seed_group_id, sg.label as seed_label, w.import_batch_id, w.source_kind,
      coalesce((
        select json_agg(json_build_object('name', tg.name, 'slug', tg.slug) order by tg.name, tg.slug)
        from wallet_tags wt join tags tg on tg.id = wt.tag_id
        where wt.tenant_id = ${tenant} and wt.wallet_id = w.id), '[]'::json)::text as tags,
      coalesce((
        select json_agg(json_build_object('id', g.id, 'name', g.name) order by g.name, g.id)
        from wallet_group_members gm join wallet_groups g on g.id = gm.group_id
        where gm.tenant_id = ${tenant} and gm.wallet_id = w.id), '[]'::json)::text as custom_groups
    from h
    join wallets w on w.id = h.wallet_id
    left join seed_groups sg on sg.id = w.seed_group_id
    left join master_wallets mw on mw.tenant_id = ${tenant} and mw.public_address = w.public_address
    where w.tenant_id = ${tenant} and w.archived_at is null
    order by h.amount desc, w.public_address`);
  return result.rows.map((row) => ({
    id: row.id,
    address: row.public_address,
    name: row.name,
    lamports: row.lamports,
    isTrader: row.is_trader,
    isMaster: row.is_master,
    amount: row.amount,
    decimals: row.decimals,
    accounts: row.accounts,
    seedGroupId: row.seed_group_id,
    seedLabel: row.seed_label,
    importBatchId: row.import_batch_id,
    sourceKind: row.source_kind,
    tags: JSON.parse(row.tags) as HolderRow['tags'],
    customGroups: JSON.parse(row.custom_groups) as HolderRow['customGroups'],
  }));
}
