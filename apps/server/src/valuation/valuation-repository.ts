import { FINAL_TRUTH_SCAN_JOB_KIND } from '@fleet/core';
import type { TenantDatabase } from '@fleet/db';
import { sql, type SQL } from 'drizzle-orm';
import { uuidArray } from '../wallets/repository/wallet-ids';

/**
 * The valuation's SQL (decision 019): set-based reads over the tenant's active wallets and their
 * token accounts, inside the tenant's transaction. Nothing here loops per wallet: the holdings
 * are read as one compact text, whole or only for the wallets changed since an earlier read
 * (decision 031), and summed in the server (`holdings-model.ts`), which keeps the sums between
 * reads.
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
 * The tenant's holdings as one statement sees them (one snapshot, so the version, the wallets and
 * their accounts agree): the wallet-list version, the snapshot itself (`seen`, for the next read),
 * the master wallet, and as compact text (the drivers' per-row cost is most of the time on PGlite)
 * `id lamports` per active wallet and the token accounts grouped by mint (`holdings-model.ts`
 * reads them). Accounts of archived wallets are left for the reader to drop, which spares a join; no order is asked for.
 *
 * With `since` (the `seen` of an earlier read), only the wallets changed since then: those whose
 * mark in `wallet_changes` (migration 0022) that snapshot did not see, listed in `changed` whether
 * they are still active, archived or deleted. Transaction ids below the snapshot's xmin were all
 * visible to it, which lets the index skip the wallets unchanged since.
 */
/**
 * How many changed wallets are still read on their own: past it (a scan, an import) reading
 * everything costs less than finding each wallet's rows by index.
 */
export const MOST_CHANGED_READ_ALONE = 2000;

export interface HoldingsRead {
  readonly version: string;
  readonly seen: string;
  readonly masterAddress: string | null;
  readonly masterWalletId: string | null;
  /**
   * Null for a whole read (no `since`, or more changed wallets than `MOST_CHANGED_READ_ALONE`);
   * else the ids of the wallets changed since `since`, comma-separated.
   */
  readonly changed: string | null;
  readonly wallets: string;
  readonly accounts: string;
}

export async function readHoldings(
  tx: TenantDatabase,
  tenantId: string,
  since: string | null,
): Promise<HoldingsRead> {
  const tenant = sql`${tenantId}::uuid`;
  const wallets = (from: SQL) => sql`
    (select string_agg(w.id::text || ' ' || coalesce(w.lamports, 0)::text, ',') from ${from}
      where w.tenant_id = ${tenant} and w.archived_at is null)`;
  // Grouped by mint, so each mint's address travels once and not with each of its accounts.
  const accounts = (from: SQL) => sql`
    (select string_agg(g.mint || ' ' || g.decimals::text || g.accounts, ';') from (
      select t.mint, max(t.decimals) as decimals,
        string_agg(',' || t.wallet_id::text || ' ' || t.amount::text, '') as accounts
      from ${from} where t.tenant_id = ${tenant}
      group by t.mint) g)`;
  // The changed wallets drive the join, one key lookup each, whatever the planner's statistics
  // (PGlite has none, and its planner then hashed every wallet for one change).
  const changedIds = sql`unnest((select ids from scope)) as c(id)`;
  // The tenant and archive tests sit in the aggregate's filter, out of the planner's reach:
  // matched to the partial index of active wallets (estimated at one row without statistics)
  // they made it read the tenant's every wallet instead of one key per changed wallet.
  const changedWallets = sql`
    (select string_agg(w.id::text || ' ' || coalesce(w.lamports, 0)::text, ',')
        filter (where w.tenant_id = ${tenant} and w.archived_at is null)
      from ${changedIds} join wallets w on w.id = c.id)`;
  const head = sql`
    (select version::text from wallet_list_versions where tenant_id = ${tenant}) as version,
    pg_current_snapshot()::text as seen,
    (select public_address from master_wallets where tenant_id = ${tenant}) as master_address,
    (select w2.id from master_wallets mw
      join wallets w2 on w2.tenant_id = mw.tenant_id and w2.public_address = mw.public_address
      where mw.tenant_id = ${tenant} and w2.archived_at is null) as master_wallet_id`;
  const result = await tx.execute<{
    version: string | null;
    seen: string;
    master_address: string | null;
    master_wallet_id: string | null;
    changed: string | null;
    wallets: string | null;
    accounts: string | null;
  }>(
    since === null
      ? sql`select ${head}, null as changed, ${wallets(sql`wallets w`)} as wallets,
          ${accounts(sql`wallet_token_accounts t`)} as accounts`
      : // Past `MOST_CHANGED_READ_ALONE` changed wallets everything is read instead: the
        // branch a CASE does not take is never run.
        sql`
        with changed as materialized (
          select c.wallet_id from wallet_changes c
          where c.tenant_id = ${tenant}
            and c.changed_by >= pg_snapshot_xmin(${since}::pg_snapshot)::text::bigint
            and not pg_visible_in_snapshot(c.changed_by::text::xid8, ${since}::pg_snapshot)
        ), scope as materialized (
          select count(*) > ${MOST_CHANGED_READ_ALONE} as whole, array_agg(wallet_id) as ids
          from changed
        )
        select ${head},
          case when (select whole from scope) then null
            else coalesce((select string_agg(wallet_id::text, ',') from changed), '') end as changed,
          case when (select whole from scope) then ${wallets(sql`wallets w`)}
            else ${changedWallets} end as wallets,
          case when (select whole from scope) then ${accounts(sql`wallet_token_accounts t`)}
            else ${accounts(sql`${changedIds} join wallet_token_accounts t on t.wallet_id = c.id`)} end as accounts`,
  );
  const row = result.rows[0];
  if (row === undefined) throw new Error('the holdings statement returned no row');
  return {
    version: row.version ?? '0',
    seen: row.seen,
    masterAddress: row.master_address,
    masterWalletId: row.master_wallet_id,
    changed: row.changed,
    wallets: row.wallets ?? '',
    accounts: row.accounts ?? '',
  };
}

/** Names and symbols of mints (shared chain facts, not the tenant's: no version follows them). */
export async function readMintNames(
  tx: TenantDatabase,
  mints: readonly string[],
): Promise<Map<string, { readonly symbol: string | null; readonly name: string | null }>> {
  if (mints.length === 0) return new Map();
  // Base58 addresses hold no comma: one parameter however many mints.
  const result = await tx.execute<{ mint: string; symbol: string | null; name: string | null }>(sql`
    select mint, symbol, name from mints where mint = any(string_to_array(${mints.join(',')}, ','))`);
  return new Map(result.rows.map((row) => [row.mint, { symbol: row.symbol, name: row.name }]));
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
 * wallets, their token accounts and the master wallet) and the end of its last Final Truth Scan
 * that ran to completion (spec 2 §3's `reports.lastFinalTruthScan`), which the version does not
 * follow.
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
      (select max(finished_at) from jobs where tenant_id = ${tenantId}::uuid
        and kind = ${FINAL_TRUTH_SCAN_JOB_KIND} and status = 'succeeded') as last_scan_at`);
  const row = result.rows[0];
  const at = row?.last_scan_at ?? null;
  return {
    version: row?.version ?? '0',
    lastScanAt: at === null ? null : new Date(at).toISOString(),
  };
}
