// SQL of `ledger_transactions` and `ledger_transaction_items` (decision 019). A transaction's
// row changes only by a legal step of core's state machine, and only from the state the caller
// read: the update compares and sets, so two processes cannot both advance one transaction.

import { FleetError, type LedgerTransaction, type TransactionState } from '@fleet/core';
import { schema, type TenantDatabase } from '@fleet/db';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { JSON_ROWS_CHUNK, jsonList, jsonRows } from './json-rows';
import { isLegalStep, sameTransaction } from './ledger-transition-check';

const { ledgerTransactions, ledgerTransactionItems, operations, operationItems } = schema;

type TransactionRow = typeof ledgerTransactions.$inferSelect;

export interface RecordTransaction {
  readonly tenantId: string;
  /** The record to store, as `transition` or `applyObservation` returned it. */
  readonly next: LedgerTransaction;
  /** What the caller read and stepped from; null for a new (planned) transaction. */
  readonly expected: LedgerTransaction | null;
  /** The signed bytes (base64), stored with the `signed` step and never changed afterwards. */
  readonly wireBase64?: string;
  /** For a new transaction that creates or extends a lookup table: its step in the build. */
  readonly setupStep?: number;
  readonly now: Date;
}

/**
 * Stores a transaction. A new one must be `planned`; a stored one is updated only when `next` is
 * a legal step from `expected` (`LEDGER__ILLEGAL_TRANSITION`) and the row still holds `expected`
 * (`LEDGER__STALE_TRANSACTION`: another process moved it first). A record equal to `expected` is
 * a repeated observation and writes nothing.
 */
export async function recordTransaction(
  tx: TenantDatabase,
  input: RecordTransaction,
): Promise<LedgerTransaction> {
  const { next, expected, now } = input;
  if (expected === null) return insertPlanned(tx, input);
  if (expected.id !== next.id) throw new Error('recordTransaction: expected and next differ in id');
  if (sameTransaction(expected, next)) return next;
  if (!isLegalStep(expected, next)) {
    throw new FleetError('LEDGER__ILLEGAL_TRANSITION', {
      transactionId: next.id,
      from: expected.state,
      event: `to ${next.state}`,
    });
  }
  const updated = await tx
    .update(ledgerTransactions)
    .set({
      state: next.state,
      signature: next.signature,
      lastValidBlockHeight: next.lastValidBlockHeight,
      blockHeightSeen: next.blockHeightSeen,
      broadcasts: next.broadcasts,
      lastBroadcastAt: next.lastBroadcastAt === null ? null : new Date(next.lastBroadcastAt),
      failureReason: next.failureReason,
      updatedAt: now,
      ...(input.wireBase64 !== undefined && expected.state === 'planned'
        ? { wireBase64: input.wireBase64 }
        : {}),
    })
    .where(
      and(
        eq(ledgerTransactions.id, expected.id),
        eq(ledgerTransactions.state, expected.state),
        eq(ledgerTransactions.broadcasts, expected.broadcasts),
        sql`${ledgerTransactions.signature} is not distinct from ${expected.signature}::text`,
        sql`${ledgerTransactions.blockHeightSeen} is not distinct from ${bigintParam(expected.blockHeightSeen)}::bigint`,
      ),
    )
    .returning({ id: ledgerTransactions.id });
  if (updated.length !== 1) {
    throw new FleetError('LEDGER__STALE_TRANSACTION', {
      transactionId: expected.id,
      expected: expected.state,
    });
  }
  return next;
}

async function insertPlanned(
  tx: TenantDatabase,
  { tenantId, next, now, setupStep }: RecordTransaction,
): Promise<LedgerTransaction> {
  if (next.state !== 'planned') {
    throw new FleetError('LEDGER__ILLEGAL_TRANSITION', {
      transactionId: next.id,
      from: 'none',
      event: `to ${next.state}`,
    });
  }
  // Foreign keys do not see row-level security: the operation and every item must be this
  // tenant's, and the items this operation's, before anything links to them.
  const [operation] = await tx
    .select({ id: operations.id })
    .from(operations)
    .where(eq(operations.id, next.operationId));
  if (!operation) throw new FleetError('OPERATION__NOT_FOUND', { operationId: next.operationId });
  const distinctItems = [...new Set(next.itemIds)];
  if (distinctItems.length > 0) {
    const owned = await tx
      .select({ id: operationItems.id })
      .from(operationItems)
      .where(
        and(
          eq(operationItems.operationId, next.operationId),
          inArray(operationItems.id, distinctItems),
        ),
      );
    if (owned.length !== distinctItems.length || distinctItems.length !== next.itemIds.length) {
      throw new Error('recordTransaction: the items are not distinct items of the operation');
    }
  }
  const inserted = await tx
    .insert(ledgerTransactions)
    .values({
      id: next.id,
      tenantId,
      operationId: next.operationId,
      state: 'planned',
      broadcasts: 0,
      setupStep: setupStep ?? null,
      // After the operation's other transactions: the order the packer made them in.
      position: sql`(select coalesce(max(${ledgerTransactions.position}) + 1, 0) from ${ledgerTransactions} where ${ledgerTransactions.operationId} = ${next.operationId}::uuid)`,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: ledgerTransactions.id })
    .returning({ id: ledgerTransactions.id });
  if (inserted.length !== 1) {
    throw new FleetError('LEDGER__STALE_TRANSACTION', {
      transactionId: next.id,
      expected: 'none',
    });
  }
  if (next.itemIds.length > 0) {
    await tx.insert(ledgerTransactionItems).values(
      next.itemIds.map((itemId, position) => ({
        tenantId,
        transactionId: next.id,
        itemId,
        position,
      })),
    );
  }
  return next;
}

/** A new planned transaction, and the lookup-table setup step it carries out if it does one. */
export interface PlannedRow {
  readonly transaction: LedgerTransaction;
  readonly setupStep?: number;
}

/**
 * New planned transactions of one operation, as `recordTransaction` stores each (the same checks:
 * the operation and every item this tenant's and this operation's, no item twice in one
 * transaction), in a few statements rather than four per transaction: executing a plan of 500
 * transactions must not take longer than sending them. Positions follow the operation's others,
 * in the order given.
 */
export async function insertPlannedTransactions(
  tx: TenantDatabase,
  input: {
    readonly tenantId: string;
    readonly operationId: string;
    readonly transactions: readonly PlannedRow[];
    readonly now: Date;
  },
): Promise<void> {
  const { tenantId, operationId, now } = input;
  const transactions = input.transactions.map((row) => row.transaction);
  for (const next of transactions) {
    if (next.state !== 'planned' || next.operationId !== operationId) {
      throw new FleetError('LEDGER__ILLEGAL_TRANSITION', {
        transactionId: next.id,
        from: 'none',
        event: `to ${next.state}`,
      });
    }
    if (new Set(next.itemIds).size !== next.itemIds.length) {
      throw new Error('insertPlannedTransactions: a transaction names an item twice');
    }
  }
  if (transactions.length === 0) return;
  // Foreign keys do not see row-level security (see `insertPlanned`).
  const [operation] = await tx
    .select({ id: operations.id })
    .from(operations)
    .where(eq(operations.id, operationId));
  if (!operation) throw new FleetError('OPERATION__NOT_FOUND', { operationId });
  const itemIds = [...new Set(transactions.flatMap((next) => next.itemIds))];
  for (let start = 0; start < itemIds.length; start += JSON_ROWS_CHUNK) {
    const chunk = itemIds.slice(start, start + JSON_ROWS_CHUNK);
    const owned = await tx.execute<{ count: number }>(
      // Each id looked up by its key: an IN over the list may be planned as a scan per row when
      // the items were written in this same transaction (no statistics yet).
      sql`select count(*)::int as count
        from jsonb_array_elements_text(${jsonList(chunk)}) as wanted(id)
        join operation_items on operation_items.id = wanted.id::uuid
        where operation_items.operation_id = ${operationId}::uuid`,
    );
    if (owned.rows[0]?.count !== chunk.length) {
      throw new Error('insertPlannedTransactions: an item is not an item of the operation');
    }
  }
  const [after] = await tx
    .select({ next: sql<number>`coalesce(max(${ledgerTransactions.position}) + 1, 0)::int` })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.operationId, operationId));
  const first = after?.next ?? 0;
  const at = now.toISOString();
  for (let start = 0; start < transactions.length; start += JSON_ROWS_CHUNK) {
    const chunk = transactions.slice(start, start + JSON_ROWS_CHUNK);
    const inserted = await tx.execute<{ id: string }>(
      sql`insert into ledger_transactions
          (id, tenant_id, operation_id, state, broadcasts, position, setup_step, created_at, updated_at)
        select id, ${tenantId}::uuid, ${operationId}::uuid, 'planned', 0, position, setup_step,
          ${at}::timestamptz, ${at}::timestamptz
        from jsonb_to_recordset(${jsonRows(
          chunk.map((next, index) => ({
            id: next.id,
            position: first + start + index,
            setup_step: input.transactions[start + index]?.setupStep ?? null,
          })),
        )}) as r(id uuid, position integer, setup_step integer)
        on conflict (id) do nothing
        returning id`,
    );
    if (inserted.rows.length !== chunk.length) {
      const stored = new Set(inserted.rows.map((row) => row.id));
      throw new FleetError('LEDGER__STALE_TRANSACTION', {
        transactionId: chunk.find((next) => !stored.has(next.id))?.id ?? '',
        expected: 'none',
      });
    }
  }
  const links = transactions.flatMap((next) =>
    next.itemIds.map((itemId, position) => ({
      transaction_id: next.id,
      item_id: itemId,
      position,
    })),
  );
  for (let start = 0; start < links.length; start += JSON_ROWS_CHUNK) {
    await tx.execute(
      sql`insert into ledger_transaction_items (tenant_id, transaction_id, item_id, position)
        select ${tenantId}::uuid, transaction_id, item_id, position
        from jsonb_to_recordset(${jsonRows(links.slice(start, start + JSON_ROWS_CHUNK))})
          as r(transaction_id uuid, item_id uuid, position integer)`,
    );
  }
}

function bigintParam(value: bigint | null): string | null {
  return value === null ? null : value.toString();
}

/** A stored transaction with the bytes a rebroadcast sends as they are. */
export interface StoredTransaction {
  readonly transaction: LedgerTransaction;
  readonly wireBase64: string | null;
  /** The lookup-table setup step it carries out; null for a transaction that pays items. */
  readonly setupStep: number | null;
}

/** The transactions of an operation in the order they were planned, optionally only those in `states`. */
export async function loadTransactions(
  tx: TenantDatabase,
  operationId: string,
  states?: readonly TransactionState[],
): Promise<StoredTransaction[]> {
  const rows = await tx
    .select()
    .from(ledgerTransactions)
    .where(
      and(
        eq(ledgerTransactions.operationId, operationId),
        states ? inArray(ledgerTransactions.state, [...states]) : undefined,
      ),
    )
    .orderBy(asc(ledgerTransactions.position), asc(ledgerTransactions.id));
  if (rows.length === 0) return [];
  // Each transaction's items as one JSON document: a distribution's 10,000 links as rows would
  // cost more to build in the driver than to read.
  const links = await tx.execute<{ links: string | null }>(
    sql`select json_object_agg(transaction_id, items)::text as links
      from (
        select ledger_transaction_items.transaction_id,
          json_agg(ledger_transaction_items.item_id order by ledger_transaction_items.position) as items
        from jsonb_array_elements_text(${jsonList(rows.map((row) => row.id))}) as wanted(id)
        join ledger_transaction_items on ledger_transaction_items.transaction_id = wanted.id::uuid
        group by ledger_transaction_items.transaction_id
      ) as linked`,
  );
  const itemsOf = new Map<string, string[]>(
    Object.entries(JSON.parse(links.rows[0]?.links ?? '{}') as Record<string, string[]>),
  );
  return rows.map((row) => ({
    transaction: transactionOf(row, itemsOf.get(row.id) ?? []),
    wireBase64: row.wireBase64,
    setupStep: row.setupStep,
  }));
}

/** What a resumed worker asks the chain about first: the signed and sent transactions. */
export function transactionsToReconcile(
  tx: TenantDatabase,
  operationId: string,
): Promise<StoredTransaction[]> {
  return loadTransactions(tx, operationId, ['signed', 'sent']);
}

function transactionOf(row: TransactionRow, itemIds: readonly string[]): LedgerTransaction {
  return Object.freeze({
    id: row.id,
    operationId: row.operationId,
    itemIds: Object.freeze([...itemIds]),
    state: row.state,
    signature: row.signature,
    lastValidBlockHeight: row.lastValidBlockHeight,
    blockHeightSeen: row.blockHeightSeen,
    broadcasts: row.broadcasts,
    lastBroadcastAt: row.lastBroadcastAt === null ? null : row.lastBroadcastAt.getTime(),
    failureReason: row.failureReason,
  });
}

/**
 * Replaces a transaction that was never signed with others for the same items (a v0 transaction
 * whose table could not be set up, cut into legacy ones), or with none (a table step that can no
 * longer run). Only a `planned` row goes: nothing of it ever reached the chain.
 */
export async function replacePlannedTransaction(
  tx: TenantDatabase,
  input: {
    readonly tenantId: string;
    readonly planned: LedgerTransaction;
    readonly replacements: readonly LedgerTransaction[];
    readonly now: Date;
  },
): Promise<void> {
  const deleted = await tx
    .delete(ledgerTransactions)
    .where(
      and(eq(ledgerTransactions.id, input.planned.id), eq(ledgerTransactions.state, 'planned')),
    )
    .returning({ id: ledgerTransactions.id });
  if (deleted.length !== 1) {
    throw new FleetError('LEDGER__STALE_TRANSACTION', {
      transactionId: input.planned.id,
      expected: 'planned',
    });
  }
  const covered = new Set(input.replacements.flatMap((replacement) => replacement.itemIds));
  if (input.replacements.length > 0 && input.planned.itemIds.some((id) => !covered.has(id))) {
    throw new Error('replacePlannedTransaction: the replacements must hold every item');
  }
  for (const replacement of input.replacements) {
    await insertPlanned(tx, {
      tenantId: input.tenantId,
      next: replacement,
      expected: null,
      now: input.now,
    });
  }
}
