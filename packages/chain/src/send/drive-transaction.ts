import {
  applyObservation,
  exhaustiveSwitchError,
  nextStep,
  nothingObserved,
  REBROADCAST_INTERVAL_MS,
  transition,
  type ChainObservation,
  type Clock,
  type FleetError,
  type LedgerTransaction,
  type Result,
  type SignatureStatus,
} from '@fleet/core';

/** The I/O a driver needs; the server passes its chain gateway, its database and its clock. */
export interface DriveTransactionPorts {
  /** The status of one signature with the height read just before it, from one endpoint. */
  readonly observe: (
    signature: string,
  ) => Promise<{ readonly status: SignatureStatus; readonly blockHeight: bigint | null }>;
  /** Hands the stored bytes to the network once; any outcome may have landed. */
  readonly broadcast: (tx: LedgerTransaction) => Promise<unknown>;
  /** Persists the record; called after every transition, before anything it allows is done. */
  readonly record: (tx: LedgerTransaction) => Promise<void>;
  readonly clock: Pick<Clock, 'now' | 'sleep'>;
  /** A bound on the loop (observations, broadcasts and waits together); default 10,000. */
  readonly maxSteps?: number;
  readonly signal?: AbortSignal;
  /**
   * The caller signed `start` in this run and nothing has handed its bytes to anyone: the first
   * status check, which is there to find a broadcast a crash hid, has nothing to find and is
   * skipped. Ignored unless `start` is `signed` with no broadcast recorded.
   */
  readonly neverBroadcast?: boolean;
  /** How long after a send, and then how often, the status is asked; default `STATUS_POLL_MS`. */
  readonly pollMs?: number;
}

/**
 * How often the status is asked while a send may still land: about a slot, so that a landing is
 * seen soon after it happens rather than a whole rebroadcast interval later (each look is one
 * signature of a batched status call, see `createSignatureObserver`).
 */
export const STATUS_POLL_MS = 400;
/**
 * The first look after a send comes sooner: a node that runs the transaction as it accepts it
 * (the localnet, a leader's own RPC) already knows it, and on a public cluster the next look is
 * a poll later anyway.
 */
export const FIRST_LOOK_MS = 200;

/**
 * Where driving stopped. `confirmed`, `failed` and `expired` are the record's state (an expired
 * transaction's items are the caller's to re-plan and re-sign); `unsigned` means it was given a
 * planned transaction, which only the caller may sign; `refused` is the ledger refusing a chain
 * answer (`LEDGER__ILLEGAL_TRANSITION`, `LEDGER__LANDED_AFTER_EXPIRY`); `stepLimit` is the bound.
 */
export type DriveOutcome =
  | {
      readonly kind: 'confirmed' | 'failed' | 'expired' | 'unsigned' | 'stepLimit';
      readonly tx: LedgerTransaction;
    }
  | { readonly kind: 'refused'; readonly tx: LedgerTransaction; readonly error: FleetError };

/**
 * Walks one transaction through core's `nextStep` until it is final: the status is asked first
 * (whatever the record says, since a crash may have hidden a broadcast; `neverBroadcast` aside),
 * then every `pollMs` after a send; the same bytes are rebroadcast every `REBROADCAST_INTERVAL_MS`
 * (counted from when they left) while the chain has no trace of them, and the
 * transaction expires only on a negative status after a height past its last valid one. Each
 * change is recorded before the next action; a broadcast is recorded before it is made.
 * It never signs: a planned or expired transaction goes back to the caller.
 * A port that throws (no endpoint answered the status) ends the drive with its error; the record
 * is as last recorded, and the next drive starts again by asking for the status.
 */
export async function driveTransaction(
  start: LedgerTransaction,
  ports: DriveTransactionPorts,
): Promise<DriveOutcome> {
  const { clock, signal } = ports;
  const maxSteps = ports.maxSteps ?? 10_000;
  const pollMs = ports.pollMs ?? STATUS_POLL_MS;
  let tx = start;
  // Unsent bytes cannot be on chain; with no height, nothing can expire on this either.
  let observation: ChainObservation =
    ports.neverBroadcast === true && start.state === 'signed' && start.broadcasts === 0
      ? { status: { kind: 'notFound' }, blockHeight: null, now: clock.now() }
      : nothingObserved(clock.now());
  // When this driver's last send actually left: the record's broadcast time is taken before the
  // send, which may then wait for the pool's send budget.
  let sentAt: number | null = null;
  /** Sleeps until `until`, at most one poll, then asks the chain again. */
  const waitAndLook = async (until: number): Promise<void> => {
    await clock.sleep(Math.max(0, Math.min(until, clock.now() + pollMs) - clock.now()), signal);
    observation = nothingObserved(clock.now());
  };

  const apply = async (
    changed: Result<LedgerTransaction, FleetError>,
  ): Promise<FleetError | null> => {
    if (!changed.ok) return changed.error;
    // A negative status before the last valid height changes nothing worth a write.
    if (!sameRecord(changed.value, tx)) {
      tx = changed.value;
      await ports.record(tx);
    }
    return null;
  };

  for (let steps = 0; steps < maxSteps; steps++) {
    signal?.throwIfAborted();
    const step = nextStep(tx, { ...observation, now: clock.now() });
    switch (step.kind) {
      case 'sign':
        return { kind: 'unsigned', tx };
      case 'done':
        return { kind: tx.state === 'failed' ? 'failed' : 'confirmed', tx };
      case 'replanItems':
        return { kind: 'expired', tx };
      case 'checkStatus': {
        const answer = await ports.observe(tx.signature ?? '');
        observation = { ...answer, now: clock.now() };
        const refused = await apply(applyObservation(tx, observation));
        if (refused !== null) return { kind: 'refused', tx, error: refused };
        break;
      }
      case 'markConfirmed':
      case 'markFailed':
      case 'markExpired': {
        // Reached only with an observation not yet applied; applying it makes the mark.
        const refused = await apply(applyObservation(tx, observation));
        if (refused !== null) return { kind: 'refused', tx, error: refused };
        break;
      }
      case 'broadcastSameBytes': {
        // The bytes get a rebroadcast interval from when they actually left, not from the
        // record's time: a send that waited for the budget is not followed at once by another.
        const due = sentAt === null ? 0 : sentAt + REBROADCAST_INTERVAL_MS;
        if (clock.now() < due) {
          await waitAndLook(due);
          break;
        }
        const refused = await apply(transition(tx, { type: 'broadcast', at: clock.now() }));
        if (refused !== null) return { kind: 'refused', tx, error: refused };
        await ports.broadcast(tx);
        sentAt = clock.now();
        // Then the chain is asked again before anything else: never two sends without a status
        // check between them. The height read before this send decides nothing after it.
        await waitAndLook(sentAt + Math.min(pollMs, FIRST_LOOK_MS));
        break;
      }
      case 'wait':
        await waitAndLook(step.untilMs);
        break;
      default:
        return exhaustiveSwitchError(step);
    }
  }
  return { kind: 'stepLimit', tx };
}

function sameRecord(a: LedgerTransaction, b: LedgerTransaction): boolean {
  return (Object.keys(a) as (keyof LedgerTransaction)[]).every((key) => a[key] === b[key]);
}
