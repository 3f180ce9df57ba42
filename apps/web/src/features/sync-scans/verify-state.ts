import {
  exhaustiveSwitchError,
  formatSolExact,
  parseLamports,
  verifyReportSchema,
  type JobView,
  type SyncVerifyResponse,
  type VerifyMismatch,
  type VerifyReport,
} from '@fleet/core';
import {
  SYNC_SCAN_MESSAGES,
  isGoneJob,
  plainError,
  pollFailedError,
  runningSyncScanOf,
  syncScanError,
  type SyncScanError,
} from './sync-scan-messages';
import { countText, durationText, type Figure } from './sync-scan-view';

/** Spec 2 §4's verify dialog: exactly these states, in this order. */
export type VerifyState =
  | { readonly kind: 'fetchConfirm'; readonly error: SyncScanError | null }
  | { readonly kind: 'fetching' }
  | {
      readonly kind: 'verifyConfirm';
      readonly walletCount: number;
      readonly error: SyncScanError | null;
    }
  | {
      readonly kind: 'verifying';
      /** Null until known: a verify reopened from the bottom bar, before its job is read. */
      readonly walletCount: number | null;
      /** Epoch milliseconds when the verify started, for the elapsed-seconds counter. */
      readonly startedAt: number;
      /**
       * The running verify this dialog follows instead of its own (a second one is refused with
       * 409 and that verify's job), read through the jobs API until it ends; null while the
       * dialog waits for its own verify's answer.
       */
      readonly following: string | null;
      /** The last read of the followed job failed; it is read again. */
      readonly error: SyncScanError | null;
    }
  | { readonly kind: 'summary'; readonly jobId: string; readonly report: VerifyReport };

export type VerifyAction =
  | { readonly type: 'fetch' }
  | { readonly type: 'fetched'; readonly wallets: readonly string[] }
  | { readonly type: 'fetchFailed'; readonly error: unknown }
  | { readonly type: 'verify'; readonly now: number }
  | { readonly type: 'verified'; readonly response: SyncVerifyResponse }
  | { readonly type: 'verifyFailed'; readonly error: unknown }
  /** A read of the followed verify's job (`GET /api/jobs/:id`). */
  | { readonly type: 'followed'; readonly job: JobView }
  | { readonly type: 'followFailed'; readonly error: unknown };

export const INITIAL_VERIFY: VerifyState = Object.freeze({ kind: 'fetchConfirm', error: null });

/** The dialog opened on a running verify (the bottom bar, a reload): its job, followed. */
export function followingVerify(jobId: string, now: number): VerifyState {
  return { kind: 'verifying', walletCount: null, startedAt: now, following: jobId, error: null };
}

/** The verify job the dialog follows or shows the report of; null for its own, still waited for. */
export function verifyJobOf(state: VerifyState): string | null {
  switch (state.kind) {
    case 'fetchConfirm':
    case 'fetching':
    case 'verifyConfirm':
      return null;
    case 'verifying':
      return state.following;
    case 'summary':
      return state.jobId;
    default:
      return exhaustiveSwitchError(state);
  }
}

/**
 * The dialog's transitions. An answer that arrives for a state the dialog has left changes
 * nothing.
 */
export function verifyReducer(state: VerifyState, action: VerifyAction): VerifyState {
  switch (action.type) {
    case 'fetch':
      return state.kind === 'fetchConfirm' ? { kind: 'fetching' } : state;
    case 'fetched':
      if (state.kind !== 'fetching') return state;
      return action.wallets.length === 0
        ? { kind: 'fetchConfirm', error: plainError(SYNC_SCAN_MESSAGES.noWallets) }
        : { kind: 'verifyConfirm', walletCount: action.wallets.length, error: null };
    case 'fetchFailed':
      return state.kind === 'fetching'
        ? {
            kind: 'fetchConfirm',
            error: syncScanError(SYNC_SCAN_MESSAGES.fetchWalletsFailed, action.error),
          }
        : state;
    case 'verify':
      return state.kind === 'verifyConfirm'
        ? {
            kind: 'verifying',
            walletCount: state.walletCount,
            startedAt: action.now,
            following: null,
            error: null,
          }
        : state;
    case 'verified':
      return state.kind === 'verifying' && state.following === null
        ? { kind: 'summary', jobId: action.response.jobId, report: action.response.report }
        : state;
    case 'verifyFailed': {
      if (state.kind !== 'verifying' || state.following !== null) return state;
      // One verify at a time: the running one is followed to its report instead.
      const running = runningSyncScanOf(action.error);
      return running !== null
        ? { ...state, following: running }
        : failedVerify(state, syncScanError(SYNC_SCAN_MESSAGES.verificationFailed, action.error));
    }
    case 'followed': {
      const { job } = action;
      if (state.kind !== 'verifying' || state.following !== job.id) return state;
      if (!job.isDone) {
        const created = Date.parse(job.createdAt);
        return {
          ...state,
          walletCount: job.totalItems,
          startedAt: Number.isFinite(created) ? created : state.startedAt,
          error: null,
        };
      }
      const report = verifyReportSchema.safeParse(job.report);
      if (job.status === 'failed' || !report.success) {
        const reason = job.message.trim();
        return failedVerify(state, {
          message: SYNC_SCAN_MESSAGES.verificationFailed,
          detail: reason !== '' ? reason : report.success ? null : 'The verify left no report.',
        });
      }
      return { kind: 'summary', jobId: job.id, report: report.data };
    }
    case 'followFailed':
      if (state.kind !== 'verifying' || state.following === null) return state;
      return isGoneJob(action.error)
        ? failedVerify(state, syncScanError(SYNC_SCAN_MESSAGES.verificationFailed, action.error))
        : { ...state, error: pollFailedError(action.error) };
    default:
      return exhaustiveSwitchError(action);
  }
}

/** Back to where the operator can ask again, with why the verify did not report. */
function failedVerify(
  state: Extract<VerifyState, { kind: 'verifying' }>,
  error: SyncScanError,
): VerifyState {
  return state.walletCount === null
    ? { kind: 'fetchConfirm', error }
    : { kind: 'verifyConfirm', walletCount: state.walletCount, error };
}

export function verifyConfirmText(walletCount: number | null): string {
  const wallets =
    walletCount === null
      ? 'the wallets'
      : `${countText(walletCount)} wallet${walletCount === 1 ? '' : 's'}`;
  return (
    `Read ${wallets} from the chain and compare them with the stored balances and token ` +
    'accounts. Nothing is written.'
  );
}

/** Whole seconds since the verify was sent, never negative (a clock set back). */
export function elapsedSeconds(startedAt: number, now: number): number {
  return Math.max(0, Math.floor((now - startedAt) / 1000));
}

export function verifyingText(startedAt: number, now: number): string {
  return `Verifying… ${countText(elapsedSeconds(startedAt, now))} s`;
}

/** Spec 2 §3's verify report, with the comparison's counts. */
export function verifyFigures(report: VerifyReport): Figure[] {
  return [
    { label: 'Wallets scanned', value: countText(report.walletsScanned) },
    { label: 'Tokens found', value: countText(report.tokensFound) },
    { label: 'RPC failures', value: countText(report.rpcFailures) },
    { label: 'Duration', value: durationText(report.durationSeconds) },
    { label: 'Wallets matching', value: countText(report.walletsMatching) },
    { label: 'Wallets differing', value: countText(report.walletsDiffering) },
  ];
}

export type VerifyOutcome =
  | { readonly kind: 'withErrors'; readonly error: SyncScanError }
  | { readonly kind: 'differing'; readonly text: string }
  | { readonly kind: 'matching' };

/** Errors first: a wallet that could not be read is neither matching nor differing. */
export function verifyOutcomes(report: VerifyReport): VerifyOutcome[] {
  const outcomes: VerifyOutcome[] = [];
  if (report.rpcFailures > 0) {
    outcomes.push({
      kind: 'withErrors',
      error: {
        message: SYNC_SCAN_MESSAGES.completedWithErrors,
        detail: `${countText(report.rpcFailures)} RPC failure(s): those wallets were not compared.`,
      },
    });
  }
  if (report.walletsDiffering > 0) {
    outcomes.push({
      kind: 'differing',
      text: `${countText(report.walletsDiffering)} wallet(s) differ from the chain.`,
    });
  } else if (report.rpcFailures === 0) {
    outcomes.push({ kind: 'matching' });
  }
  return outcomes;
}

/** The summary lists this many differing wallets; the counts cover them all. */
export const SHOWN_MISMATCHES = 100;

export interface MismatchRow {
  readonly address: string;
  /** SOL with every significant digit: a one-lamport difference must show. */
  readonly storedSol: string;
  readonly chainSol: string;
  readonly missingAccounts: string;
  readonly goneAccounts: string;
  readonly differentAmounts: string;
}

function solText(lamports: string): string {
  const value = parseLamports(lamports);
  return value === undefined ? lamports : formatSolExact(value);
}

export function mismatchRows(mismatches: readonly VerifyMismatch[]): {
  readonly rows: readonly MismatchRow[];
  readonly hiddenCount: number;
} {
  const rows = mismatches.slice(0, SHOWN_MISMATCHES).map((mismatch) => ({
    address: mismatch.address,
    storedSol: solText(mismatch.storedLamports),
    chainSol: solText(mismatch.chainLamports),
    missingAccounts: countText(mismatch.missingAccounts),
    goneAccounts: countText(mismatch.goneAccounts),
    differentAmounts: countText(mismatch.differentAmounts),
  }));
  return { rows, hiddenCount: Math.max(0, mismatches.length - rows.length) };
}
