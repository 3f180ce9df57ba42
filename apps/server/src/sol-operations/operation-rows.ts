// The rows of a SOL operation that its job writes ahead of its own sends (decision 029): the
// skeleton both the execution and the job derive from the stored build (so they agree on every
// id), the operation completed from it for a run that starts before its rows exist, and the
// writer that lays the rows down in chunks, each committed before any of its transactions signs.

import type { Clock, Lamports } from '@fleet/core';
import type { TenantDatabase } from '@fleet/db';
import {
  materializeTransactions,
  operationSkeleton,
  readMaterialized,
  skeletonLedgerItems,
  skeletonPlannedTransaction,
  type OperationSkeleton,
} from '../ledger/deferred-operation';
import type { StoredOperation } from '../ledger/operation-repository';
import type { StoredTransaction } from '../ledger/transaction-repository';
import { solPlanBuildSchema, type SolPlanBuild } from './sol-plan-build';

/** The first chunk is small, so the first transactions sign at once; later ones grow to this. */
const FIRST_CHUNK_ITEMS = 100;
/**
 * Items per chunk at most. On the embedded database every commit waits for the one before it:
 * a chunk of 400 items holds the ledger's own records back for tens of milliseconds, less than
 * an endpoint's send bucket banks, so the sends do not lose their pace while the rows go down.
 */
const CHUNK_ITEMS = 400;
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 15_000;

/** Every row the operation of `build` has: setup steps first, then the transfers. */
export function skeletonOfBuild(operationId: string, build: SolPlanBuild): OperationSkeleton {
  const setup = build.lookupTables?.setup ?? [];
  return operationSkeleton(
    operationId,
    build.items.map((item) => ({
      leg: item.leg,
      walletId: item.walletId,
      from: item.from,
      to: item.to,
      lamports: BigInt(item.lamports) as Lamports,
    })),
    [
      ...setup.map((_, step) => ({ setupStep: step, itemPositions: [] })),
      ...build.transactions.map((planned) => ({ setupStep: null, itemPositions: planned.items })),
    ],
  );
}

/**
 * The operation whole, as the job holds it and readers show it: when its rows are written only up
 * to a point, its items are the skeleton's, and its transactions the stored ones followed by the
 * skeleton's still unwritten ones, planned. An operation with every row written is returned as is.
 */
export function completeOperation(
  stored: StoredOperation,
  skeleton: OperationSkeleton,
): StoredOperation {
  const unwritten = unwrittenTransactions(stored, skeleton);
  if (unwritten.length === 0) return stored;
  return {
    ...stored,
    items: skeletonLedgerItems(stored.kindName, skeleton),
    transactions: [...stored.transactions, ...unwritten.map((entry) => entry.transaction)],
    walletIds: new Map(skeleton.items.map((item) => [item.id, item.walletId])),
  };
}

/** The skeleton's transactions past the stored watermark, planned and without bytes. */
export function unwrittenTransactions(
  stored: StoredOperation,
  skeleton: OperationSkeleton,
): StoredTransaction[] {
  const written = stored.materializedTransactions;
  if (written === null) return [];
  return skeleton.transactions.slice(written).map((planned) => ({
    transaction: skeletonPlannedTransaction(skeleton, planned),
    wireBase64: null,
    setupStep: planned.setupStep,
  }));
}

/** `completeOperation` for a stored SOL operation, its skeleton read from its stored build. */
export function completeSolOperation(stored: StoredOperation): StoredOperation {
  if (stored.materializedTransactions === null) return stored;
  const build = solPlanBuildSchema.parse(stored.parameters['build']);
  return completeOperation(stored, skeletonOfBuild(stored.id, build));
}

export interface RowWriter {
  /** Resolves once the transaction's row (with its items and links) is committed. */
  ready(transactionId: string): Promise<void>;
  /** The transaction has left (or will never): the writer keeps its lead over those that have. */
  passed(transactionId: string): void;
  /** Writes whatever is left at once; resolves once every row is written, rejects on abort. */
  done(): Promise<void>;
}

/**
 * Writes the skeleton's rows from `from` on, in order and in chunks, each chunk one database
 * transaction that also moves the watermark. It keeps `lead` transactions written ahead of those
 * that have left, and writes at once what a waiting transaction needs: on the embedded database a
 * chunk's statements run on the job's own thread, so writing everything at the start would hold
 * back the very sends it prepares. After each chunk it gives the thread back for as long as the
 * chunk held it. A chunk that fails (the database is away) is tried again after a wait that
 * doubles, as a lane's chain calls are; abort stops it.
 */
export function startRowWriter(deps: {
  readonly bound: <T>(work: (tx: TenantDatabase) => Promise<T>) => Promise<T>;
  readonly tenantId: string;
  readonly skeleton: OperationSkeleton;
  /** The stored watermark; null when every row is written. */
  readonly from: number | null;
  /** Transactions to keep written ahead of those that have left. */
  readonly lead: number;
  readonly clock: Pick<Clock, 'now' | 'sleep'>;
  readonly signal: AbortSignal;
  readonly onRetry: (error: unknown, waitMs: number) => Promise<void>;
}): RowWriter {
  const { skeleton, clock, signal } = deps;
  const total = skeleton.transactions.length;
  const positionOf = new Map(
    skeleton.transactions.map((planned) => [planned.id, planned.position]),
  );
  let watermark = deps.from ?? total;
  const gone = new Set<number>();
  let hurry = false;
  let failure: unknown = null;
  const waiters: { position: number; resolve: () => void; reject: (error: unknown) => void }[] = [];
  let nudge: (() => void) | null = null;
  const wake = () => {
    nudge?.();
    nudge = null;
  };

  const advance = (to: number) => {
    watermark = to;
    for (let i = waiters.length - 1; i >= 0; i -= 1) {
      const waiter = waiters[i];
      if (waiter && waiter.position < watermark) {
        waiters.splice(i, 1);
        waiter.resolve();
      }
    }
  };

  const writeChunk = async (to: number): Promise<void> => {
    for (let failures = 0; ; failures += 1) {
      signal.throwIfAborted();
      try {
        const from = watermark;
        const wrote = await deps.bound((tx) =>
          materializeTransactions(tx, {
            tenantId: deps.tenantId,
            skeleton,
            from,
            to,
            now: new Date(clock.now()),
          }),
        );
        if (wrote) return advance(to);
        // Another run of the same job wrote past us (the rows are the same): go on from there.
        const stored = await deps.bound((tx) => readMaterialized(tx, skeleton.operationId));
        const reached = stored ?? total;
        if (reached <= from) {
          throw new Error(`the operation's rows stand at ${reached}, not at ${from} as read`);
        }
        return advance(reached);
      } catch (error) {
        if (signal.aborted) throw error;
        const waitMs = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.min(failures, 10));
        await deps.onRetry(error, waitMs);
        await clock.sleep(waitMs, signal);
      }
    }
  };

  const ahead = () => watermark - (deps.from ?? total) - gone.size;
  const writing = (async () => {
    let limit = FIRST_CHUNK_ITEMS;
    while (watermark < total) {
      while (!hurry && waiters.length === 0 && ahead() >= deps.lead) {
        signal.throwIfAborted();
        await new Promise<void>((resolve) => {
          // One listener per wait, removed when the wait ends: a run waits thousands of times.
          const onAbort = () => resolve();
          signal.addEventListener('abort', onAbort, { once: true });
          nudge = () => {
            signal.removeEventListener('abort', onAbort);
            resolve();
          };
        });
      }
      const began = clock.now();
      await writeChunk(chunkEnd(skeleton, watermark, limit));
      limit = Math.min(CHUNK_ITEMS, limit * 2);
      if (!hurry && watermark < total) await clock.sleep(clock.now() - began, signal);
    }
  })().catch((error: unknown) => {
    failure = error;
    for (const waiter of waiters.splice(0)) waiter.reject(error);
    throw error;
  });
  // Awaited through `done`; a run that ends without asking must not crash the process.
  writing.catch(() => undefined);

  return {
    ready(transactionId) {
      const position = positionOf.get(transactionId);
      // Not the skeleton's (a re-planned or cut transaction): stored when it was made.
      if (position === undefined || position < watermark) return Promise.resolve();
      if (failure !== null) return writing;
      return new Promise((resolve, reject) => {
        waiters.push({ position, resolve, reject });
        wake();
      });
    },
    passed(transactionId) {
      const position = positionOf.get(transactionId);
      if (position === undefined || position < (deps.from ?? total)) return;
      gone.add(position);
      wake();
    },
    done() {
      hurry = true;
      wake();
      return writing;
    },
  };
}

/** Where the chunk starting at `from` ends: at least one transaction, about `limit` items. */
function chunkEnd(skeleton: OperationSkeleton, from: number, limit: number): number {
  let items = 0;
  let end = from;
  for (let planned = skeleton.transactions[end]; planned; planned = skeleton.transactions[end]) {
    if (end > from && items + planned.itemPositions.length > limit) break;
    items += planned.itemPositions.length;
    end += 1;
  }
  return end;
}
