// SQL of the transaction history (issue 19): the ledger's transactions, one row each, with the
// sums of their items. Every function takes the tenant's transaction from `withTenant`.

import {
  exhaustiveSwitchError,
  TRADE_KIND_PREFIX,
  type HistoryTransactionRow,
  type LedgerTransactionStateName,
  type TransactionHistoryFilter,
} from '@fleet/core';
import type { TenantDatabase } from '@fleet/db';
import { sql, type SQL } from 'drizzle-orm';

/**
 * Where a page ends: the last row's id and its time exactly as stored (microseconds, as text,
 * compared in SQL), so rows of one millisecond are neither skipped nor repeated.
 */
export interface HistoryPosition {
  readonly at: string;
  readonly id: string;
}

export interface HistoryRead {
  /** Row-level security holds the wall; the condition lets the page come off the index. */
  readonly tenantId: string;
  readonly filter: TransactionHistoryFilter;
  /** Keep transactions with an item moving SOL from or to this address, or tokens of its accounts. */
  readonly wallet?: string | undefined;
  /** Read what comes after this row, newest first. */
  readonly after?: HistoryPosition | undefined;
  readonly limit: number;
}

export type HistoryRow = HistoryTransactionRow & { readonly position: HistoryPosition };

interface RawRow extends Record<string, unknown> {
  id: string;
  operation_id: string;
  kind: string;
  state: LedgerTransactionStateName;
  signature: string | null;
  failure_reason: string | null;
  setup_step: number | null;
  created_at_iso: string;
  created_at_exact: string;
  first_from: string | null;
  first_to: string | null;
  sources: number | null;
  destinations: number | null;
  lamports: string | null;
  first_owner: string | null;
  owners: number | null;
  mints: number | null;
  token_amount: string | null;
}

function filterCondition(filter: TransactionHistoryFilter): SQL | undefined {
  switch (filter) {
    case 'all':
      return undefined;
    // The same split as core's `historyCategoryOf`: `trade.*` kinds are trades, the rest ops.
    case 'trades':
      return sql`starts_with(o.kind, ${TRADE_KIND_PREFIX})`;
    case 'ops':
      return sql`not starts_with(o.kind, ${TRADE_KIND_PREFIX})`;
    default:
      return exhaustiveSwitchError(filter);
  }
}

/** The page query itself, for `readHistory` and for the bench's EXPLAIN. */
export function historyPageQuery(read: HistoryRead): SQL {
  const conditions: SQL[] = [sql`lt.state <> 'planned'`];
  const byKind = filterCondition(read.filter);
  if (byKind) conditions.push(byKind);
  if (read.wallet !== undefined) {
    conditions.push(sql`lt.id in (
      select lti.transaction_id from ledger_transaction_items lti
      join operation_items oi on oi.id = lti.item_id
      left join wallets w on w.id = oi.wallet_id
      where oi.tenant_id = ${read.tenantId}::uuid
        and (oi.from_address = ${read.wallet} or oi.to_address = ${read.wallet}
          -- A token item moves between token accounts: the wallet is the owner it names.
          or w.public_address = ${read.wallet}))`);
  }
  if (read.after) {
    conditions.push(
      sql`(lt.created_at, lt.id) < (${read.after.at}::timestamptz, ${read.after.id}::uuid)`,
    );
  }
  return sql`
    with page as (
      select lt.id, lt.operation_id, o.kind, lt.state, lt.signature, lt.failure_reason,
        lt.setup_step, lt.created_at
      from ledger_transactions lt
      join operations o on o.id = lt.operation_id
      where lt.tenant_id = ${read.tenantId}::uuid and ${sql.join(conditions, sql` and `)}
      -- "nulls last" as the index is built (the columns hold no null): a plain "desc" means
      -- nulls first, which the index cannot give, and Postgres then sorts the whole ledger.
      order by lt.created_at desc nulls last, lt.id desc nulls last
      limit ${read.limit}
    )
    select page.id, page.operation_id, page.kind, page.state, page.signature, page.failure_reason,
      page.setup_step,
      to_char(page.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at_iso,
      page.created_at::text as created_at_exact,
      items.first_from, items.first_to, items.sources, items.destinations, items.lamports,
      items.first_owner, items.owners, items.mints, items.token_amount
    from page
    left join lateral (
      select (array_agg(oi.from_address order by lti.position))[1] as first_from,
        (array_agg(oi.to_address order by lti.position))[1] as first_to,
        count(distinct oi.from_address)::int as sources,
        count(distinct oi.to_address)::int as destinations,
        sum(oi.lamports)::text as lamports,
        -- A token item's addresses are token accounts: the wallet it is about is its owner, the
        -- wallet it names. (Items of deleted wallets name none: the record shows their accounts.)
        (array_agg(w.public_address order by lti.position)
          filter (where oi.mint is not null and w.public_address is not null))[1] as first_owner,
        count(distinct w.public_address) filter (where oi.mint is not null)::int as owners,
        count(distinct oi.mint)::int as mints,
        sum(oi.token_amount)::text as token_amount
      from ledger_transaction_items lti
      join operation_items oi on oi.id = lti.item_id
      left join wallets w on w.id = oi.wallet_id
      where lti.transaction_id = page.id
    ) items on true
    order by page.created_at desc nulls last, page.id desc nulls last`;
}

/**
 * One page of the tenant's transactions, newest first (by creation, then id). The page is chosen
 * first on `ledger_transactions_history_idx`, then its items are summed: only the page's items
 * are read, however long the ledger.
 *
 * A transaction that was only planned is not listed: it was never signed, so nothing of it exists
 * on chain, it has no signature to link, and one left by an aborted operation would read "loading"
 * forever. What an operation still owes is its report's business (the operations history); this
 * list is what the fleet sent. A re-planned transaction keeps its expired predecessor listed.
 */
export async function readHistory(tx: TenantDatabase, read: HistoryRead): Promise<HistoryRow[]> {
  const result = await tx.execute<RawRow>(historyPageQuery(read));
  return result.rows.map((row) => ({
    id: row.id,
    operationId: row.operation_id,
    kind: row.kind,
    state: row.state,
    signature: row.signature,
    failureReason: row.failure_reason,
    setupStep: row.setup_step,
    createdAt: new Date(row.created_at_iso),
    firstFrom: row.first_from,
    firstTo: row.first_to,
    sources: row.sources ?? 0,
    destinations: row.destinations ?? 0,
    lamports: BigInt(row.lamports ?? '0'),
    firstOwner: row.first_owner,
    owners: row.owners ?? 0,
    tokenAmount: row.mints === 1 ? row.token_amount : null,
    position: { at: row.created_at_exact, id: row.id },
  }));
}

/** The position of a listed transaction of this tenant; undefined when there is none by that id. */
export async function historyPositionOf(
  tx: TenantDatabase,
  transactionId: string,
): Promise<HistoryPosition | undefined> {
  const result = await tx.execute<{ at: string }>(sql`
    select created_at::text as at from ledger_transactions
    where id = ${transactionId}::uuid and state <> 'planned'`);
  const at = result.rows[0]?.at;
  return at === undefined ? undefined : { at, id: transactionId };
}
