import type { EndpointPool, TransactionLifetime } from '@fleet/chain';
import {
  plannedTransaction,
  transition,
  type Address,
  type Clock,
  type LedgerTransaction,
} from '@fleet/core';
import type { FleetDatabase } from '@fleet/db';
import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { z } from 'zod';
import type { JobContext, JobHandler } from '../jobs/job-handler';
import type { RecorderInput } from '../ledger/ledger-repository';
import {
  createRunCadence,
  driveStoredTransaction,
  itemLookup,
  laneRetryLog,
  loadOperationForRun,
  openOperationRun,
} from '../ledger/operation-run';
import { replacePlannedTransaction } from '../ledger/transaction-repository';
import { tableKey } from '../lookup-tables/table-steps';
import { transferTables } from '../lookup-tables/transfer-tables';
import { writeOperationSummary } from '../ledger/operation-repository';
import type { SecretKeyVault } from '../vault';
import { createBalancesAfter } from './balances-after';
import { createLanes, errorText, lanesForBudget } from './lanes';
import { solPlanBuildSchema, type TableRef } from './sol-plan-build';
import { createOperationCounts } from './operation-counts';
import { createOperationSigner } from './operation-signer';
import {
  completeOperation,
  skeletonOfBuild,
  startRowWriter,
  unwrittenTransactions,
} from './operation-rows';
import { createStartGates } from './start-gates';
import { legacyCuts } from './transfer-signing';
import { createTurns } from './turns';

export const SOL_OPERATION_JOB_KIND = 'sol.operation';

const paramsSchema = z.object({ operationId: z.string().uuid() });
type Params = z.infer<typeof paramsSchema>;

/** Spec 2 §9: a withdrawal keeps 5 transactions in flight. */
const AGGREGATE_LANES = 5;
/** Transactions signed at once (the others wait their turn). */
const SIGNING_AT_ONCE = 4;
/** Rows written ahead of the transactions in flight (decision 029): one more chunk's worth. */
const LEAD_BEYOND_LANES = 20;
/** How often progress and the cancel flag are written and read. */
const PROGRESS_EVERY_MS = 1_000;
/**
 * How often the operation's stored status and totals are recomputed: it reads every item and
 * transaction of the operation (10,000 and more), so not at every progress write.
 */
const SUMMARY_EVERY_MS = 10_000;

interface Entry {
  tx: LedgerTransaction;
  wire: string | null;
  /** The lookup-table setup step it carries out (decision 027); null when it pays items. */
  setupStep: number | null;
}

/**
 * Runs a SOL operation's transactions through the ledger (issue 17, decision 022). Resumable by
 * construction: every step is read back from the ledger, so a restarted run first asks the chain
 * about every signed or sent transaction, re-plans only what expired unseen, and signs only what
 * was never signed. Cancel stops new first legs and new payments; transactions already signed are
 * driven to the end, and a two-hop's second legs still forward what reached a middleman.
 */
export function createSolOperationJob(deps: {
  readonly db: FleetDatabase;
  readonly pool: EndpointPool;
  readonly vault: SecretKeyVault;
  readonly clock: Clock;
  readonly logger: FastifyBaseLogger;
  /** Transactions in flight for a distribution; default: from the pool's send budget. */
  readonly lanes?: number;
}): JobHandler<Params, null> {
  return {
    kind: SOL_OPERATION_JOB_KIND,
    params: paramsSchema,
    run: (params, context) => runOperation(deps, params, context),
  };
}

async function runOperation(
  deps: Parameters<typeof createSolOperationJob>[0],
  { operationId }: Params,
  context: JobContext<null>,
): Promise<void> {
  const { db, pool, clock } = deps;
  const tenantId = context.tenantId;
  // Every lane waits on the job's signal (sleeps, status polls): up to 128 listeners at once by
  // design, not a leak, so Node's warning at 11 would only be noise in the log.
  setMaxListeners(1_000, context.signal);
  const opened = openOperationRun({ ...deps, tenantId });
  const { bound, now, keys, ports, recorder } = opened;

  // 1. the operation as the ledger has it
  const loaded = await loadOperationForRun(bound, operationId);
  const build = solPlanBuildSchema.parse(loaded.operation.parameters['build']);
  // The rows not written yet are written ahead of the sends (decision 029); the run holds them all.
  const skeleton = skeletonOfBuild(operationId, build);
  const operation = completeOperation(loaded.operation, skeleton);
  const held = [...loaded.transactions, ...unwrittenTransactions(loaded.operation, skeleton)];
  const entries = new Map<string, Entry>(
    held.map((stored) => [
      stored.transaction.id,
      { tx: stored.transaction, wire: stored.wireBase64, setupStep: stored.setupStep },
    ]),
  );
  const setupSteps = build.lookupTables?.setup ?? [];
  const stepOf = (entry: { readonly setupStep: number | null }) =>
    entry.setupStep === null ? undefined : setupSteps[entry.setupStep];
  const { itemsOf } = itemLookup(operation.items);
  const legOf = (tx: LedgerTransaction) => itemsOf(tx)[0]?.leg ?? 'direct';

  const endpoint = pool.stats().endpoints.join(', ') || null;
  const lanes =
    operation.kindName === 'sol.aggregate'
      ? AGGREGATE_LANES
      : (deps.lanes ?? lanesForBudget(ports.sendBudgetPerSecond()));

  const rows = startRowWriter({
    bound,
    tenantId,
    skeleton,
    from: operation.materializedTransactions,
    lead: lanes + LEAD_BEYOND_LANES,
    clock,
    signal: context.signal,
    onRetry: (error, waitMs) =>
      context.log(
        'warn',
        `The operation's transactions could not be recorded (${errorText(error)}); retrying in ${Math.round(waitMs / 1000)} s`,
      ),
  });

  // 2. counts for progress, kept as transactions end
  const progress = createOperationCounts(operation.items, operationId, endpoint);
  const { countFinal, report, processed, confirmedMiddlemen, failedMiddlemen, wallets } = progress;
  for (const entry of entries.values()) countFinal(itemsOf(entry.tx), entry.tx.state);
  await context.report(report('start'));
  await context.progress(processed(), `Sending through ${endpoint ?? 'the RPC pool'}`);

  // 3. the ledger's writes: compare-and-set from the record this run last read or wrote, the
  //    records of all lanes committed together (the run's recorder)
  const store = async (
    next: LedgerTransaction,
    expected: LedgerTransaction | null,
    wire?: string,
    extra: {
      readonly setupStep?: number | null;
      readonly alongside?: RecorderInput['alongside'];
    } = {},
  ) => {
    const setupStep = extra.setupStep ?? entries.get(next.id)?.setupStep ?? null;
    await recorder.record({
      next,
      expected,
      now: now(),
      ...(wire === undefined ? {} : { wireBase64: wire }),
      ...(expected === null && setupStep !== null ? { setupStep } : {}),
      ...(extra.alongside ? { alongside: extra.alongside } : {}),
    });
    const entry = entries.get(next.id);
    entries.set(next.id, { tx: next, wire: wire ?? entry?.wire ?? null, setupStep });
  };

  const signer = createOperationSigner({
    build,
    bound,
    pool,
    tenantId,
    operationId,
    keys,
    items: operation.items,
    itemsOf,
    stepOf,
    now,
  });
  const { specOf } = signer;
  /** A transaction signed, not yet stored: its first record carries it (see `run`). */
  const sign = async (entry: Entry, lifetime: TransactionLifetime) => {
    const { signed, alongside } = await signer.sign(entry, lifetime);
    const next = transition(entry.tx, {
      type: 'signed',
      signature: signed.signature,
      lastValidBlockHeight: signed.lastValidBlockHeight,
    });
    if (!next.ok) throw next.error;
    return {
      entry: { tx: next.value, wire: signed.wireBase64, setupStep: entry.setupStep },
      alongside,
    };
  };
  // Signing is CPU work: a few at a time in queue order, so that the first transactions are sent
  // while the others are still being signed rather than after all the lanes' signatures.
  const inTurn = createTurns(SIGNING_AT_ONCE);
  const signInTurn = (entry: Entry) => inTurn(async () => sign(entry, await ports.lifetime()));

  /** Re-plans an expired transaction's items as a new transaction, when nothing else holds them. */
  const replan = async (expired: LedgerTransaction): Promise<string | null> => {
    // A new transaction goes after the operation's others: all of them written first.
    await rows.done();
    const setupStep = entries.get(expired.id)?.setupStep ?? null;
    const holders = [...entries.values()].filter(
      (other) =>
        other.tx.id !== expired.id &&
        other.tx.state !== 'expired' &&
        (setupStep === null
          ? other.tx.itemIds.some((id) => expired.itemIds.includes(id))
          : other.setupStep === setupStep),
    );
    if (holders.length > 0) return null;
    const next = plannedTransaction(randomUUID(), operationId, expired.itemIds);
    await store(next, null, undefined, { setupStep });
    await context.log(
      'warn',
      setupStep === null
        ? `A transaction expired unseen (${expired.signature ?? '-'}); its ${expired.itemIds.length} payment(s) are signed again with a new blockhash`
        : `A lookup-table transaction expired unseen (${expired.signature ?? '-'}); it is signed again with a new blockhash`,
    );
    return next.id;
  };

  // 4. what may start: every signed or sent transaction first (reconcile), then planned ones
  //    in the plan's order; second legs wait for their first leg, a new table's extensions for
  //    its create; expired ones are re-planned. A lookup table's setup runs to its end before
  //    any transfer starts (phase 1), so the transfers sign against the tables as they landed.
  const queue: string[] = [];
  const gates = createStartGates({
    queue,
    entries,
    itemsOf,
    stepOf,
    confirmedMiddlemen,
    failedMiddlemen,
  });
  const enqueue = (entry: Entry, front = false) => gates.enqueue(entry, front);
  /** Queues a phase's transactions; answers those to reconcile before anything is signed. */
  const queuePhase = async (inPhase: (entry: Entry) => boolean): Promise<Set<string>> => {
    const mine = [...entries.values()].filter(inPhase);
    const inFlight = mine.filter((e) => e.tx.state === 'signed' || e.tx.state === 'sent');
    for (const entry of inFlight) enqueue(entry);
    for (const entry of mine) if (entry.tx.state === 'planned') enqueue(entry);
    for (const entry of mine) {
      if (entry.tx.state !== 'expired') continue;
      const replanned = await replan(entry.tx);
      const fresh = replanned ? entries.get(replanned) : undefined;
      if (fresh) enqueue(fresh, true);
    }
    return new Set(inFlight.map((entry) => entry.tx.id));
  };

  // The summary from what this run holds: it is the ledger's only writer under its lease.
  const writeSummary = (final: boolean) =>
    bound((tx) =>
      writeOperationSummary(
        tx,
        { ...operation, transactions: [...entries.values()].map((entry) => entry.tx) },
        { now: now(), final },
      ),
    );
  const balances = createBalancesAfter({
    db,
    pool,
    clock,
    logger: deps.logger,
    tenantId,
    items: operation.items,
  });

  const cadence = createRunCadence({
    clock,
    progressMs: PROGRESS_EVERY_MS,
    summaryMs: SUMMARY_EVERY_MS,
    publish: async () => {
      await context.progress(processed(), `${processed()} of ${wallets} wallets done`);
      await context.report(report('item'));
    },
    writeSummary: () => writeSummary(false),
    isCancelRequested: () => context.isCancelRequested(),
  });

  const run = async (id: string): Promise<void> => {
    let entry = entries.get(id);
    if (!entry) return;
    const signedNow = entry.tx.state === 'planned';
    // The record the ledger holds, from which each write compares and sets.
    let current = entry.tx;
    let alongside: RecorderInput['alongside'];
    if (signedNow) {
      // Signed only once its row is there: the first record moves the stored row.
      await rows.ready(id);
      ({ entry, alongside } = await signInTurn(entry));
    }
    const wire = entry.wire;
    const outcome = await driveStoredTransaction(opened, {
      tx: entry.tx,
      wire,
      signedNow,
      clock,
      signal: context.signal,
      record: async (next) => {
        // A transaction signed here is stored, bytes (and a create's table address) and all, by
        // its first record: the first broadcast's, committed before anything is broadcast.
        const first = current.state === 'planned';
        await store(
          next,
          current,
          first ? (wire ?? undefined) : undefined,
          first && alongside ? { alongside } : {},
        );
        current = next;
        if (first) rows.passed(id);
      },
    });
    switch (outcome.kind) {
      case 'confirmed':
      case 'failed': {
        countFinal(itemsOf(outcome.tx), outcome.tx.state);
        balances.itemsDone(itemsOf(outcome.tx));
        if (outcome.kind === 'failed') {
          await context.log(
            'error',
            `Transaction ${outcome.tx.signature ?? ''} failed: ${outcome.tx.failureReason ?? 'failed on chain'}`,
          );
        }
        gates.afterFinal(outcome.tx, outcome.kind === 'confirmed');
        return;
      }
      case 'expired': {
        const replanned = await replan(outcome.tx);
        if (replanned) queue.unshift(replanned);
        return;
      }
      case 'refused':
        // The chain contradicted the ledger (a landing after expiry would be a double payment):
        // never act on it silently.
        deps.logger.error({ err: outcome.error, operationId }, 'the ledger refused a chain answer');
        await context.log('error', outcome.error.message);
        return;
      case 'unsigned':
      case 'stepLimit':
        queue.push(id);
        return;
    }
  };

  const lanesRunner = createLanes({
    lanes,
    queue,
    run,
    skip: (id) => {
      const entry = entries.get(id);
      if (!entry) return true;
      // After Cancel nothing new is paid, but money already at a middleman is forwarded.
      return cadence.cancelled() && entry.tx.state === 'planned' && legOf(entry.tx) !== 'secondHop';
    },
    settle: () => cadence.settle(),
    onRetry: laneRetryLog(deps.logger, context, operationId),
    clock,
    signal: context.signal,
  });

  /**
   * Reads the tables the v0 transfers load from. A transfer whose table is missing or lacks one of
   * its recipients (a setup step failed) is cut into legacy transactions instead, unsigned: the
   * same payments, never a second time, only more transactions.
   */
  const prepareTransfers = async () => {
    const refs = new Map<string, TableRef>();
    for (const spec of build.transactions)
      if (spec.table) refs.set(tableKey(spec.table), spec.table);
    if (refs.size === 0) return;
    await rows.done();
    const loadedTables = await transferTables({
      pool,
      tx: bound,
      operationId,
      master: build.master,
      refs: [...refs.values()],
      clock,
      signal: context.signal,
    });
    signer.useTables(loadedTables);
    for (const entry of [...entries.values()]) {
      if (entry.setupStep !== null || entry.tx.state !== 'planned') continue;
      const { items, first, spec, asPlanned } = specOf(entry.tx);
      if (!asPlanned || !spec.table) continue;
      const table = loadedTables.get(tableKey(spec.table));
      const held = new Set<string>(table?.addresses ?? []);
      if (table && items.every((item) => held.has(item.to))) continue;
      const replacements = legacyCuts((spec.feePayer ?? first.from) as Address, items).map(
        (itemIds) => plannedTransaction(randomUUID(), operationId, itemIds),
      );
      await bound((tx) =>
        replacePlannedTransaction(tx, { tenantId, planned: entry.tx, replacements, now: now() }),
      );
      entries.delete(entry.tx.id);
      for (const replacement of replacements) {
        entries.set(replacement.id, { tx: replacement, wire: null, setupStep: null });
      }
      await context.log(
        'warn',
        `A lookup table this transaction loads from is not there; its ${items.length} payment(s) go in ${replacements.length} legacy transaction(s)`,
      );
    }
  };

  // Phase 1: the lookup tables' creates and extensions
  if (setupSteps.length > 0) {
    await lanesRunner.drain(await queuePhase((entry) => entry.setupStep !== null));
    // A table whose create landed failed cannot be extended: its steps are dropped unsigned.
    await rows.done();
    for (const id of gates.takeStranded()) {
      const entry = entries.get(id);
      if (!entry || entry.tx.state !== 'planned') continue;
      await bound((tx) =>
        replacePlannedTransaction(tx, {
          tenantId,
          planned: entry.tx,
          replacements: [],
          now: now(),
        }),
      );
      entries.delete(id);
    }
  }
  if (!cadence.cancelled()) await prepareTransfers();

  // Phase 2: the transfers
  await lanesRunner.drain(await queuePhase((entry) => entry.setupStep === null));

  // 7. how it ended: every row written (a cancelled run's unsent ones too), the summary, and the
  //    balances still to read
  await rows.done();
  await Promise.all([writeSummary(true), balances.finish()]);
  await context.progress(processed(), cadence.cancelled() ? 'Cancelled' : 'Done');
  await context.report(report('done'));
}
