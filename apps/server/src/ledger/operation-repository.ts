// SQL of `operations` and `operation_items` (decision 019). Every function takes the tenant's
// transaction from `withTenant`.

import {
  coreOperationKind,
  FleetError,
  isFleetError,
  summarizeOperation,
  type ItemLeg,
  type Lamports,
  type LedgerItem,
  type LedgerOperation,
  type LedgerTransaction,
  type OperationKindName,
  type OperationStatus,
  type OperationTotals,
} from '@fleet/core';
import { schema, type TenantDatabase } from '@fleet/db';
import { and, desc, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { decodeHistoryCursor, encodeHistoryCursor } from '../master-wallet/history-cursor';
import { JSON_ROWS_CHUNK, jsonList, jsonRows } from './json-rows';
import { loadTransactions } from './transaction-repository';

const { operations } = schema;

type ItemRow = typeof schema.operationItems.$inferSelect;

export type OperationRow = typeof operations.$inferSelect;

export interface NewItem {
  readonly leg: ItemLeg;
  /** The wallet the item is about (recipient or source), when it is one of the tenant's. */
  readonly walletId: string | null;
  readonly from: string;
  readonly to: string;
  readonly lamports: Lamports;
  readonly retryOf?: string | null;
  /** A close's mint and token program (migration 0024); absent for a SOL transfer. */
  readonly mint?: string | null;
  readonly program?: 'token' | 'token2022' | null;
  /** A token transfer's raw amount (migration 0028); absent for every other leg. */
  readonly tokenAmount?: bigint | null;
}

export interface NewOperation {
  readonly tenantId: string;
  readonly kind: OperationKindName;
  readonly createdBy: string | null;
  readonly planId: string;
  readonly parameters: Readonly<Record<string, unknown>>;
  readonly items: readonly NewItem[];
  readonly jobId?: string | null;
  /** The operation whose failed wallets this one pays again ("Retry failed"). */
  readonly retryOf?: string | null;
  readonly now: Date;
}

/** The stored totals: counts as numbers, lamports as decimal strings. */
export function totalsJson(totals: OperationTotals): Record<string, number | string> {
  return {
    wallets: totals.wallets,
    pending: totals.pending,
    sent: totals.sent,
    forwarded: totals.forwarded,
    succeeded: totals.succeeded,
    failed: totals.failed,
    plannedLamports: totals.plannedLamports.toString(),
    succeededLamports: totals.succeededLamports.toString(),
    failedLamports: totals.failedLamports.toString(),
  };
}

/** Records an operation and its items (ids in the order given); nothing is sent yet. */
export async function createOperation(
  tx: TenantDatabase,
  input: NewOperation,
): Promise<StoredOperation> {
  // Foreign keys do not see row-level security: a wallet id must name one of this tenant's.
  const walletIds = [
    ...new Set(input.items.flatMap((item) => (item.walletId === null ? [] : [item.walletId]))),
  ];
  for (let start = 0; start < walletIds.length; start += JSON_ROWS_CHUNK) {
    const chunk = walletIds.slice(start, start + JSON_ROWS_CHUNK);
    const found = await tx.execute<{ count: number }>(
      sql`select count(*)::int as count
        from jsonb_array_elements_text(${jsonList(chunk)}) as wanted(id)
        join wallets on wallets.id = wanted.id::uuid`,
    );
    if (found.rows[0]?.count !== chunk.length) {
      throw new Error('createOperation: an item names a wallet the tenant does not have');
    }
  }
  const [row] = await tx
    .insert(operations)
    .values({
      tenantId: input.tenantId,
      kind: input.kind,
      createdBy: input.createdBy,
      planId: input.planId,
      parameters: { ...input.parameters },
      status: 'planned',
      totals: {},
      jobId: input.jobId ?? null,
      retryOf: input.retryOf ?? null,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning();
  if (!row) throw new Error('insert into operations returned no row');
  const itemRows: ItemRow[] = input.items.map((item, position) => ({
    id: randomUUID(),
    tenantId: input.tenantId,
    operationId: row.id,
    leg: item.leg,
    walletId: item.walletId,
    fromAddress: item.from,
    toAddress: item.to,
    lamports: item.lamports,
    retryOf: item.retryOf ?? null,
    position,
    mint: item.mint ?? null,
    program: item.program ?? null,
    tokenAmount:
      item.tokenAmount === undefined || item.tokenAmount === null
        ? null
        : item.tokenAmount.toString(),
  }));
  for (let start = 0; start < itemRows.length; start += JSON_ROWS_CHUNK) {
    const chunk = itemRows.slice(start, start + JSON_ROWS_CHUNK);
    await tx.execute(
      sql`insert into operation_items
          (id, tenant_id, operation_id, leg, wallet_id, from_address, to_address, lamports, retry_of,
            position, mint, program, token_amount)
        select id, tenant_id, operation_id, leg, wallet_id, from_address, to_address, lamports,
          retry_of, position, mint, program, token_amount
        from jsonb_to_recordset(${jsonRows(
          chunk.map((item) => ({
            id: item.id,
            tenant_id: item.tenantId,
            operation_id: item.operationId,
            leg: item.leg,
            wallet_id: item.walletId,
            from_address: item.fromAddress,
            to_address: item.toAddress,
            lamports: item.lamports,
            retry_of: item.retryOf,
            position: item.position,
            mint: item.mint,
            program: item.program,
            token_amount: item.tokenAmount,
          })),
        )}) as r(id uuid, tenant_id uuid, operation_id uuid, leg text, wallet_id uuid,
          from_address text, to_address text, lamports bigint, retry_of uuid, position integer,
          mint text, program text, token_amount numeric)`,
    );
  }
  const stored = storedOperationOf(row, itemRows, [], null);
  const { status, totals } = summarizeOperation(stored);
  await tx
    .update(operations)
    .set({ status, totals: totalsJson(totals) })
    .where(eq(operations.id, row.id));
  return { ...stored, status, totalsJson: totalsJson(totals) };
}

export interface TokenLeg {
  readonly mint: string;
  readonly program: 'token' | 'token2022';
  readonly tokenAmount: bigint | null;
}

/**
 * An operation as core's ledger functions take it, with what the API shows beside it. `wallet`
 * of an item is its wallet id, or (for an address that is no wallet of the tenant) the address
 * it is about: the recipient of a distribution, the source of a withdrawal.
 */
export interface StoredOperation extends LedgerOperation {
  readonly kindName: OperationKindName;
  readonly planId: string;
  readonly status: OperationStatus;
  readonly totalsJson: Readonly<Record<string, number | string>>;
  readonly jobId: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly finishedAt: Date | null;
  readonly walletIds: ReadonlyMap<string, string | null>;
  /** Each token leg's mint, program and (for a token transfer) raw amount, by item id. */
  readonly tokenLegs: ReadonlyMap<string, TokenLeg>;
  readonly retryOf: string | null;
  /** The operation that retried this one's failures, if any. */
  readonly retriedBy: string | null;
  /** How many planned transactions have rows yet; null when all do (see `deferred-operation`). */
  readonly materializedTransactions: number | null;
}

/**
 * The operation with its items and transactions; undefined when the tenant has none by that id.
 * A caller that has just read the transactions (with their bytes) passes them, so that 10,000
 * item links are not read twice.
 */
export async function loadOperation(
  tx: TenantDatabase,
  operationId: string,
  transactionsRead?: readonly LedgerTransaction[],
): Promise<StoredOperation | undefined> {
  const [row] = await tx.select().from(operations).where(eq(operations.id, operationId));
  if (!row) return undefined;
  const items = await loadItems(tx, row);
  const transactions =
    transactionsRead ?? (await loadTransactions(tx, operationId)).map((entry) => entry.transaction);
  const [retry] = await tx
    .select({ id: operations.id })
    .from(operations)
    .where(eq(operations.retryOf, operationId));
  return storedOperationOf(row, items, transactions, retry?.id ?? null);
}

/**
 * An operation's items in plan order. As one JSON document rather than 10,000 rows: the driver
 * and the ORM build each row field by field, which for a distribution's items costs more than
 * the database's reading them.
 */
async function loadItems(tx: TenantDatabase, operation: OperationRow): Promise<ItemRow[]> {
  const result = await tx.execute<{ items: string | null }>(
    sql`select json_agg(json_build_array(id, leg, wallet_id, from_address, to_address,
        lamports::text, retry_of, position, mint, program, token_amount::text) order by position)::text
        as items
      from operation_items where operation_id = ${operation.id}::uuid`,
  );
  const text = result.rows[0]?.items ?? null;
  if (text === null) return [];
  const tuples = JSON.parse(text) as [
    string,
    ItemRow['leg'],
    string | null,
    string,
    string,
    string,
    string | null,
    number,
    string | null,
    ItemRow['program'],
    string | null,
  ][];
  return tuples.map(
    ([
      id,
      leg,
      walletId,
      fromAddress,
      toAddress,
      lamports,
      retryOf,
      position,
      mint,
      program,
      tokenAmount,
    ]) => ({
      id,
      tenantId: operation.tenantId,
      operationId: operation.id,
      leg,
      walletId,
      fromAddress,
      toAddress,
      lamports: BigInt(lamports),
      retryOf,
      position,
      mint,
      program,
      tokenAmount,
    }),
  );
}

/** The fields of an item row that core's ledger item is made from. */
export type ItemFields = Pick<
  ItemRow,
  'id' | 'operationId' | 'leg' | 'walletId' | 'fromAddress' | 'toAddress' | 'lamports' | 'retryOf'
>;

/**
 * Items as core's ledger reads them. `wallet` of an item is its wallet id, or (for an address that
 * is no wallet of the tenant) the address it is about: the recipient of a distribution, the
 * source of a withdrawal.
 */
export function ledgerItemsOf(
  kind: OperationKindName,
  items: readonly ItemFields[],
): readonly LedgerItem[] {
  const aggregate = kind === 'sol.aggregate';
  const about = (item: ItemFields): string =>
    item.walletId ?? (aggregate ? item.fromAddress : item.toAddress);
  // A two-hop's first leg is about the destination its middleman forwards to, not the middleman.
  const secondLegs = new Map(
    items.filter((item) => item.leg === 'secondHop').map((item) => [item.fromAddress, item]),
  );
  return Object.freeze(
    items.map((item) =>
      Object.freeze({
        id: item.id,
        operationId: item.operationId,
        wallet: about(item.leg === 'firstHop' ? (secondLegs.get(item.toAddress) ?? item) : item),
        leg: item.leg,
        from: item.fromAddress,
        to: item.toAddress,
        amount: item.lamports as Lamports,
        retryOf: item.retryOf,
      }),
    ),
  );
}

function storedOperationOf(
  row: OperationRow,
  items: readonly ItemRow[],
  transactions: LedgerOperation['transactions'],
  retriedBy: string | null,
): StoredOperation {
  const ledgerItems = ledgerItemsOf(row.kind, items);
  return Object.freeze({
    id: row.id,
    kind: coreOperationKind(row.kind),
    kindName: row.kind,
    tenantId: row.tenantId,
    createdBy: row.createdBy ?? '',
    parameters: row.parameters,
    items: ledgerItems,
    transactions,
    planId: row.planId,
    status: row.status,
    totalsJson: row.totals,
    jobId: row.jobId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    finishedAt: row.finishedAt,
    walletIds: new Map(items.map((item) => [item.id, item.walletId])),
    tokenLegs: new Map(
      items.flatMap((item) =>
        item.mint === null || item.program === null
          ? []
          : [
              [
                item.id,
                {
                  mint: item.mint,
                  program: item.program,
                  tokenAmount: item.tokenAmount === null ? null : BigInt(item.tokenAmount),
                },
              ] as const,
            ],
      ),
    ),
    retryOf: row.retryOf,
    retriedBy,
    materializedTransactions: row.materializedTransactions,
  });
}

/** The operation a job runs, if it runs one. */
export async function findOperationIdByJob(
  tx: TenantDatabase,
  jobId: string,
): Promise<string | null> {
  const [row] = await tx
    .select({ id: operations.id })
    .from(operations)
    .where(eq(operations.jobId, jobId));
  return row?.id ?? null;
}

/**
 * The finished operation a "Retry failed" pays again: refused when it is not this tenant's
 * (`OPERATION__NOT_FOUND`), still running, or already retried (at most once, so the same
 * failures cannot be paid twice; a unique index holds it too).
 */
export async function requireRetryable(tx: TenantDatabase, operationId: string): Promise<void> {
  const [row] = await tx
    .select({ id: operations.id, finishedAt: operations.finishedAt })
    .from(operations)
    .where(eq(operations.id, operationId));
  if (!row) throw new FleetError('OPERATION__NOT_FOUND', { operationId });
  if (row.finishedAt === null) throw new FleetError('OPERATION__NOT_FINISHED', { operationId });
  const [retry] = await tx
    .select({ id: operations.id })
    .from(operations)
    .where(eq(operations.retryOf, operationId));
  if (retry) {
    throw new FleetError('OPERATION__ALREADY_RETRIED', { operationId, retriedBy: retry.id });
  }
}

/** Links an operation to the job that runs it. */
export async function setOperationJob(
  tx: TenantDatabase,
  operationId: string,
  jobId: string,
): Promise<void> {
  await tx.update(operations).set({ jobId }).where(eq(operations.id, operationId));
}

/**
 * Stores the status and totals derived from the operation's transactions (the list reads these
 * columns), and when it finished once nothing is left to do (`final`, or no open wallet).
 */
export async function refreshOperationSummary(
  tx: TenantDatabase,
  operationId: string,
  input: { readonly now: Date; readonly final: boolean },
): Promise<StoredOperation | undefined> {
  const stored = await loadOperation(tx, operationId);
  if (!stored) return undefined;
  await writeOperationSummary(tx, stored, input);
  return stored;
}

/**
 * `refreshOperationSummary` from the operation as the caller holds it, every item and every
 * transaction: the job that runs an operation holds it whole (it is the ledger's only writer
 * under its lease), and reading 10,000 items back for each summary would stall its sends.
 */
export async function writeOperationSummary(
  tx: TenantDatabase,
  operation: LedgerOperation,
  input: { readonly now: Date; readonly final: boolean },
): Promise<void> {
  const { status, totals } = summarizeOperation(operation);
  const open = totals.pending + totals.sent + totals.forwarded;
  // A cancelled run leaves unsent wallets pending; the stored status then says how it ended.
  const ended =
    input.final && open > 0 ? (totals.succeeded === 0 ? 'failed' : 'partlyFailed') : status;
  const finished = input.final || open === 0;
  await tx
    .update(operations)
    .set({
      status: ended,
      totals: totalsJson(totals),
      updatedAt: input.now,
      ...(finished ? { finishedAt: input.now } : {}),
    })
    .where(eq(operations.id, operation.id));
}

export interface OperationFilter {
  readonly kind?: OperationKindName | undefined;
  readonly cursor?: string | undefined;
  readonly limit: number;
}

/** A page of the history, newest first, and the cursor of the next (older) page. */
export async function listOperations(
  tx: TenantDatabase,
  filter: OperationFilter,
): Promise<{ readonly rows: OperationRow[]; readonly nextCursor: string | null }> {
  const after = filter.cursor === undefined ? undefined : decodeCursor(filter.cursor);
  const rows = await tx
    .select()
    .from(operations)
    .where(
      and(
        filter.kind ? eq(operations.kind, filter.kind) : undefined,
        after
          ? sql`(${operations.createdAt}, ${operations.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(operations.createdAt), desc(operations.id))
    .limit(filter.limit + 1);
  const page = rows.slice(0, filter.limit);
  const last = page.at(-1);
  return {
    rows: page,
    nextCursor: rows.length > filter.limit && last ? encodeCursor(last) : null,
  };
}

/** The history cursor's form (time, then id for ties), which only decodes to storable times. */
function encodeCursor(row: OperationRow): string {
  return encodeHistoryCursor({ createdAt: row.createdAt, id: row.id });
}

function decodeCursor(cursor: string): { readonly createdAt: string; readonly id: string } {
  try {
    const { createdAt, id } = decodeHistoryCursor(cursor);
    return { createdAt: createdAt.toISOString(), id };
  } catch (error) {
    if (isFleetError(error)) throw new FleetError('OPERATION__INVALID_CURSOR');
    throw error;
  }
}
