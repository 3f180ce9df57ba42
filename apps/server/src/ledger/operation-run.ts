import { driveTransaction, type DriveOutcome, type EndpointPool } from '@fleet/chain';
import { FleetError, type Clock, type LedgerItem, type LedgerTransaction } from '@fleet/core';
import { withTenant, type FleetDatabase, type TenantDatabase } from '@fleet/db';
import type { FastifyBaseLogger } from 'fastify';
import type { JobContext } from '../jobs/job-handler';
import { errorText } from '../sol-operations/lanes';
import { createChainPorts } from '../sol-operations/chain-ports';
import { createSigningKeys } from '../sol-operations/signing-keys';
import type { SecretKeyVault } from '../vault';
import { loadOperation, type StoredOperation } from './operation-repository';
import { createTransactionRecorder } from './transaction-recorder';
import { loadTransactions, type StoredTransaction } from './transaction-repository';

// What every job that runs a ledger operation opens first (the SOL operations' job and the token
// operations' kernel alike): its tenant-bound database steps, the signing keys, the chain ports
// and the group-committing recorder. Opening them calls nothing; the network is reached only
// when the job uses them.

export interface OperationRunDeps {
  readonly db: FleetDatabase;
  readonly pool: EndpointPool;
  readonly vault: SecretKeyVault;
  readonly clock: Clock;
  readonly tenantId: string;
}

export function openOperationRun(deps: OperationRunDeps) {
  const { db, pool, vault, clock, tenantId } = deps;
  const bound = <T>(work: (tx: TenantDatabase) => Promise<T>): Promise<T> =>
    withTenant(db, tenantId, work);
  return {
    bound,
    now: (): Date => new Date(clock.now()),
    keys: createSigningKeys({ db, vault, tenantId }),
    ports: createChainPorts(pool, clock),
    recorder: createTransactionRecorder({ db, tenantId }),
  };
}

export type OperationRun = ReturnType<typeof openOperationRun>;

/**
 * The operation as the ledger has it, with its transactions and their stored bytes, read in one
 * tenant transaction; `OPERATION__NOT_FOUND` when the tenant has none by that id.
 */
export async function loadOperationForRun(
  bound: OperationRun['bound'],
  operationId: string,
): Promise<{
  readonly operation: StoredOperation;
  readonly transactions: readonly StoredTransaction[];
}> {
  const loaded = await bound(async (tx) => {
    const transactions = await loadTransactions(tx, operationId);
    const read = transactions.map((stored) => stored.transaction);
    return { operation: await loadOperation(tx, operationId, read), transactions };
  });
  if (!loaded.operation) throw new FleetError('OPERATION__NOT_FOUND', { operationId });
  return { operation: loaded.operation, transactions: loaded.transactions };
}

/**
 * A transaction's items, and their positions in the operation (the index of each in the plan's
 * build: items are stored in plan order). A transaction naming an item the operation lacks is a
 * corrupt ledger, never something to sign around.
 */
export function itemLookup(items: readonly LedgerItem[]) {
  const positionOf = new Map(items.map((item, index) => [item.id, index]));
  const positionsOf = (tx: Pick<LedgerTransaction, 'id' | 'itemIds'>): number[] =>
    tx.itemIds.map((id) => {
      const position = positionOf.get(id);
      if (position === undefined) {
        throw new Error(`transaction ${tx.id} names an item the operation lacks`);
      }
      return position;
    });
  return {
    positionsOf,
    itemsOf: (tx: Pick<LedgerTransaction, 'id' | 'itemIds'>): LedgerItem[] =>
      positionsOf(tx).map((position) => items[position] as LedgerItem),
  };
}

/**
 * Drives one transaction with chain's `driveTransaction` from the bytes stored for it (those just
 * signed, or those a run before this one stored). `record` persists each change before the next
 * action; `signedNow` says nothing has handed these bytes to anyone yet.
 */
export function driveStoredTransaction(
  run: Pick<OperationRun, 'ports'>,
  input: {
    readonly tx: LedgerTransaction;
    readonly wire: string | null;
    readonly signedNow: boolean;
    readonly record: (next: LedgerTransaction) => Promise<void>;
    readonly clock: Clock;
    readonly signal: AbortSignal;
  },
): Promise<DriveOutcome> {
  const { tx, wire } = input;
  return driveTransaction(tx, {
    observe: (signature) => run.ports.observe(signature),
    broadcast: async () => {
      if (wire === null) throw new Error(`transaction ${tx.id} has no stored bytes`);
      await run.ports.broadcast(wire);
    },
    record: input.record,
    clock: input.clock,
    signal: input.signal,
    neverBroadcast: input.signedNow,
  });
}

/**
 * The run's cadence between transaction starts: progress at most every `progressMs`, the
 * operation's stored summary (which reads every item) at most every `summaryMs`, and the cancel
 * flag read with each progress write. `cancelled()` stays true once it was.
 */
export function createRunCadence(input: {
  readonly clock: Pick<Clock, 'now'>;
  readonly progressMs: number;
  readonly summaryMs: number;
  readonly publish: () => Promise<void>;
  readonly writeSummary: () => Promise<void>;
  readonly isCancelRequested: () => Promise<boolean>;
}) {
  const { clock } = input;
  let cancelled = false;
  let lastProgress = 0;
  let lastSummary = clock.now();
  return {
    async settle(): Promise<void> {
      if (clock.now() - lastProgress < input.progressMs) return;
      lastProgress = clock.now();
      await input.publish();
      if (clock.now() - lastSummary >= input.summaryMs) {
        lastSummary = clock.now();
        await input.writeSummary();
      }
      cancelled = cancelled || (await input.isCancelRequested());
    },
    cancelled: (): boolean => cancelled,
  };
}

/** What the lanes do when a transaction's chain calls failed and it waits to be tried again. */
export function laneRetryLog(
  logger: FastifyBaseLogger,
  context: Pick<JobContext<unknown>, 'log'>,
  operationId: string,
) {
  return async (error: unknown, transactionId: string, waitMs: number): Promise<void> => {
    logger.warn({ err: error, operationId, transactionId }, 'a transaction step failed');
    await context.log(
      'warn',
      `Chain calls failed (${errorText(error)}); retrying in ${Math.round(waitMs / 1000)} s`,
    );
  };
}
