// SQL of `lookup_tables` (decision 019, 027): where a tenant's tables are. What they hold is read
// from the chain; a row only says that an operation signed a create for this address.

import { schema, type TenantDatabase } from '@fleet/db';
import { and, asc, eq } from 'drizzle-orm';

const { lookupTables, ledgerTransactions } = schema;

/** The addresses of the tables whose extensions `authority` signs, oldest first. */
export async function tableAddressesOf(tx: TenantDatabase, authority: string): Promise<string[]> {
  const rows = await tx
    .select({ address: lookupTables.address })
    .from(lookupTables)
    .where(eq(lookupTables.authority, authority))
    .orderBy(asc(lookupTables.createdAt), asc(lookupTables.id));
  return rows.map((row) => row.address);
}

export interface NewLookupTableRow {
  readonly tenantId: string;
  readonly address: string;
  readonly authority: string;
  readonly recentSlot: bigint;
  readonly operationId: string;
  readonly newTable: number;
  readonly createTransactionId: string;
  readonly now: Date;
}

/** Written in the transaction that stores the signed create, before it is broadcast. */
export async function insertLookupTable(tx: TenantDatabase, row: NewLookupTableRow): Promise<void> {
  await tx.insert(lookupTables).values({
    tenantId: row.tenantId,
    address: row.address,
    authority: row.authority,
    recentSlot: row.recentSlot,
    operationId: row.operationId,
    newTable: row.newTable,
    createTransactionId: row.createTransactionId,
    createdAt: row.now,
  });
}

/**
 * The address of an operation's n-th new table: the one whose create landed. Creates that expired
 * unseen named other addresses that never existed; at most one create of a step can land, since
 * a step is re-signed only after its previous transaction expired.
 */
export async function createdTableOf(
  tx: TenantDatabase,
  operationId: string,
  newTable: number,
): Promise<string | null> {
  const [row] = await tx
    .select({ address: lookupTables.address })
    .from(lookupTables)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, lookupTables.createTransactionId))
    .where(
      and(
        eq(lookupTables.operationId, operationId),
        eq(lookupTables.newTable, newTable),
        eq(ledgerTransactions.state, 'confirmed'),
      ),
    );
  return row?.address ?? null;
}

/** The slots the creates of `authority`'s tables named, so no two name the same. */
export async function recentSlotsOf(tx: TenantDatabase, authority: string): Promise<bigint[]> {
  const rows = await tx
    .select({ slot: lookupTables.recentSlot })
    .from(lookupTables)
    .where(eq(lookupTables.authority, authority));
  return rows.map((row) => row.slot);
}
