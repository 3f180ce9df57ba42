import {
  buildSignedInstructions,
  type ComputeBudget,
  type EndpointPool,
  type TransactionLifetime,
} from '@fleet/chain';
import {
  plannedTransaction,
  transition,
  type Clock,
  type Instruction,
  type LedgerItem,
  type LedgerTransaction,
} from '@fleet/core';
import type { FleetDatabase, TenantDatabase } from '@fleet/db';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { z } from 'zod';
import type { JobContext, JobHandler } from '../jobs/job-handler';
import type { RecorderInput } from '../ledger/ledger-repository';
import { writeOperationSummary, type StoredOperation } from '../ledger/operation-repository';
import {
  createRunCadence,
  driveStoredTransaction,
  itemLookup,
  laneRetryLog,
  loadOperationForRun,
  openOperationRun,
} from '../ledger/operation-run';
import { createLanes, lanesForBudget } from '../sol-operations/lanes';
import { createTurns } from '../sol-operations/turns';
import type { SecretKeyVault } from '../vault';

// The token operations' job kernel (issue 19): one runner for closes, burns, SPL withdrawals and
// SPL distributions. A job plugs in what differs (how a transaction of its items is built, what
// commits with a confirmation, how it counts); the kernel owns the ledger discipline, the lanes
// and the publishing (docs/ARCHITECTURE.md, `token-operations/`).

/** What one transaction of a token operation sends. */
export interface TokenTransaction {
  /** Signs first and pays the fee: the master, or an owner paying its own. */
  readonly feePayer: string;
  /** The job's instructions in order; the compute budget's two go before them when given. */
  readonly instructions: readonly Instruction[];
  /** Omitted: the transaction carries no compute-budget instructions (no priority fee). */
  readonly computeBudget?: ComputeBudget;
  /** The size the plan measured; a build of another size is refused before it is signed. */
  readonly plannedSize?: number;
}

/** A transaction's items: the ledger's, and their positions in the plan's build. */
export interface TokenTransactionItems<Build> {
  readonly build: Build;
  readonly operation: StoredOperation;
  /** Positions in `operation.items`, which is the build's item order. */
  readonly positions: readonly number[];
  readonly items: readonly LedgerItem[];
}

/** The job's counts, kept from the transactions as they become final. */
export interface TokenJobProgress {
  /**
   * A transaction that landed, `confirmed` or `failed` (its fee paid either way): called once per
   * transaction, for those final before this run too.
   */
  final(tx: LedgerTransaction, positions: readonly number[]): void;
  /** What `GET /api/jobs/:id` shows as processed items (of the job's total). */
  processed(): number;
  message(): string;
  /** The job's report; `done` once every transaction is final or the run stopped. */
  report(done: boolean): unknown;
  /** Called once at the end of the run, after the last report: e.g. balances to read back. */
  readonly finish?: () => Promise<void>;
}

/** What a token job gives the kernel. */
export interface TokenOperationJob<Build> {
  /** The job kind (`token.close`, `token.burn`, `token.withdraw`, `token.distribute`). */
  readonly kind: string;
  /** The word for its transactions in the job's log: "Close transaction … failed". */
  readonly noun: string;
  /** The stored build, read back from `operation.parameters.build` and checked. */
  parseBuild(operation: StoredOperation): Build;
  /**
   * The transaction of these items: called to sign a planned transaction, including one re-planned
   * after an expiry. Must be a function of the build and the positions alone, so that a resumed
   * run signs what a first run would have.
   */
  transaction(input: TokenTransactionItems<Build>): TokenTransaction | Promise<TokenTransaction>;
  /**
   * The transactions an expired one's items go into, each a list of positions (default: one
   * transaction of the same items). E.g. a close an owner paid for goes to the master.
   */
  replan?(input: TokenTransactionItems<Build>): readonly (readonly number[])[];
  /** Written in the database transaction that records a confirmation (history rows, say). */
  readonly confirmed?: (
    tx: TenantDatabase,
    input: TokenTransactionItems<Build> & {
      readonly transaction: LedgerTransaction;
      readonly now: Date;
    },
  ) => Promise<void>;
  /** The counts for progress and the report, built once per run. */
  progress(input: { readonly build: Build; readonly operation: StoredOperation }): TokenJobProgress;
}

export interface TokenOperationJobDeps {
  readonly db: FleetDatabase;
  readonly pool: EndpointPool;
  readonly vault: SecretKeyVault;
  readonly clock: Clock;
  readonly logger: FastifyBaseLogger;
  /** Transactions in flight; default: from the pool's send budget (`lanesForBudget`). */
  readonly lanes?: number;
}

const paramsSchema = z.object({ operationId: z.string().uuid() });
/** Every token job's parameters: the operation it runs. */
export type TokenOperationParams = z.infer<typeof paramsSchema>;
type Params = TokenOperationParams;

/** Transactions signed at once (the others wait their turn), as the SOL job does. */
const SIGNING_AT_ONCE = 4;
/** How often progress and the report are written and the cancel flag read. */
const PROGRESS_EVERY_MS = 1_000;
/** How often the operation's stored status and totals are recomputed (it reads every item). */
const SUMMARY_EVERY_MS = 10_000;

interface Entry {
  tx: LedgerTransaction;
  wire: string | null;
}

/**
 * A token operation's job (decision 022): what the ledger holds as signed or sent is reconciled
 * with the chain before anything new is signed; a transaction is signed only from `planned`, and
 * its bytes are stored with its first record, before its first broadcast; each is driven by
 * chain's `driveTransaction` in lanes sized from the pool's send budget; one that expired unseen
 * is planned again (`replan`), one that landed failed is reported and never retried. Cancel stops
 * new transactions; those signed are driven to their end.
 */
export function createTokenOperationJob<Build>(
  job: TokenOperationJob<Build>,
  deps: TokenOperationJobDeps,
): JobHandler<Params, null> {
  return {
    kind: job.kind,
    params: paramsSchema,
    run: (params, context) => runTokenOperation(job, deps, params, context),
  };
}

async function runTokenOperation<Build>(
  job: TokenOperationJob<Build>,
  deps: TokenOperationJobDeps,
  { operationId }: Params,
  context: JobContext<null>,
): Promise<void> {
  const { clock } = deps;
  const { tenantId } = context;
  // Every lane waits on the job's signal: many listeners at once by design, not a leak.
  setMaxListeners(1_000, context.signal);
  const opened = openOperationRun({ ...deps, tenantId });
  const { bound, now, keys, ports, recorder } = opened;

  // 1. the operation as the ledger has it
  const { operation, transactions } = await loadOperationForRun(bound, operationId);
  const build = job.parseBuild(operation);
  const { positionsOf } = itemLookup(operation.items);
  const itemsAt = (positions: readonly number[]): TokenTransactionItems<Build> => ({
    build,
    operation,
    positions,
    items: positions.map((position) => operation.items[position] as LedgerItem),
  });
  const entries = new Map<string, Entry>(
    transactions.map((stored) => [
      stored.transaction.id,
      { tx: stored.transaction, wire: stored.wireBase64 },
    ]),
  );

  // 2. the counts, from what is already final
  const progress = job.progress({ build, operation });
  for (const { tx } of entries.values()) {
    if (tx.state === 'confirmed' || tx.state === 'failed') progress.final(tx, positionsOf(tx));
  }
  const publish = async (done: boolean) => {
    await context.report(progress.report(done));
    await context.progress(progress.processed(), progress.message());
  };
  await publish(false);

  // 3. the ledger's writes: compare-and-set from the record this run last read or wrote
  const store = async (
    next: LedgerTransaction,
    expected: LedgerTransaction | null,
    wire?: string,
    alongside?: RecorderInput['alongside'],
  ) => {
    await recorder.record({
      next,
      expected,
      now: now(),
      ...(wire === undefined ? {} : { wireBase64: wire }),
      ...(alongside ? { alongside } : {}),
    });
    entries.set(next.id, { tx: next, wire: wire ?? entries.get(next.id)?.wire ?? null });
  };

  const sign = async (entry: Entry, lifetime: TransactionLifetime): Promise<Entry> => {
    const built = await job.transaction(itemsAt(positionsOf(entry.tx)));
    const signed = await buildSignedInstructions(
      {
        feePayer: built.feePayer,
        instructions: built.instructions,
        lifetime,
        ...(built.computeBudget === undefined ? {} : { computeBudget: built.computeBudget }),
        ...(built.plannedSize === undefined ? {} : { plannedSize: built.plannedSize }),
      },
      (signer) => keys.signerFor(signer),
    );
    const next = transition(entry.tx, {
      type: 'signed',
      signature: signed.signature,
      lastValidBlockHeight: signed.lastValidBlockHeight,
    });
    if (!next.ok) throw next.error;
    return { tx: next.value, wire: signed.wireBase64 };
  };
  // Signing is CPU work: a few at a time in queue order, so the first are sent while the others
  // are still being signed.
  const inTurn = createTurns(SIGNING_AT_ONCE);
  const signInTurn = (entry: Entry) => inTurn(async () => sign(entry, await ports.lifetime()));

  /** An expired transaction's items in new planned transactions, when nothing else holds them. */
  const replan = async (expired: LedgerTransaction): Promise<string[]> => {
    const holders = [...entries.values()].filter(
      (other) =>
        other.tx.id !== expired.id &&
        other.tx.state !== 'expired' &&
        other.tx.itemIds.some((id) => expired.itemIds.includes(id)),
    );
    if (holders.length > 0) return [];
    const current = itemsAt(positionsOf(expired));
    const cuts = job.replan?.(current) ?? [current.positions];
    const fresh: string[] = [];
    for (const positions of cuts) {
      const ids = positions.map((position) => (operation.items[position] as LedgerItem).id);
      const next = plannedTransaction(randomUUID(), operationId, ids);
      await store(next, null);
      fresh.push(next.id);
    }
    await context.log(
      'warn',
      `A ${job.noun} transaction expired unseen (${expired.signature ?? '-'}); its ${expired.itemIds.length} item(s) are signed again with a new blockhash`,
    );
    return fresh;
  };

  // 4. what may start: every signed or sent transaction first (reconcile), then the planned ones
  //    in plan order; expired ones are re-planned
  const queue: string[] = [];
  const all = [...entries.values()];
  const inFlight = all.filter((e) => e.tx.state === 'signed' || e.tx.state === 'sent');
  for (const entry of inFlight) queue.push(entry.tx.id);
  for (const entry of all) if (entry.tx.state === 'planned') queue.push(entry.tx.id);
  for (const entry of all) {
    if (entry.tx.state === 'expired') queue.unshift(...(await replan(entry.tx)));
  }

  const writeSummary = (final: boolean) =>
    bound((tx) =>
      writeOperationSummary(
        tx,
        { ...operation, transactions: [...entries.values()].map((entry) => entry.tx) },
        { now: now(), final },
      ),
    );

  const cadence = createRunCadence({
    clock,
    progressMs: PROGRESS_EVERY_MS,
    summaryMs: SUMMARY_EVERY_MS,
    publish: () => publish(false),
    writeSummary: () => writeSummary(false),
    isCancelRequested: () => context.isCancelRequested(),
  });

  const run = async (id: string): Promise<void> => {
    let entry = entries.get(id);
    if (!entry) return;
    const signedNow = entry.tx.state === 'planned';
    // The record the ledger holds, from which each write compares and sets.
    let current = entry.tx;
    if (signedNow) entry = await signInTurn(entry);
    const wire = entry.wire;
    const outcome = await driveStoredTransaction(opened, {
      tx: entry.tx,
      wire,
      signedNow,
      clock,
      signal: context.signal,
      record: async (next) => {
        // A transaction signed here is stored, bytes and all, by its first record: the first
        // broadcast's, committed before anything is broadcast. A confirmation commits with what
        // the job writes beside it, so the two never disagree.
        const first = current.state === 'planned';
        const confirmed = job.confirmed;
        await store(
          next,
          current,
          first ? (wire ?? undefined) : undefined,
          next.state === 'confirmed' && confirmed
            ? (tx) =>
                confirmed(tx, { ...itemsAt(positionsOf(next)), transaction: next, now: now() })
            : undefined,
        );
        current = next;
      },
    });
    switch (outcome.kind) {
      case 'confirmed':
      case 'failed': {
        progress.final(outcome.tx, positionsOf(outcome.tx));
        if (outcome.kind === 'failed') {
          await context.log(
            'error',
            `${capitalized(job.noun)} transaction ${outcome.tx.signature ?? ''} failed on chain (${outcome.tx.failureReason ?? 'failed'}); its ${outcome.tx.itemIds.length} item(s) are not retried: plan them again`,
          );
        }
        return;
      }
      case 'expired':
        queue.unshift(...(await replan(outcome.tx)));
        return;
      case 'refused':
        // The chain contradicted the ledger: never act on it silently.
        deps.logger.error({ err: outcome.error, operationId }, 'the ledger refused a chain answer');
        await context.log('error', outcome.error.message);
        return;
      case 'unsigned':
      case 'stepLimit':
        queue.push(id);
        return;
    }
  };

  const lanes = createLanes({
    lanes: deps.lanes ?? lanesForBudget(ports.sendBudgetPerSecond()),
    queue,
    run,
    // After Cancel nothing new is signed; what was signed is driven to its end.
    skip: (id) =>
      !entries.has(id) || (cadence.cancelled() && entries.get(id)?.tx.state === 'planned'),
    settle: () => cadence.settle(),
    onRetry: laneRetryLog(deps.logger, context, operationId),
    clock,
    signal: context.signal,
  });
  await lanes.drain(new Set(inFlight.map((entry) => entry.tx.id)));

  // 5. how it ended: the summary from what this run holds (the ledger's only writer under its
  //    lease), the last report, and what the job does after
  await writeSummary(true);
  await context.report(progress.report(true));
  await context.progress(progress.processed(), cadence.cancelled() ? 'Cancelled' : 'Done');
  if (progress.finish) await progress.finish();
}

function capitalized(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** The positions of items in plan order, as a key for a transaction's item set. */
export function positionsKey(positions: readonly number[]): string {
  return [...positions].sort((a, b) => a - b).join(',');
}
