import {
  feeStrategySchema,
  FleetError,
  itemStatus,
  transactionsByItem,
  operationReport,
  plannedTransaction,
  summarizeOperation,
  type ListOperationsQuery,
  type OperationDetail,
  type OperationList,
  type OperationSummaryView,
  type OperationTotalsView,
} from '@fleet/core';
import { withTenant, type FleetDatabase } from '@fleet/db';
import { randomUUID } from 'node:crypto';
import type { AuditLog } from '../audit/audit-log';
import type { Actor } from '../http/actor';
import {
  consumePlan,
  createOperation,
  findOperationIdByJob,
  listOperations,
  loadOperation,
  recordTransaction,
  type NewItem,
  type OperationRow,
  type StoredOperation,
} from './ledger-repository';

export interface CreateOperationInput {
  readonly planId: string;
  /** The request as given (fee strategy, amounts as text...), stored with the operation. */
  readonly parameters: Readonly<Record<string, unknown>>;
  readonly items: readonly NewItem[];
  /** The planned transactions, each as the indexes (into `items`) of the items it pays. */
  readonly transactions: readonly (readonly number[])[];
  readonly jobId?: string | null;
}

/**
 * The ledger as the API sees it (issue 17): operations, their items and transactions. Creating
 * one consumes its stored plan, and the operation, its planned transactions and the audit entry
 * commit in one transaction; nothing here talks to the network.
 */
export function createLedgerService(context: {
  readonly db: FleetDatabase;
  readonly audit: AuditLog;
  readonly now: () => Date;
  readonly newId?: () => string;
  /**
   * The operation whole while its job is still writing its rows (decision 029): the kind's own
   * module knows the rows from the stored build. Without it, readers see the rows written so far.
   */
  readonly completeOperation?: (operation: StoredOperation) => StoredOperation;
}) {
  const { db, audit, now } = context;
  const newId = context.newId ?? randomUUID;

  return {
    async createOperation(actor: Actor, input: CreateOperationInput): Promise<{ id: string }> {
      return withTenant(db, actor.tenantId, async (tx) => {
        const at = now();
        // 1. the plan, locked and marked executed (refused when unknown, expired, used, altered)
        const plan = await consumePlan(tx, input.planId, at);
        // 2. the operation and its items
        const operation = await createOperation(tx, {
          tenantId: actor.tenantId,
          kind: plan.kind,
          createdBy: actor.user.id,
          planId: plan.id,
          parameters: input.parameters,
          items: input.items,
          jobId: input.jobId ?? null,
          now: at,
        });
        // 3. its transactions, planned: what will be signed, before anything is
        for (const indexes of input.transactions) {
          const itemIds = indexes.map((index) => {
            const item = operation.items[index];
            if (!item) throw new RangeError(`no item ${index} in the operation`);
            return item.id;
          });
          await recordTransaction(tx, {
            tenantId: actor.tenantId,
            next: plannedTransaction(newId(), operation.id, itemIds),
            expected: null,
            now: at,
          });
        }
        // 4. the audit entry, in the same transaction
        await audit.recordSuccess(
          actor,
          'operation.create',
          {
            operationId: operation.id,
            kind: plan.kind,
            planId: plan.id,
            items: input.items.length,
            transactions: input.transactions.length,
            lamports: operation.totalsJson['plannedLamports'],
          },
          tx,
        );
        return { id: operation.id };
      });
    },

    /** One operation, its status derived from its transactions; another tenant's is not found. */
    async getOperation(actor: Actor, operationId: string): Promise<OperationDetail> {
      const operation = await withTenant(db, actor.tenantId, (tx) =>
        loadOperation(tx, operationId),
      );
      if (!operation) throw new FleetError('OPERATION__NOT_FOUND', { operationId });
      return detailOf(context.completeOperation?.(operation) ?? operation);
    },

    /** The operation a job runs; null for a job that runs none. */
    async operationIdForJob(actor: Actor, jobId: string): Promise<string | null> {
      return withTenant(db, actor.tenantId, (tx) => findOperationIdByJob(tx, jobId));
    },

    async listOperations(actor: Actor, filter: ListOperationsQuery): Promise<OperationList> {
      const page = await withTenant(db, actor.tenantId, (tx) =>
        listOperations(tx, { kind: filter.kind, cursor: filter.cursor, limit: filter.limit }),
      );
      return { operations: page.rows.map(summaryOfRow), nextCursor: page.nextCursor };
    },
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;

const EMPTY_TOTALS: OperationTotalsView = {
  wallets: 0,
  pending: 0,
  sent: 0,
  forwarded: 0,
  succeeded: 0,
  failed: 0,
  plannedLamports: '0',
  succeededLamports: '0',
  failedLamports: '0',
};

function storedTotals(totals: Readonly<Record<string, number | string>>): OperationTotalsView {
  const count = (name: keyof OperationTotalsView): number => {
    const value = totals[name];
    return typeof value === 'number' ? value : 0;
  };
  const lamports = (name: keyof OperationTotalsView): string => {
    const value = totals[name];
    return typeof value === 'string' ? value : '0';
  };
  return {
    ...EMPTY_TOTALS,
    wallets: count('wallets'),
    pending: count('pending'),
    sent: count('sent'),
    forwarded: count('forwarded'),
    succeeded: count('succeeded'),
    failed: count('failed'),
    plannedLamports: lamports('plannedLamports'),
    succeededLamports: lamports('succeededLamports'),
    failedLamports: lamports('failedLamports'),
  };
}

function summaryOfRow(row: OperationRow): OperationSummaryView {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    totals: storedTotals(row.totals),
    jobId: row.jobId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

function detailOf(operation: StoredOperation): OperationDetail {
  const byItem = transactionsByItem(operation.transactions);
  const { status, totals } = summarizeOperation(operation);
  return {
    id: operation.id,
    kind: operation.kindName,
    status,
    totals: {
      wallets: totals.wallets,
      pending: totals.pending,
      sent: totals.sent,
      forwarded: totals.forwarded,
      succeeded: totals.succeeded,
      failed: totals.failed,
      plannedLamports: totals.plannedLamports.toString(),
      succeededLamports: totals.succeededLamports.toString(),
      failedLamports: totals.failedLamports.toString(),
    },
    jobId: operation.jobId,
    createdAt: operation.createdAt.toISOString(),
    updatedAt: operation.updatedAt.toISOString(),
    finishedAt: operation.finishedAt?.toISOString() ?? null,
    report: operationReport(operation),
    // Stored with the operation by its execution; an operation recorded without one reads null.
    feeStrategy: feeStrategySchema
      .nullable()
      .catch(null)
      .parse(operation.parameters.feeStrategy ?? null),
    retryOf: operation.retryOf,
    retriedBy: operation.retriedBy,
    items: operation.items.map((item) => {
      const itemState = itemStatus(item, byItem);
      const token = operation.tokenLegs.get(item.id);
      return {
        id: item.id,
        leg: item.leg,
        walletId: operation.walletIds.get(item.id) ?? null,
        from: item.from,
        to: item.to,
        lamports: item.amount.toString(),
        ...(token === undefined
          ? {}
          : {
              mint: token.mint,
              program: token.program,
              tokenAmount: token.tokenAmount?.toString() ?? null,
            }),
        retryOf: item.retryOf,
        status: itemState.kind,
        failureReason: itemState.kind === 'failed' ? itemState.reason : null,
      };
    }),
    transactions: operation.transactions.map((tx) => ({
      id: tx.id,
      state: tx.state,
      signature: tx.signature,
      itemIds: [...tx.itemIds],
      broadcasts: tx.broadcasts,
      failureReason: tx.failureReason,
    })),
  };
}
