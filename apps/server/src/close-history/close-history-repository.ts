// The close history's SQL (issue 19). Every function takes the tenant transaction: row-level
// security keeps each tenant to its own closes, and the explicit tenant condition lets the
// planner use the (tenant_id, …) indexes.

import type { CloseHistoryFilter } from '@fleet/core';
import { schema, type TenantDatabase } from '@fleet/db';
import { and, desc, eq, getTableColumns, gte, lt, sql, type SQL } from 'drizzle-orm';
import { JSON_ROWS_CHUNK, jsonRows } from '../ledger/json-rows';

const { tokenAccountCloses: closes } = schema;

/** One closed token account, as the close and burn operations record it. */
export interface TokenAccountCloseRow {
  readonly operationId: string | null;
  readonly walletId: string | null;
  readonly walletAddress: string;
  readonly mint: string;
  readonly tokenAccount: string;
  readonly program: 'token' | 'token2022';
  readonly rentLamports: bigint;
  /** This account's share of its transaction's fee. */
  readonly feeLamports: bigint;
  /** The raw amount burned before the close; null for a plain close. */
  readonly burnedRaw: bigint | null;
  readonly signature: string;
  readonly closedAt: Date;
}

const BOUND_TENANT = sql`nullif(current_setting('app.tenant_id', true), '')::uuid`;

/**
 * Inserts the rows (idempotent per account and signature); returns how many were new. Written in
 * the tenant transaction that records the landed transaction, so a crash between the two leaves
 * neither; recording the same transaction again adds nothing. Thousands of rows go as one JSON
 * parameter per 5,000.
 */
export async function recordTokenAccountCloses(
  tx: TenantDatabase,
  rows: readonly TokenAccountCloseRow[],
): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < rows.length; start += JSON_ROWS_CHUNK) {
    const chunk = rows.slice(start, start + JSON_ROWS_CHUNK).map((row) => ({
      operation_id: row.operationId,
      wallet_id: row.walletId,
      wallet_address: row.walletAddress,
      mint: row.mint,
      token_account: row.tokenAccount,
      program: row.program,
      rent_lamports: row.rentLamports,
      fee_lamports: row.feeLamports,
      burned_raw: row.burnedRaw,
      signature: row.signature,
      closed_at: row.closedAt.toISOString(),
    }));
    const result = await tx.execute<{ count: number }>(sql`
      with added as (
        insert into token_account_closes (tenant_id, operation_id, wallet_id, wallet_address,
          mint, token_account, program, rent_lamports, fee_lamports, burned_raw, signature,
          closed_at)
        select ${BOUND_TENANT}, r.operation_id, r.wallet_id, r.wallet_address, r.mint,
          r.token_account, r.program, r.rent_lamports, r.fee_lamports, r.burned_raw, r.signature,
          r.closed_at
        from jsonb_to_recordset(${jsonRows(chunk)}) as r(operation_id uuid, wallet_id uuid,
          wallet_address text, mint text, token_account text, program text, rent_lamports bigint,
          fee_lamports bigint, burned_raw numeric(20, 0), signature text, closed_at timestamptz)
        on conflict (tenant_id, token_account, signature) do nothing
        returning 1
      )
      select count(*)::int as count from added`);
    inserted += Number(result.rows[0]?.count ?? 0);
  }
  return inserted;
}

/**
 * Where a page ends: the last close's id and its exact time as the database holds it (micro-
 * seconds; a JavaScript Date keeps milliseconds and would skip or repeat closes of one millisecond).
 */
export interface ClosePosition {
  readonly closedAt: string;
  readonly id: string;
}

export type CloseRecordRow = typeof closes.$inferSelect & { readonly exactClosedAt: string };

function matching(filter: CloseHistoryFilter): SQL {
  return (
    and(
      eq(closes.tenantId, BOUND_TENANT),
      filter.wallet === undefined ? undefined : eq(closes.walletAddress, filter.wallet),
      filter.mint === undefined ? undefined : eq(closes.mint, filter.mint),
      filter.from === undefined ? undefined : gte(closes.closedAt, filter.from),
      filter.before === undefined ? undefined : lt(closes.closedAt, filter.before),
    ) ?? sql`false`
  );
}

/** Up to `limit` closes the filter matches, newest first, after `position` when given. */
export function readCloses(
  tx: TenantDatabase,
  filter: CloseHistoryFilter,
  position: ClosePosition | undefined,
  limit: number,
): Promise<CloseRecordRow[]> {
  const after = position
    ? sql`(${closes.closedAt}, ${closes.id}) < (${position.closedAt}::timestamptz, ${position.id}::uuid)`
    : undefined;
  return tx
    .select({ ...getTableColumns(closes), exactClosedAt: sql<string>`${closes.closedAt}::text` })
    .from(closes)
    .where(and(matching(filter), after))
    .orderBy(desc(closes.closedAt), desc(closes.id))
    .limit(limit);
}

/** The close a cursor names, among the bound tenant's only. */
export async function closePositionOf(
  tx: TenantDatabase,
  id: string,
): Promise<ClosePosition | undefined> {
  const [row] = await tx
    .select({ closedAt: sql<string>`${closes.closedAt}::text` })
    .from(closes)
    .where(and(eq(closes.tenantId, BOUND_TENANT), eq(closes.id, id)));
  return row ? { closedAt: row.closedAt, id } : undefined;
}

export interface CloseSums {
  readonly accounts: number;
  readonly rentLamports: bigint;
  readonly feeLamports: bigint;
}

/** Counts and sums over everything the filter matches, in SQL (never over a page). */
export async function sumCloses(
  tx: TenantDatabase,
  filter: CloseHistoryFilter,
): Promise<CloseSums> {
  const [row] = await tx
    .select({
      accounts: sql<number>`count(*)::int`,
      rent: sql<string>`coalesce(sum(${closes.rentLamports}), 0)::text`,
      fee: sql<string>`coalesce(sum(${closes.feeLamports}), 0)::text`,
    })
    .from(closes)
    .where(matching(filter));
  return {
    accounts: Number(row?.accounts ?? 0),
    rentLamports: BigInt(row?.rent ?? '0'),
    feeLamports: BigInt(row?.fee ?? '0'),
  };
}
