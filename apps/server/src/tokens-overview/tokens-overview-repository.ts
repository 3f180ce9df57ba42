import type { TenantDatabase } from '@fleet/db';
import { sql, type SQL } from 'drizzle-orm';

/**
 * The Tokens Overview's SQL (decision 019), inside the tenant's transaction. Every statement
 * names the tenant itself as well as leaning on row-level security: the filter is what lets the
 * planner use the (tenant_id, …) indexes, and it keeps the answer right as the superuser too.
 */

/**
 * The newest stored scan of each of `mints` among the tenant's token accounts, with that
 * account's decimals (a mint's decimals never change on chain; the newest read wins if an older
 * row was stored wrong): one backward step down the (tenant_id, mint, updated_at) index per mint
 * (migration 0029), never a pass over the tenant's accounts. Accounts of archived wallets count
 * too: they are not scanned, so they are rarely the newest, and leaving them out would cost the
 * join this avoids.
 */
export function mintScanTimesStatement(tenantId: string, mints: readonly string[]): SQL {
  // Base58 addresses hold no comma: one parameter however many mints.
  return sql`
    select m.mint, newest.updated_at as last_scan, newest.decimals
    from unnest(string_to_array(${mints.join(',')}, ',')) as m(mint)
    left join lateral (
      select t.updated_at, t.decimals from wallet_token_accounts t
      where t.tenant_id = ${tenantId}::uuid and t.mint = m.mint
      order by t.updated_at desc limit 1
    ) newest on true`;
}

export interface MintScan {
  readonly lastScan: string;
  readonly decimals: number;
}

export async function readMintScans(
  tx: TenantDatabase,
  tenantId: string,
  mints: readonly string[],
): Promise<Map<string, MintScan>> {
  if (mints.length === 0) return new Map();
  const result = await tx.execute<{
    mint: string;
    last_scan: string | Date | null;
    decimals: number | null;
  }>(mintScanTimesStatement(tenantId, mints));
  const scans = new Map<string, MintScan>();
  for (const row of result.rows)
    if (row.last_scan !== null)
      scans.set(row.mint, {
        lastScan: new Date(row.last_scan).toISOString(),
        decimals: row.decimals ?? 0,
      });
  return scans;
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
 * on them) or owning it as a compressed NFT, largest holding first, through the (tenant_id, mint) index. Tags and custom groups
 * travel as JSON text per wallet, parsed once here.
 */
/** The statement of `readTokenHolders`, apart for the bench's EXPLAIN. */
export function tokenHoldersStatement(tenantId: string, mint: string): SQL {
  const tenant = sql`${tenantId}::uuid`;
  return sql`
    with h as materialized (
      select x.wallet_id, sum(x.amount) as amount, max(x.decimals) as decimals,
        sum(x.accounts)::int as accounts
      from (
        select t.wallet_id, t.amount, t.decimals, 1 as accounts
        from wallet_token_accounts t
        where t.tenant_id = ${tenant} and t.mint = ${mint}
        -- A compressed NFT (found by the GetAssets scan) is held without a token account.
        union all
        select c.wallet_id, 1, 0, 0
        from wallet_compressed_assets c
        where c.tenant_id = ${tenant} and c.asset_id = ${mint}
      ) x
      group by x.wallet_id
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
    -- Lateral, and kept apart by its limit (a flattened subquery is planned as a plain join):
    -- each holding finds its wallet by key. Left to the planner without statistics (PGlite has
    -- none), it scanned every active wallet and the holdings once per wallet: 2 s for 300.
    cross join lateral (
      select w.id, w.public_address, w.name, w.lamports, w.is_trader, w.seed_group_id,
        w.import_batch_id, w.source_kind
      from wallets w
      where w.id = h.wallet_id and w.tenant_id = ${tenant} and w.archived_at is null
      limit 1) w
    left join seed_groups sg on sg.id = w.seed_group_id
    left join master_wallets mw on mw.tenant_id = ${tenant} and mw.public_address = w.public_address
    order by h.amount desc, w.public_address`;
}

export async function readTokenHolders(
  tx: TenantDatabase,
  tenantId: string,
  mint: string,
): Promise<HolderRow[]> {
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
  }>(tokenHoldersStatement(tenantId, mint));
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

/** One compressed NFT of an active wallet, as the Tokens Overview lists it (a cNFT row each). */
export interface CompressedHolding {
  readonly assetId: string;
  readonly name: string | null;
  readonly symbol: string | null;
  readonly image: string | null;
  readonly scannedAt: string;
}

/** The compressed NFTs the tenant's active wallets own (the GetAssets scan's rows). */
export async function readCompressedHoldings(
  tx: TenantDatabase,
  tenantId: string,
): Promise<CompressedHolding[]> {
  const result = await tx.execute<{
    asset_id: string;
    name: string | null;
    symbol: string | null;
    image: string | null;
    scanned_at: string | Date;
  }>(sql`
    select c.asset_id, c.name, c.symbol, c.image, c.scanned_at
    from wallet_compressed_assets c
    -- One key lookup per asset: as a plain join, PGlite's planner (no statistics) walked all the
    -- tenant's wallets for a fleet holding no compressed NFT (~100 ms at 50,000 wallets).
    cross join lateral (
      select 1 from wallets w
      where w.id = c.wallet_id and w.tenant_id = c.tenant_id and w.archived_at is null limit 1
    ) active
    where c.tenant_id = ${tenantId}::uuid`);
  return result.rows.map((row) => ({
    assetId: row.asset_id,
    name: row.name === '' ? null : row.name,
    symbol: row.symbol === '' ? null : row.symbol,
    image: row.image,
    scannedAt: new Date(row.scanned_at).toISOString(),
  }));
}
