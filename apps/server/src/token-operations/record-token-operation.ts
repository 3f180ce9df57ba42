import { plannedTransaction, type ExecutePlanResponse, type OperationKindName } from '@fleet/core';
import type { TenantDatabase } from '@fleet/db';
import { randomUUID } from 'node:crypto';
import type { AuditLog } from '../audit/audit-log';
import type { Actor } from '../http/actor';
import { insertJob } from '../jobs/job-repository';
import { createOperation, setOperationJob, type NewItem } from '../ledger/operation-repository';
import { insertPlannedTransactions } from '../ledger/transaction-repository';

export interface TokenOperationRecord {
  readonly kind: OperationKindName;
  /** The consumed plan the operation runs. */
  readonly planId: string;
  /** What the job signs, as the plan stored it. */
  readonly parameters: Readonly<Record<string, unknown>>;
  readonly items: readonly NewItem[];
  /** Each transaction's items, by their place in `items`. */
  readonly transactions: readonly { readonly items: readonly number[] }[];
  /** The job's total: the wallets it reports one by one. */
  readonly wallets: number;
  /** What the audit entry says beside the operation, kind and plan. */
  readonly audit: Readonly<Record<string, unknown>>;
}

/**
 * The second half of every token operation's execution, inside the tenant transaction that has
 * already become the master's spender and consumed the plan: the operation and its items, its
 * transactions planned before anything is signed, its job and the audit entry. The queue hears of
 * the job only after the commit (the caller dispatches it).
 */
export async function recordTokenOperation(
  tx: TenantDatabase,
  actor: Actor,
  audit: AuditLog,
  record: TokenOperationRecord,
  at: Date,
): Promise<ExecutePlanResponse> {
  const operation = await createOperation(tx, {
    tenantId: actor.tenantId,
    kind: record.kind,
    createdBy: actor.user.id,
    planId: record.planId,
    parameters: record.parameters,
    items: record.items,
    now: at,
  });
  await insertPlannedTransactions(tx, {
    tenantId: actor.tenantId,
    operationId: operation.id,
    now: at,
    transactions: record.transactions.map((spec) => ({
      transaction: plannedTransaction(
        randomUUID(),
        operation.id,
        spec.items.map((position) => {
          const item = operation.items[position];
          if (!item) throw new RangeError(`the plan names item ${position} it lacks`);
          return item.id;
        }),
      ),
    })),
  });
  const job = await insertJob(tx, {
    tenantId: actor.tenantId,
    kind: record.kind,
    params: { operationId: operation.id },
    totalItems: record.wallets,
    createdBy: actor.user.id,
    now: at,
  });
  await setOperationJob(tx, operation.id, job.id);
  await audit.recordSuccess(
    actor,
    'operation.create',
    { operationId: operation.id, kind: record.kind, planId: record.planId, ...record.audit },
    tx,
  );
  return { jobId: job.id, operationId: operation.id };
}
