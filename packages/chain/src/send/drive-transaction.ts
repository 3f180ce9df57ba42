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
}

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
 * (whatever the record says, since a crash may have hidden a broadcast), the same bytes are
 * rebroadcast every `REBROADCAST_INTERVAL_MS` while the chain has no trace of them, and the
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
  let tx = start;
  let observation: ChainObservation = nothingObserved(clock.now());

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
        const refused = await apply(transition(tx, { type: 'broadcast', at: clock.now() }));
        if (refused !== null) return { kind: 'refused', tx, error: refused };
        await ports.broadcast(tx);
        // Give the bytes a rebroadcast interval from when they actually left (a send may wait
        // for the pool's send budget), then ask the chain again: a send that waited must not be
        // followed by another without a status check in between. The height read before this
        // send decides nothing about what comes after it.
        await clock.sleep(REBROADCAST_INTERVAL_MS, signal);
        observation = nothingObserved(clock.now());
        break;
      }
      case 'wait':
        await clock.sleep(Math.max(0, step.untilMs - clock.now()), signal);
        observation = nothingObserved(clock.now());
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
