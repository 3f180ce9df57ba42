// SQL of `ledger_transactions` and `ledger_transaction_items` (decision 019). A transaction's
// row changes only by a legal step of core's state machine, and only from the state the caller
// read: the update compares and sets, so two processes cannot both advance one transaction.

import { FleetError, type LedgerTransaction, type TransactionState } from '@fleet/core';
import { schema, type TenantDatabase } from '@fleet/db';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
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
  const links = await tx
    .select({
      transactionId: ledgerTransactionItems.transactionId,
      itemId: ledgerTransactionItems.itemId,
    })
    .from(ledgerTransactionItems)
    .where(
      inArray(
        ledgerTransactionItems.transactionId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(ledgerTransactionItems.transactionId), asc(ledgerTransactionItems.position));
  const itemsOf = new Map<string, string[]>();
  for (const link of links) {
    const list = itemsOf.get(link.transactionId) ?? [];
    list.push(link.itemId);
    itemsOf.set(link.transactionId, list);
  }
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
