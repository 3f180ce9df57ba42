import type { TenantDatabase } from '@fleet/db';
import { sql } from 'drizzle-orm';
import { uuidArray } from '../wallets/repository/wallet-ids';

/**
 * The valuation's SQL (decision 019): set-based reads over the tenant's active wallets and their
 * token accounts, inside the tenant's transaction. Nothing here loops per wallet: the token
 * accounts are grouped by mint, the wallets counted from the token counts the triggers of
 * migration 0009 keep, and each wallet's holdings read as one compact text for valuing wallets
 * at the prices of the moment.
 */

/** One mint over the tenant's active wallets; amounts as numeric text (sums exceed u64). */
export interface HeldMintRow {
  readonly mint: string;
  readonly symbol: string | null;
  readonly name: string | null;
  readonly decimals: number;
  readonly instances: number;
  readonly instancesWithBalance: number;
  readonly amount: string;
}

export interface WalletCountsRow {
  readonly total: number;
  readonly withSol: number;
  readonly withAssets: number;
  readonly withClosable: number;
  readonly lamports: string;
  readonly closable: number;
  readonly masterAddress: string | null;
  /** The master's id among the active wallets, when it is one of them. */
  readonly masterWalletId: string | null;
}

/**
 * Every mint in the tenant's active wallets' token accounts, grouped in one pass with no join (a
 * join to 50,000 wallets costs more than the grouping); the archived wallets' accounts, usually
 * few, are grouped apart and subtracted. Holders (wallets with a balance of the mint) are counted
 * from the holdings (`readWalletHoldings`), which are read anyway: a distinct count here would
 * double the cost of this statement.
 */
export async function readHeldMints(tx: TenantDatabase, tenantId: string): Promise<HeldMintRow[]> {
  const result = await tx.execute<{
    mint: string;
    symbol: string | null;
    name: string | null;
    decimals: number | string;
    instances: number | string;
    with_balance: number | string;
    amount: string;
  }>(sql`
    with every_wallet as (
      select mint, max(decimals) as decimals, count(*) as instances,
        count(*) filter (where amount > 0) as with_balance, sum(amount) as amount
      from wallet_token_accounts
      where tenant_id = ${tenantId}::uuid
      group by mint
    ), archived as (
      select t.mint, count(*) as instances,
        count(*) filter (where t.amount > 0) as with_balance, sum(t.amount) as amount
      from wallets w
      join wallet_token_accounts t on t.tenant_id = w.tenant_id and t.wallet_id = w.id
      where w.tenant_id = ${tenantId}::uuid and w.archived_at is not null
      group by t.mint
    )
    select e.mint, m.symbol, m.name, e.decimals,
      e.instances - coalesce(a.instances, 0) as instances,
      e.with_balance - coalesce(a.with_balance, 0) as with_balance,
      (e.amount - coalesce(a.amount, 0))::text as amount
    from every_wallet e
    left join archived a on a.mint = e.mint
    left join mints m on m.mint = e.mint
    where e.instances - coalesce(a.instances, 0) > 0`);
  return result.rows.map((row) => ({
    mint: row.mint,
    symbol: row.symbol,
    name: row.name,
    decimals: Number(row.decimals),
    instances: Number(row.instances),
    instancesWithBalance: Number(row.with_balance),
    amount: row.amount,
  }));
}

/**
 * The wallet counts of spec 2 §3, the SOL held, the closable accounts (held at 0), the master
 * wallet's address and the last scan's end, in one statement.
 */
export async function readWalletCounts(
  tx: TenantDatabase,
  tenantId: string,
): Promise<WalletCountsRow> {
  const result = await tx.execute<{
    total: number | string;
    with_sol: number | string;
    with_assets: number | string;
    with_closable: number | string;
    lamports: string | null;
    closable: number | string | null;
    master_address: string | null;
    master_wallet_id: string | null;
  }>(sql`
    select count(*) as total,
      count(*) filter (where w.lamports > 0) as with_sol,
      count(*) filter (where w.funded_token_account_count > 0) as with_assets,
      count(*) filter (where w.token_account_count > w.funded_token_account_count) as with_closable,
      coalesce(sum(w.lamports), 0)::text as lamports,
      coalesce(sum(w.token_account_count - w.funded_token_account_count), 0) as closable,
      (select public_address from master_wallets where tenant_id = ${tenantId}::uuid) as master_address,
      (select w2.id from master_wallets mw
        join wallets w2 on w2.tenant_id = mw.tenant_id and w2.public_address = mw.public_address
        where mw.tenant_id = ${tenantId}::uuid and w2.archived_at is null) as master_wallet_id
    from wallets w
    where w.tenant_id = ${tenantId}::uuid and w.archived_at is null`);
  const row = result.rows[0];
  return {
    total: Number(row?.total ?? 0),
    withSol: Number(row?.with_sol ?? 0),
    withAssets: Number(row?.with_assets ?? 0),
    withClosable: Number(row?.with_closable ?? 0),
    lamports: row?.lamports ?? '0',
    closable: Number(row?.closable ?? 0),
    masterAddress: row?.master_address ?? null,
    masterWalletId: row?.master_wallet_id ?? null,
  };
}

/**
 * What each active wallet holds, compactly, for valuing every wallet at whatever prices hold
 * when asked: the wallets with their lamports, and every token account with a balance as
 * `wallet mint amount`, grouped by wallet (holders are counted from them). Two text aggregates instead of 150,000 rows: the driver's per-row cost is
 * most of the time on PGlite. Accounts of archived wallets are left for the reader to drop (their
 * wallet is not in the list), which spares a join.
 */
export async function readWalletHoldings(
  tx: TenantDatabase,
  tenantId: string,
): Promise<{ readonly wallets: string; readonly accounts: string }> {
  const result = await tx.execute<{ wallets: string | null; accounts: string | null }>(sql`
    select
      (select string_agg(id::text || ' ' || coalesce(lamports, 0)::text, ',')
        from wallets where tenant_id = ${tenantId}::uuid and archived_at is null) as wallets,
      (select string_agg(wallet_id::text || ' ' || mint || ' ' || amount::text, ',' order by wallet_id)
        from wallet_token_accounts where tenant_id = ${tenantId}::uuid and amount > 0) as accounts`);
  const row = result.rows[0];
  return { wallets: row?.wallets ?? '', accounts: row?.accounts ?? '' };
}

/** One wallet's public columns, for a highlight. */
export async function readWalletsById(
  tx: TenantDatabase,
  ids: readonly string[],
): Promise<{ id: string; address: string; name: string | null; lamports: string }[]> {
  if (ids.length === 0) return [];
  const result = await tx.execute<{
    id: string;
    address: string;
    name: string | null;
    lamports: string;
  }>(sql`
    select id, public_address as address, name, coalesce(lamports, 0)::text as lamports
    from wallets where id = any(${uuidArray(ids)})`);
  return result.rows;
}

/**
 * The tenant's wallet-list version (bumped by the triggers of migration 0009 on every change to
 * wallets, their token accounts and the master wallet) and the end of its last scan, which the
 * version does not follow.
 */
export async function readValuationVersion(
  tx: TenantDatabase,
  tenantId: string,
): Promise<{ version: string; lastScanAt: string | null }> {
  const result = await tx.execute<{
    version: string | null;
    last_scan_at: string | Date | null;
  }>(sql`
    select (select version::text from wallet_list_versions where tenant_id = ${tenantId}::uuid) as version,
      (select finished_at from last_scans where tenant_id = ${tenantId}::uuid) as last_scan_at`);
  const row = result.rows[0];
  const at = row?.last_scan_at ?? null;
  return {
    version: row?.version ?? '0',
    lastScanAt: at === null ? null : new Date(at).toISOString(),
  };
}
