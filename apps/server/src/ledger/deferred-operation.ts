// An operation whose items and transactions are written by its job, a chunk at a time, while the
// first chunks already send (decision 029). Executing a plan of 10,000 recipients then commits
// one operation row instead of 20,000 item and link rows, and no send waits for the last of them.
//
// What makes it safe: every row's id is derived from the operation and its place in the plan, so
// the job knows the whole operation before its rows exist, and writing a chunk twice writes
// nothing new; the operation's `materialized_transactions` says how far the rows go, and moves
// with each chunk in the same database transaction, so a crash leaves a prefix written and the
// rest to write, never half a chunk; a transaction is signed only once its row is committed.

import {
  coreOperationKind,
  FleetError,
  summarizeOperation,
  type LedgerItem,
  type LedgerTransaction,
  type OperationKindName,
} from '@fleet/core';
import { schema, type TenantDatabase } from '@fleet/db';
import { and, eq, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { JSON_ROWS_CHUNK, jsonRows } from './json-rows';
import { ledgerItemsOf, totalsJson, type NewItem } from './operation-repository';

const { operations } = schema;

export interface SkeletonItem extends NewItem {
  readonly id: string;
  readonly position: number;
}

export interface SkeletonTransaction {
  readonly id: string;
  readonly position: number;
  /** The lookup-table setup step it carries out; null when it pays items. */
  readonly setupStep: number | null;
  /** Its items' positions, in the order the transaction pays them. */
  readonly itemPositions: readonly number[];
}

/** Every row an operation will have, known before any of them is written. */
export interface OperationSkeleton {
  readonly operationId: string;
  readonly items: readonly SkeletonItem[];
  readonly transactions: readonly SkeletonTransaction[];
}

/**
 * A row id fixed by the operation and the row's place in it: a UUID (version 8) whose first ten
 * bytes come from a hash of the operation and the row's kind, and whose last four are the place.
 * Unique within an operation by construction; across operations as unlikely to meet as two
 * random UUIDs are. One hash per operation, not per row: a skeleton of 10,000 rows is made at
 * every start of its job.
 */
export function skeletonRowId(
  operationId: string,
  kind: 'item' | 'transaction',
  position: number,
): string {
  return rowIdMaker(operationId, kind)(position);
}

function rowIdMaker(
  operationId: string,
  kind: 'item' | 'transaction',
): (position: number) => string {
  const prefix = createHash('sha256').update(`fleet.operation:${operationId}:${kind}`).digest();
  prefix[6] = ((prefix[6] ?? 0) & 0x0f) | 0x80;
  prefix[8] = ((prefix[8] ?? 0) & 0x3f) | 0x80;
  const hex = prefix.toString('hex');
  const head = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 24)}`;
  return (position) => {
    if (!(Number.isInteger(position) && position >= 0 && position <= 0xffffffff)) {
      throw new RangeError(`a row's place must be a u32, got ${position}`);
    }
    return `${head}${position.toString(16).padStart(8, '0')}`;
  };
}

export function operationSkeleton(
  operationId: string,
  items: readonly NewItem[],
  transactions: readonly {
    readonly setupStep: number | null;
    readonly itemPositions: readonly number[];
  }[],
): OperationSkeleton {
  for (const planned of transactions) {
    for (const position of planned.itemPositions) {
      if (!items[position]) throw new RangeError(`no item ${position} in the operation`);
    }
    if (new Set(planned.itemPositions).size !== planned.itemPositions.length) {
      throw new Error('operationSkeleton: a transaction names an item twice');
    }
  }
  const itemId = rowIdMaker(operationId, 'item');
  const transactionId = rowIdMaker(operationId, 'transaction');
  return Object.freeze({
    operationId,
    items: items.map((item, position) => ({ ...item, id: itemId(position), position })),
    transactions: transactions.map((planned, position) => ({
      id: transactionId(position),
      position,
      setupStep: planned.setupStep,
      itemPositions: planned.itemPositions,
    })),
  });
}

/** The skeleton's items as core's ledger reads them. */
export function skeletonLedgerItems(
  kind: OperationKindName,
  skeleton: OperationSkeleton,
): readonly LedgerItem[] {
  return ledgerItemsOf(
    kind,
    skeleton.items.map((item) => ({
      id: item.id,
      operationId: skeleton.operationId,
      leg: item.leg,
      walletId: item.walletId,
      fromAddress: item.from,
      toAddress: item.to,
      lamports: item.lamports,
      retryOf: item.retryOf ?? null,
    })),
  );
}

/** A skeleton transaction as the ledger holds it before anything is signed. */
export function skeletonPlannedTransaction(
  skeleton: OperationSkeleton,
  planned: SkeletonTransaction,
): LedgerTransaction {
  return Object.freeze({
    id: planned.id,
    operationId: skeleton.operationId,
    itemIds: Object.freeze(
      planned.itemPositions.map((position) => skeleton.items[position]?.id ?? ''),
    ),
    state: 'planned',
    signature: null,
    lastValidBlockHeight: null,
    blockHeightSeen: null,
    broadcasts: 0,
    lastBroadcastAt: null,
    failureReason: null,
  });
}

/**
 * Records the operation row alone, with the totals its items will have and nothing written of
 * them yet (`materialized_transactions` 0). Its id is the skeleton's.
 */
export async function createDeferredOperation(
  tx: TenantDatabase,
  input: {
    readonly tenantId: string;
    readonly kind: OperationKindName;
    readonly createdBy: string | null;
    readonly planId: string;
    readonly parameters: Readonly<Record<string, unknown>>;
    readonly retryOf: string | null;
    readonly skeleton: OperationSkeleton;
    readonly now: Date;
  },
): Promise<{ readonly id: string; readonly totalsJson: Record<string, number | string> }> {
  const { skeleton } = input;
  const { status, totals } = summarizeOperation({
    id: skeleton.operationId,
    kind: coreOperationKind(input.kind),
    tenantId: input.tenantId,
    createdBy: input.createdBy ?? '',
    parameters: input.parameters,
    items: skeletonLedgerItems(input.kind, skeleton),
    transactions: skeleton.transactions.map((planned) =>
      skeletonPlannedTransaction(skeleton, planned),
    ),
  });
  const stored = totalsJson(totals);
  await tx.insert(operations).values({
    id: skeleton.operationId,
    tenantId: input.tenantId,
    kind: input.kind,
    createdBy: input.createdBy,
    planId: input.planId,
    parameters: { ...input.parameters },
    status,
    totals: stored,
    jobId: null,
    retryOf: input.retryOf,
    materializedTransactions: 0,
    createdAt: input.now,
    updatedAt: input.now,
  });
  return { id: skeleton.operationId, totalsJson: stored };
}

/**
 * Writes the skeleton's transactions at positions [`from`, `to`), their links and the items they
 * are the first to pay (the last chunk also writes items no transaction pays), and moves the
 * watermark from `from` to `to`, all in the caller's database transaction. Answers false, writing
 * nothing, when the watermark is no longer at `from` (another run wrote the chunk: the same rows).
 *
 * An item's wallet is kept only when it is still one of the tenant's (row-level security hides the
 * others): a wallet deleted since the plan leaves the item about its address, as deleting it
 * afterwards would (`on delete set null`), and no other tenant's wallet can ever be linked.
 */
export async function materializeTransactions(
  tx: TenantDatabase,
  input: {
    readonly tenantId: string;
    readonly skeleton: OperationSkeleton;
    readonly from: number;
    readonly to: number;
    readonly now: Date;
  },
): Promise<boolean> {
  const { tenantId, skeleton, from, to } = input;
  const operationId = skeleton.operationId;
  const total = skeleton.transactions.length;
  if (!(Number.isInteger(from) && Number.isInteger(to) && 0 <= from && from < to && to <= total)) {
    throw new RangeError(`materializeTransactions: bad range [${from}, ${to}) of ${total}`);
  }
  const moved = await tx
    .update(operations)
    .set({ materializedTransactions: to })
    .where(and(eq(operations.id, operationId), eq(operations.materializedTransactions, from)))
    .returning({ id: operations.id });
  if (moved.length !== 1) return false;

  const chunk = skeleton.transactions.slice(from, to);
  const firstPayer = firstPayerOf(skeleton);
  const items = skeleton.items.filter((item) => {
    const payer = firstPayer.get(item.position);
    return payer === undefined ? to === total : payer >= from && payer < to;
  });
  for (let start = 0; start < items.length; start += JSON_ROWS_CHUNK) {
    await tx.execute(
      sql`insert into operation_items
          (id, tenant_id, operation_id, leg, wallet_id, from_address, to_address, lamports, retry_of, position)
        select r.id, ${tenantId}::uuid, ${operationId}::uuid, r.leg, wallets.id, r.from_address,
          r.to_address, r.lamports, r.retry_of, r.position
        from jsonb_to_recordset(${jsonRows(
          items.slice(start, start + JSON_ROWS_CHUNK).map((item) => ({
            id: item.id,
            leg: item.leg,
            wallet_id: item.walletId,
            from_address: item.from,
            to_address: item.to,
            lamports: item.lamports,
            retry_of: item.retryOf ?? null,
            position: item.position,
          })),
        )}) as r(id uuid, leg text, wallet_id uuid, from_address text, to_address text,
          lamports bigint, retry_of uuid, position integer)
        left join wallets on wallets.id = r.wallet_id
        on conflict (id) do nothing`,
    );
  }
  const at = input.now.toISOString();
  await tx.execute(
    sql`insert into ledger_transactions
        (id, tenant_id, operation_id, state, broadcasts, position, setup_step, created_at, updated_at)
      select id, ${tenantId}::uuid, ${operationId}::uuid, 'planned', 0, position, setup_step,
        ${at}::timestamptz, ${at}::timestamptz
      from jsonb_to_recordset(${jsonRows(
        chunk.map((planned) => ({
          id: planned.id,
          position: planned.position,
          setup_step: planned.setupStep,
        })),
      )}) as r(id uuid, position integer, setup_step integer)
      on conflict (id) do nothing`,
  );
  const links = chunk.flatMap((planned) =>
    planned.itemPositions.map((itemPosition, position) => ({
      transaction_id: planned.id,
      item_id: skeleton.items[itemPosition]?.id ?? null,
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
  return true;
}

/** The position of the first transaction paying each item. */
function firstPayerOf(skeleton: OperationSkeleton): Map<number, number> {
  const first = new Map<number, number>();
  for (const planned of skeleton.transactions) {
    for (const position of planned.itemPositions) {
      if (!first.has(position)) first.set(position, planned.position);
    }
  }
  return first;
}

/** The watermark as stored: null when every row was written with the operation. */
export async function readMaterialized(
  tx: TenantDatabase,
  operationId: string,
): Promise<number | null> {
  const [row] = await tx
    .select({ materialized: operations.materializedTransactions })
    .from(operations)
    .where(eq(operations.id, operationId));
  if (!row) throw new FleetError('OPERATION__NOT_FOUND', { operationId });
  return row.materialized;
}
