import { exhaustiveSwitchError, FleetError } from '../errors/fleet-error';
import { err, ok, type Result } from '../errors/result';

/**
 * One transaction of a money operation, as the ledger records it (issue 17, DESIGN "Sending").
 *
 * planned → signed → sent → confirmed | failed | expired. The signed bytes, the signature and the
 * last valid block height are stored with the `signed` row, before the first broadcast, so that a
 * crash at any point leaves a signature the chain can be asked about. A transaction is paid at
 * most once because the only way to re-sign its items is from `expired`, and `expired` is
 * reached only when the chain is past the blockhash's last valid height and has no trace of the
 * signature: from then on those bytes can never land.
 */
export type TransactionState = 'planned' | 'signed' | 'sent' | 'confirmed' | 'failed' | 'expired';

export const TRANSACTION_STATES: readonly TransactionState[] = Object.freeze([
  'planned',
  'signed',
  'sent',
  'confirmed',
  'failed',
  'expired',
]);

export interface LedgerTransaction {
  readonly id: string;
  readonly operationId: string;
  /** The items this transaction pays (a distribution packs several recipients in one). */
  readonly itemIds: readonly string[];
  readonly state: TransactionState;
  /** Set by `signed`, never changed afterwards: the bytes are rebroadcast as they are. */
  readonly signature: string | null;
  readonly lastValidBlockHeight: bigint | null;
  /**
   * The block height read just before the next status check, from the same endpoint, and consumed
   * by that check. Expiry needs a height read *before* the negative status: one read after it
   * could hide a landing in between. And it must not be an older height from another endpoint: a
   * lagging endpoint's "not found" beside a current endpoint's height past the last valid one
   * would expire a transaction that landed where the lagging one has not looked yet.
   */
  readonly blockHeightSeen: bigint | null;
  /** How many times the bytes were handed to an RPC endpoint. */
  readonly broadcasts: number;
  /** When the last broadcast was recorded (ms since the epoch, from the injected clock). */
  readonly lastBroadcastAt: number | null;
  /** The chain's error when the transaction landed and failed; null otherwise. */
  readonly failureReason: string | null;
}

/**
 * What a signature-status call answered. `confirmed` and `failed` at the `confirmed` commitment or
 * stronger; `notFound` is only meaningful with the transaction history searched.
 */
export type SignatureStatus =
  | { readonly kind: 'confirmed' }
  | { readonly kind: 'failed'; readonly reason: string }
  | { readonly kind: 'notFound' };

export type TransactionEvent =
  | { readonly type: 'signed'; readonly signature: string; readonly lastValidBlockHeight: bigint }
  | { readonly type: 'broadcast'; readonly at: number }
  | { readonly type: 'statusSeen'; readonly status: SignatureStatus }
  /** Recorded only with the status read after it, from the same endpoint (`applyObservation`). */
  | { readonly type: 'blockHeightNow'; readonly height: bigint };

export type TransactionEventType = TransactionEvent['type'];

export const TRANSACTION_EVENT_TYPES: readonly TransactionEventType[] = Object.freeze([
  'signed',
  'broadcast',
  'statusSeen',
  'blockHeightNow',
]);

/** A new transaction for items, before anything is signed. */
export function plannedTransaction(
  id: string,
  operationId: string,
  itemIds: readonly string[],
): LedgerTransaction {
  return Object.freeze({
    id,
    operationId,
    itemIds: Object.freeze([...itemIds]),
    state: 'planned',
    signature: null,
    lastValidBlockHeight: null,
    blockHeightSeen: null,
    broadcasts: 0,
    lastBroadcastAt: null,
    failureReason: null,
  });
}

/** Whether the bytes of this transaction could still be included in a block. */
export function mayStillLand(tx: LedgerTransaction): boolean {
  return tx.state === 'signed' || tx.state === 'sent';
}

export function isFinalState(state: TransactionState): boolean {
  return state === 'confirmed' || state === 'failed' || state === 'expired';
}

/** Whether the chain's block height has passed the blockhash's last valid height. */
export function isPastLastValidHeight(tx: LedgerTransaction, height: bigint | null): boolean {
  return tx.lastValidBlockHeight !== null && height !== null && height > tx.lastValidBlockHeight;
}

type Transition = Result<LedgerTransaction, FleetError>;

function illegal(tx: LedgerTransaction, event: TransactionEvent): Transition {
  return err(
    new FleetError('LEDGER__ILLEGAL_TRANSITION', {
      transactionId: tx.id,
      from: tx.state,
      event: event.type === 'statusSeen' ? `statusSeen ${event.status.kind}` : event.type,
    }),
  );
}

function next(tx: LedgerTransaction, changes: Partial<LedgerTransaction>): Transition {
  return ok(Object.freeze({ ...tx, ...changes }));
}

/**
 * The one place a transaction changes. Pure: the caller stores the returned record (with its
 * audit entry, in one database transaction) and only then does what it stands for.
 *
 * A repeated observation of a final state is accepted unchanged (two workers may ask the chain
 * about the same signature); a contradicting one is refused with a coded error, and a landing
 * seen after expiry has its own code because it means a possible double payment.
 */
export function transition(tx: LedgerTransaction, event: TransactionEvent): Transition {
  switch (event.type) {
    case 'signed':
      return tx.state === 'planned'
        ? next(tx, {
            state: 'signed',
            signature: event.signature,
            lastValidBlockHeight: event.lastValidBlockHeight,
          })
        : illegal(tx, event);
    case 'broadcast':
      return mayStillLand(tx)
        ? next(tx, { state: 'sent', broadcasts: tx.broadcasts + 1, lastBroadcastAt: event.at })
        : illegal(tx, event);
    case 'blockHeightNow':
      return mayStillLand(tx) ? next(tx, { blockHeightSeen: event.height }) : illegal(tx, event);
    case 'statusSeen':
      return statusSeen(tx, event, event.status);
    default:
      return exhaustiveSwitchError(event);
  }
}

function statusSeen(
  tx: LedgerTransaction,
  event: TransactionEvent,
  status: SignatureStatus,
): Transition {
  switch (tx.state) {
    case 'planned':
      // Nothing was signed, so there is no signature to have a status.
      return illegal(tx, event);
    case 'signed':
    case 'sent':
      switch (status.kind) {
        case 'confirmed':
          return next(tx, { state: 'confirmed' });
        case 'failed':
          return next(tx, { state: 'failed', failureReason: status.reason });
        case 'notFound':
          // Not found before the last valid height proves nothing: the bytes may still land.
          // Either way the height is used up, so the next check needs a fresh one.
          return isPastLastValidHeight(tx, tx.blockHeightSeen)
            ? next(tx, { state: 'expired' })
            : next(tx, { blockHeightSeen: null });
        default:
          return exhaustiveSwitchError(status);
      }
    case 'confirmed':
      return status.kind === 'confirmed' ? ok(tx) : illegal(tx, event);
    case 'failed':
      return status.kind === 'failed' ? ok(tx) : illegal(tx, event);
    case 'expired':
      if (status.kind === 'notFound') return ok(tx);
      return err(
        new FleetError('LEDGER__LANDED_AFTER_EXPIRY', {
          transactionId: tx.id,
          signature: tx.signature ?? '',
        }),
      );
    default:
      return exhaustiveSwitchError(tx.state);
  }
}

/**
 * What one endpoint answered in this step: its block height, read first, then the signature's
 * status. `status: null` means the signature has not been asked about since this process
 * (re)started. Height and status come from the same endpoint so that they describe one view.
 */
export interface ChainObservation {
  readonly status: SignatureStatus | null;
  readonly blockHeight: bigint | null;
  /**
   * The time of the decision, from the injected clock (ms since the epoch): now, not when the
   * status was read, or a stored answer would keep a worker waiting for ever.
   */
  readonly now: number;
}

/** Asked of the chain before anything else, e.g. right after a crash. */
export function nothingObserved(now: number): ChainObservation {
  return { status: null, blockHeight: null, now };
}

/**
 * The one next action. Besides the six of the issue, three more keep every state covered:
 * `sign` (a planned transaction, which nothing can have sent), `checkStatus` (the reconcile step:
 * a signed or sent transaction is never acted on before the chain is asked about its signature)
 * and `done` (confirmed or failed: nothing more to do for it).
 */
export type NextStep =
  | { readonly kind: 'sign' }
  | { readonly kind: 'checkStatus' }
  | { readonly kind: 'broadcastSameBytes' }
  | { readonly kind: 'wait'; readonly untilMs: number }
  | { readonly kind: 'markConfirmed' }
  | { readonly kind: 'markFailed'; readonly reason: string }
  | { readonly kind: 'markExpired' }
  | { readonly kind: 'replanItems'; readonly itemIds: readonly string[] }
  | { readonly kind: 'done' };

export type NextStepKind = NextStep['kind'];

/**
 * How often unconfirmed bytes are handed to the network again. Solana's retry guide rebroadcasts
 * every couple of seconds while the blockhash is valid; the leader may have dropped the packet.
 */
export const REBROADCAST_INTERVAL_MS = 2_000;

export function nextStep(tx: LedgerTransaction, observation: ChainObservation): NextStep {
  switch (tx.state) {
    case 'planned':
      return { kind: 'sign' };
    case 'signed':
    case 'sent':
      return inFlightStep(tx, observation);
    case 'expired':
      return { kind: 'replanItems', itemIds: tx.itemIds };
    case 'confirmed':
    case 'failed':
      return { kind: 'done' };
    default:
      return exhaustiveSwitchError(tx.state);
  }
}

function inFlightStep(
  tx: LedgerTransaction,
  { status, blockHeight, now }: ChainObservation,
): NextStep {
  // Reconcile first: after a crash the bytes may have been broadcast (and may have landed)
  // without the ledger knowing.
  if (status === null) return { kind: 'checkStatus' };
  switch (status.kind) {
    case 'confirmed':
      return { kind: 'markConfirmed' };
    case 'failed':
      // Landed with an error: final, its fee is spent and its transfers did not happen.
      return { kind: 'markFailed', reason: status.reason };
    case 'notFound': {
      // Only a height read just before this negative check, from the same endpoint, past the
      // last valid height, proves the bytes can never land (see `blockHeightSeen`).
      if (isPastLastValidHeight(tx, blockHeight)) return { kind: 'markExpired' };
      if (tx.state === 'signed' || tx.lastBroadcastAt === null) {
        return { kind: 'broadcastSameBytes' };
      }
      const due = tx.lastBroadcastAt + REBROADCAST_INTERVAL_MS;
      return now >= due ? { kind: 'broadcastSameBytes' } : { kind: 'wait', untilMs: due };
    }
    default:
      return exhaustiveSwitchError(status);
  }
}

/**
 * Applies one endpoint's answer to the record, as the events it stands for: the height first,
 * then the status, so `transition` checks the expiry rule itself rather than trusting the
 * decision. A height without a status is not recorded: alone it decides nothing, and stored it
 * could later be paired with another endpoint's status. Store only what this returns, in one
 * database transaction.
 */
export function applyObservation(
  tx: LedgerTransaction,
  observation: ChainObservation,
): Result<LedgerTransaction, FleetError> {
  if (observation.status === null || tx.state === 'planned') return ok(tx);
  let current: LedgerTransaction = tx;
  if (observation.blockHeight !== null && mayStillLand(current)) {
    const seen = transition(current, { type: 'blockHeightNow', height: observation.blockHeight });
    if (!seen.ok) return seen;
    current = seen.value;
  }
  return transition(current, { type: 'statusSeen', status: observation.status });
}

/**
 * What a resumed worker does, in order: every signed or sent transaction is asked about first
 * (the chain may have it although the ledger never recorded the broadcast), and only then do
 * planned, expired and final ones continue. Nothing is observed yet after a restart, so no
 * in-flight transaction can be marked or rebroadcast before its status is read.
 */
export function resumeSteps(
  transactions: readonly LedgerTransaction[],
  now: number,
): readonly { readonly tx: LedgerTransaction; readonly step: NextStep }[] {
  const steps = transactions.map((tx) => ({ tx, step: nextStep(tx, nothingObserved(now)) }));
  return [
    ...steps.filter(({ tx }) => mayStillLand(tx)),
    ...steps.filter(({ tx }) => !mayStillLand(tx)),
  ];
}
