// The ledger of one operation as the dead server left it: its data directory's PGlite opened
// directly (as the owner, so row-level security does not hide a tenant's rows). Only while no
// server runs on that directory: PGlite is one process's database.

import { databaseLocationFor, openDatabase } from '@fleet/db';
import { setupStepSchema, type SetupStep } from '../../sol-operations/sol-plan-build';

export interface LedgerRow {
  readonly id: string;
  readonly state: string;
  readonly signature: string | null;
  readonly position: number;
  /** The lookup-table setup step it carries out; null for a transfer. */
  readonly setupStep: number | null;
  readonly itemIds: readonly string[];
}

export interface LookupTableRow {
  readonly address: string;
  readonly newTable: number;
  readonly createTransactionId: string;
}

export interface OperationLedger {
  /** The build's setup steps, in order (`setupStep` indexes them). */
  readonly setup: readonly SetupStep[];
  /** Every transaction of the operation, in the order they were planned. */
  readonly transactions: readonly LedgerRow[];
  /** Every `lookup_tables` row the operation wrote (one per signed create). */
  readonly tables: readonly LookupTableRow[];
}

export async function readOperationLedger(
  dataDir: string,
  operationId: string,
): Promise<OperationLedger> {
  const database = await openDatabase(databaseLocationFor({ dataDir }));
  try {
    const query = async <T>(text: string): Promise<T[]> =>
      (await database.executeSql(text, [operationId])).rows as T[];
    const [operation] = await query<{ parameters: { build?: { lookupTables?: unknown } } }>(
      'select parameters from operations where id = $1',
    );
    if (!operation) throw new Error(`operation ${operationId} is not in the ledger`);
    const lookupTables = operation.parameters.build?.lookupTables as
      { setup?: unknown[] } | null | undefined;
    const setup = (lookupTables?.setup ?? []).map((step) => setupStepSchema.parse(step));
    const rows = await query<{
      id: string;
      state: string;
      signature: string | null;
      position: number;
      setup_step: number | null;
    }>(
      'select id, state, signature, position, setup_step from ledger_transactions where operation_id = $1 order by position, id',
    );
    const links = await query<{ transaction_id: string; item_id: string }>(
      'select l.transaction_id, l.item_id from ledger_transaction_items l join ledger_transactions t on t.id = l.transaction_id where t.operation_id = $1 order by l.transaction_id, l.position',
    );
    const tables = await query<{
      address: string;
      new_table: number;
      create_transaction_id: string;
    }>(
      'select address, new_table, create_transaction_id from lookup_tables where operation_id = $1',
    );
    return {
      setup,
      transactions: rows.map((row) => ({
        id: row.id,
        state: row.state,
        signature: row.signature,
        position: row.position,
        setupStep: row.setup_step,
        itemIds: links.filter((link) => link.transaction_id === row.id).map((link) => link.item_id),
      })),
      tables: tables.map((row) => ({
        address: row.address,
        newTable: row.new_table,
        createTransactionId: row.create_transaction_id,
      })),
    };
  } finally {
    await database.close();
  }
}
