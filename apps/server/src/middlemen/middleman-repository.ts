// SQL of `middlemen` and the middleman wallets (decision 019). Every function takes the tenant's
// transaction from `withTenant`: row-level security hides and refuses other tenants' rows.

import { schema, type TenantDatabase } from '@fleet/db';
import { sql } from 'drizzle-orm';
import { insertWallets, uuidArray, type NewWallet } from '../wallets/repository';

/**
 * Rows per INSERT. A wallet row binds nine values, so 1,000 rows stay far under Postgres's 65,535
 * parameters while 100,000 middlemen still take only 100 statements per table.
 */
export const MIDDLEMAN_INSERT_CHUNK = 1_000;

export interface MiddlemanWallet {
  /** The wallet's id. */
  readonly id: string;
  readonly address: string;
}

export interface MiddlemanLink {
  readonly walletId: string;
  /** The operation it serves; null while its plan has not been executed. */
  readonly operationId: string | null;
}

/**
 * Sealed middleman wallets and their `middlemen` rows, one statement per table for the chunk. Two
 * statements, not one with a data-modifying CTE: the insert trigger of `middlemen` looks the
 * wallet up, and a sibling CTE's rows are not visible to it.
 */
export async function insertMiddlemanChunk(
  tx: TenantDatabase,
  chunk: {
    readonly tenantId: string;
    readonly createdBy: string | null;
    readonly createdAt: Date;
    readonly wallets: readonly NewWallet[];
  },
): Promise<MiddlemanWallet[]> {
  const written = await insertWallets(tx, chunk.wallets);
  await tx.insert(schema.middlemen).values(
    written.map((wallet) => ({
      walletId: wallet.id,
      tenantId: chunk.tenantId,
      createdBy: chunk.createdBy,
      createdAt: chunk.createdAt,
    })),
  );
  return written;
}

/**
 * The `middlemen` rows of these wallets, locked `for update` when `lock` is set (two executions
 * linking the same middleman wait for each other, and the second sees the first's link). Wallets
 * that are no middleman of the tenant are simply absent.
 */
export async function readMiddlemanLinks(
  tx: TenantDatabase,
  walletIds: readonly string[],
  options: { readonly lock: boolean },
): Promise<MiddlemanLink[]> {
  if (walletIds.length === 0) return [];
  const result = await tx.execute<{ wallet_id: string; operation_id: string | null }>(sql`
    select wallet_id, operation_id from middlemen
    where wallet_id = any(${uuidArray(walletIds)})
    order by wallet_id
    ${options.lock ? sql`for update` : sql``}`);
  return result.rows.map((row) => ({ walletId: row.wallet_id, operationId: row.operation_id }));
}

/** Whether the tenant has this operation (a foreign key alone would accept another tenant's). */
export async function operationExists(tx: TenantDatabase, operationId: string): Promise<boolean> {
  const result = await tx.execute<{ found: boolean }>(
    sql`select exists (select 1 from operations where id = ${operationId}::uuid) as found`,
  );
  return result.rows[0]?.found === true;
}

/** Links unlinked middlemen the caller has locked to `operationId`; answers how many it linked. */
export async function linkMiddlemenToOperation(
  tx: TenantDatabase,
  operationId: string,
  walletIds: readonly string[],
  linkedAt: Date,
): Promise<number> {
  const result = await tx.execute<{ wallet_id: string }>(sql`
    update middlemen set operation_id = ${operationId}::uuid,
      linked_at = ${linkedAt.toISOString()}::timestamptz
    where wallet_id = any(${uuidArray(walletIds)}) and operation_id is null
    returning wallet_id`);
  return result.rows.length;
}

/** The middlemen of an operation, with their addresses, oldest first. */
export async function middlemenOfOperation(
  tx: TenantDatabase,
  operationId: string,
): Promise<MiddlemanWallet[]> {
  const result = await tx.execute<{ id: string; address: string }>(sql`
    select w.id, w.public_address as address
    from middlemen m join wallets w on w.id = m.wallet_id
    where m.operation_id = ${operationId}::uuid
    order by m.created_at, w.created_at, w.id`);
  return result.rows.map((row) => ({ id: row.id, address: row.address }));
}
