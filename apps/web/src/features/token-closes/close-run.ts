import {
  exhaustiveSwitchError,
  formatLamportsAsSol,
  type CloseTokensEvent,
  type CloseTotals,
} from '@fleet/core';
import { ApiError } from '../../api/api-error';
import { shortenAddress } from '../../format/address';
import type { ToastMessage } from '../../ui/toast';
import { closeErrorText, closeErrorToast, tokenAccountsClosedToast } from '../jobs/job-progress';

/** Spec 2 §9: the close log keeps the last 400 lines and the dialog shows the last 50. */
export const CLOSE_LOG_KEPT = 400;
export const CLOSE_LOG_SHOWN = 50;

/**
 * How a close run ended: closed (the `done` event), aborted by the operator (logged only, spec 2
 * §8), the server's `error` event, a start the server refused, or the connection lost while the
 * job goes on on the server.
 */
export type CloseOutcome =
  | { readonly kind: 'closed'; readonly totals: CloseTotals }
  | { readonly kind: 'aborted'; readonly totals: CloseTotals }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'start-failed'; readonly message: string }
  | { readonly kind: 'lost'; readonly message: string };

export interface CloseRunState {
  /** idle: not confirmed yet; starting: asked, no `start` yet; running; ended. */
  readonly status: 'idle' | 'starting' | 'running' | 'ended';
  readonly jobId: string | null;
  readonly totalWallets: number;
  readonly processedWallets: number;
  readonly totals: CloseTotals;
  /** The newest `CLOSE_LOG_KEPT` lines, oldest first. */
  readonly log: readonly string[];
  readonly abortRequested: boolean;
  readonly outcome: CloseOutcome | null;
}

export type CloseRunAction =
  | { readonly type: 'confirmed' }
  | { readonly type: 'attached'; readonly jobId: string; readonly abortRequested: boolean }
  | { readonly type: 'event'; readonly event: CloseTokensEvent }
  | { readonly type: 'abort-requested' }
  | { readonly type: 'abort-failed'; readonly message: string }
  /** The request or its stream failed; `error` is what was thrown. */
  | { readonly type: 'failed'; readonly error: unknown }
  /** The server ended the stream; without a `done` or `error` first, the run is lost. */
  | { readonly type: 'stream-ended' };

const NO_TOTALS: CloseTotals = Object.freeze({
  closedAccounts: 0,
  skippedAccounts: 0,
  rentLamports: '0',
  feeLamports: '0',
  profitLamports: '0',
});

export const IDLE_CLOSE_RUN: CloseRunState = Object.freeze({
  status: 'idle',
  jobId: null,
  totalWallets: 0,
  processedWallets: 0,
  totals: NO_TOTALS,
  log: [],
  abortRequested: false,
  outcome: null,
});

/** Appends a line, keeping only the newest `CLOSE_LOG_KEPT`. */
export function appendLog(log: readonly string[], line: string): readonly string[] {
  const next = [...log, line];
  return next.length > CLOSE_LOG_KEPT ? next.slice(next.length - CLOSE_LOG_KEPT) : next;
}

/** The lines the dialog draws: the newest `CLOSE_LOG_SHOWN`. */
export function shownLog(log: readonly string[]): readonly string[] {
  return log.slice(-CLOSE_LOG_SHOWN);
}

const sol6 = (lamports: string) => `${formatLamportsAsSol(BigInt(lamports), 6)} SOL`;

function totalsText(totals: CloseTotals): string {
  return (
    `closed ${totals.closedAccounts}, skipped ${totals.skippedAccounts}, ` +
    `rent ${sol6(totals.rentLamports)}, fee ${sol6(totals.feeLamports)}, ` +
    `profit ${sol6(totals.profitLamports)}`
  );
}

/**
 * Spec 2 §8: 'Close tokens failed: {status} {statusText} – {server error}' for a start the server
 * refused; a start that got no answer at all says why.
 */
export function closeStartFailedText(error: unknown): string {
  if (error instanceof ApiError) {
    const status = [String(error.status), error.statusText].filter((part) => part !== '');
    return `Close tokens failed: ${status.join(' ')} – ${error.serverMessage ?? error.message}`;
  }
  const reason = error instanceof Error && error.message !== '' ? error.message : 'no answer';
  return `Close tokens failed: ${reason}`;
}

function ended(state: CloseRunState, outcome: CloseOutcome, line: string): CloseRunState {
  return { ...state, status: 'ended', outcome, log: appendLog(state.log, line) };
}

function onEvent(state: CloseRunState, event: CloseTokensEvent): CloseRunState {
  switch (event.event) {
    case 'start':
      return {
        ...state,
        status: 'running',
        jobId: event.data.jobId,
        totalWallets: event.data.totalWallets,
        log: appendLog(
          state.log,
          `Closing the empty token accounts of ${event.data.totalWallets} wallet(s)`,
        ),
      };
    case 'wallet': {
      const { data } = event;
      return {
        ...state,
        status: 'running',
        processedWallets: data.processedWallets,
        totalWallets: data.totalWallets,
        totals: data.totals,
        log: appendLog(
          state.log,
          `${data.processedWallets}/${data.totalWallets} ${shortenAddress(data.wallet)}: ` +
            `closed ${data.closedInThisWallet}, skipped ${data.skippedInThisWallet}`,
        ),
      };
    }
    case 'error': {
      const message = closeErrorText(event.data.message);
      return ended(state, { kind: 'error', message }, `Error: ${message}`);
    }
    case 'done': {
      const { data } = event;
      const totals: CloseTotals = {
        closedAccounts: data.totalClosedAccounts,
        skippedAccounts: data.totalSkippedAccounts,
        rentLamports: data.totalRentLamports,
        feeLamports: data.totalFeeLamports,
        profitLamports: data.profitLamports,
      };
      const next = { ...state, totals, totalWallets: data.totalWallets };
      return state.abortRequested
        ? ended(next, { kind: 'aborted', totals }, `Aborted: ${totalsText(totals)}`)
        : ended(next, { kind: 'closed', totals }, `Done: ${totalsText(totals)}`);
    }
    default:
      return exhaustiveSwitchError(event);
  }
}

/** The close run as its events, the operator's abort and the connection tell it. */
export function closeRunReducer(state: CloseRunState, action: CloseRunAction): CloseRunState {
  switch (action.type) {
    case 'confirmed':
      return { ...IDLE_CLOSE_RUN, status: 'starting', log: ['Starting the close…'] };
    case 'attached':
      return {
        ...IDLE_CLOSE_RUN,
        status: 'running',
        jobId: action.jobId,
        abortRequested: action.abortRequested,
      };
    case 'event':
      return state.status === 'ended' ? state : onEvent(state, action.event);
    case 'abort-requested':
      return {
        ...state,
        abortRequested: true,
        log: appendLog(state.log, 'Abort requested: the close stops before its next transaction'),
      };
    case 'abort-failed':
      return {
        ...state,
        abortRequested: false,
        log: appendLog(state.log, `Abort failed: ${action.message}`),
      };
    case 'failed': {
      if (state.status === 'ended') return state;
      if (state.status === 'starting') {
        const message = closeStartFailedText(action.error);
        return ended(state, { kind: 'start-failed', message }, message);
      }
      const reason = action.error instanceof Error ? action.error.message : 'the stream broke off';
      return lost(state, reason);
    }
    case 'stream-ended':
      return state.status === 'ended' ? state : lost(state, 'the server ended the stream early');
    default:
      return exhaustiveSwitchError(action);
  }
}

function lost(state: CloseRunState, reason: string): CloseRunState {
  const message = `Connection lost (${reason}). The close goes on on the server; the bottom bar follows it to its end.`;
  return ended(state, { kind: 'lost', message }, message);
}

/**
 * The toast a run ends with (spec 2 §8): 'Token Accounts Closed' with its counts, 'Close Error'
 * for the server's error event, 'Close Failed' for a refused start; an abort is only logged, and
 * a lost connection leaves the toast to whoever follows the job to its end.
 */
export function closeOutcomeToast(outcome: CloseOutcome): ToastMessage | null {
  switch (outcome.kind) {
    case 'closed':
      return tokenAccountsClosedToast(outcome.totals);
    case 'error':
      return closeErrorToast(outcome.message);
    case 'start-failed':
      return { title: 'Close Failed', description: outcome.message, severity: 'error' };
    case 'aborted':
    case 'lost':
      return null;
    default:
      return exhaustiveSwitchError(outcome);
  }
}

export interface CloseProgressView {
  readonly percent: number;
  readonly countText: string;
  readonly statusText: string;
  readonly figures: readonly { readonly label: string; readonly value: string }[];
  readonly canAbort: boolean;
  /** Close (and forget the job) once the run ended; before that the dialog only hides. */
  readonly canClose: boolean;
}

/** The progress panel: processed/total wallets, the running totals, what can be pressed. */
export function closeProgressView(state: CloseRunState): CloseProgressView {
  const { totalWallets, processedWallets, totals } = state;
  const percent =
    totalWallets === 0
      ? state.status === 'ended'
        ? 100
        : 0
      : Math.min(100, Math.floor((processedWallets / totalWallets) * 100));
  return {
    percent,
    countText: `${processedWallets.toLocaleString('en-US')} / ${totalWallets.toLocaleString('en-US')} wallets`,
    statusText: statusText(state),
    figures: [
      { label: 'Closed', value: totals.closedAccounts.toLocaleString('en-US') },
      { label: 'Skipped', value: totals.skippedAccounts.toLocaleString('en-US') },
      { label: 'Rent', value: sol6(totals.rentLamports) },
      { label: 'Fee', value: sol6(totals.feeLamports) },
      { label: 'Profit', value: sol6(totals.profitLamports) },
    ],
    canAbort: state.status === 'running' && state.jobId !== null && !state.abortRequested,
    canClose: state.status === 'ended',
  };
}

function statusText(state: CloseRunState): string {
  const { outcome } = state;
  if (outcome) {
    switch (outcome.kind) {
      case 'closed':
        return 'Done';
      case 'aborted':
        return 'Aborted';
      case 'error':
      case 'start-failed':
      case 'lost':
        return outcome.message;
      default:
        return exhaustiveSwitchError(outcome);
    }
  }
  if (state.status === 'starting') return 'Starting…';
  if (state.abortRequested) return 'Aborting…';
  return 'Closing…';
}
