import {
  exhaustiveSwitchError,
  formatLamportsAsSol,
  type BurnTokensEvent,
  type BurnTotals,
} from '@fleet/core';
import { ApiError } from '../../api/api-error';
import { shortenAddress } from '../../format/address';
import type { ToastMessage } from '../../ui/toast';
import { burnErrorText, burnErrorToast, tokensBurnedToast } from '../jobs/job-progress';
import { appendLog, CLOSE_LOG_KEPT, CLOSE_LOG_SHOWN, shownLog } from '../token-closes/close-run';
import { BURN_INITIATE_FAILED } from './burn-plan-view';

/** Spec 2 §9: the burn log keeps the last 400 lines and the dialog shows the last 50, as a close's. */
export const BURN_LOG_KEPT = CLOSE_LOG_KEPT;
export const BURN_LOG_SHOWN = CLOSE_LOG_SHOWN;
export { appendLog, shownLog };

/**
 * How a burn run ended: burned (the `done` event), aborted by the operator (logged only), the
 * server's `error` event, a start the server refused, or the connection lost while the job goes
 * on on the server.
 */
export type BurnOutcome =
  | { readonly kind: 'burned'; readonly totals: BurnTotals }
  | { readonly kind: 'aborted'; readonly totals: BurnTotals }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'start-failed'; readonly message: string }
  | { readonly kind: 'lost'; readonly message: string };

export interface BurnRunState {
  /** idle: not confirmed yet; starting: asked, no `start` yet; running; ended. */
  readonly status: 'idle' | 'starting' | 'running' | 'ended';
  readonly jobId: string | null;
  readonly totalWallets: number;
  readonly processedWallets: number;
  /** Spec 2 §3's burn statistics as running totals. */
  readonly totals: BurnTotals;
  /** The newest `BURN_LOG_KEPT` lines, oldest first. */
  readonly log: readonly string[];
  readonly abortRequested: boolean;
  readonly outcome: BurnOutcome | null;
}

export type BurnRunAction =
  | { readonly type: 'confirmed' }
  | { readonly type: 'attached'; readonly jobId: string; readonly abortRequested: boolean }
  | { readonly type: 'event'; readonly event: BurnTokensEvent }
  | { readonly type: 'abort-requested' }
  | { readonly type: 'abort-failed'; readonly message: string }
  /** The request or its stream failed; `error` is what was thrown. */
  | { readonly type: 'failed'; readonly error: unknown }
  /** The server ended the stream; without a `done` or `error` first, the run is lost. */
  | { readonly type: 'stream-ended' };

const NO_TOTALS: BurnTotals = Object.freeze({
  burnedTokens: 0,
  closedAccounts: 0,
  failedAccounts: 0,
  rentLamports: '0',
  feeLamports: '0',
  profitLamports: '0',
});

export const IDLE_BURN_RUN: BurnRunState = Object.freeze({
  status: 'idle',
  jobId: null,
  totalWallets: 0,
  processedWallets: 0,
  totals: NO_TOTALS,
  log: [],
  abortRequested: false,
  outcome: null,
});

const sol6 = (lamports: string) => `${formatLamportsAsSol(BigInt(lamports), 6)} SOL`;

/**
 * Spec 2 §9: profit is rent less fee, floored at 0 in the statistics. The server sends it so; the
 * floor is kept here too, so the panel never shows a loss as profit whatever it is sent.
 */
export function flooredProfit(totals: Pick<BurnTotals, 'rentLamports' | 'feeLamports'>): string {
  const profit = BigInt(totals.rentLamports) - BigInt(totals.feeLamports);
  return (profit > 0n ? profit : 0n).toString();
}

function totalsText(totals: BurnTotals): string {
  const failed = totals.failedAccounts > 0 ? `, failed ${totals.failedAccounts}` : '';
  return (
    `burned ${totals.burnedTokens}, closed ${totals.closedAccounts}${failed}, ` +
    `rent ${sol6(totals.rentLamports)}, fee ${sol6(totals.feeLamports)}, ` +
    `profit ${sol6(flooredProfit(totals))}`
  );
}

/**
 * Spec 2 §8: 'Burn tokens failed: {status text} - {server error}' for a start the server refused
 * (the status code when the protocol sent no reason phrase); a start that got no answer at all
 * reads 'Failed to initiate burn operation. Please try again.'
 */
export function burnStartFailedText(error: unknown): string {
  if (error instanceof ApiError) {
    const status = error.statusText !== '' ? error.statusText : String(error.status);
    return `Burn tokens failed: ${status} - ${error.serverMessage ?? error.message}`;
  }
  return BURN_INITIATE_FAILED;
}

function ended(state: BurnRunState, outcome: BurnOutcome, line: string): BurnRunState {
  return { ...state, status: 'ended', outcome, log: appendLog(state.log, line) };
}

function onEvent(state: BurnRunState, event: BurnTokensEvent): BurnRunState {
  switch (event.event) {
    case 'start':
      return {
        ...state,
        status: 'running',
        jobId: event.data.jobId,
        totalWallets: event.data.totalWallets,
        log: appendLog(state.log, `Burning the dust of ${event.data.totalWallets} wallet(s)`),
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
            `burned ${data.burnedInThisWallet}, closed ${data.closedInThisWallet}`,
        ),
      };
    }
    case 'error': {
      const message = burnErrorText(event.data.message);
      return ended(state, { kind: 'error', message }, `Error: ${message}`);
    }
    case 'done': {
      const { data } = event;
      // `done` carries no failed count: the last wallet's running totals keep it.
      const totals: BurnTotals = {
        burnedTokens: data.totalBurnedTokens,
        closedAccounts: data.totalClosedAccounts,
        failedAccounts: state.totals.failedAccounts,
        rentLamports: data.totalRentLamports,
        feeLamports: data.totalFeeLamports,
        profitLamports: data.profitLamports,
      };
      const next = {
        ...state,
        totals,
        totalWallets: data.totalWallets,
        processedWallets: state.abortRequested ? state.processedWallets : data.totalWallets,
      };
      return state.abortRequested
        ? ended(next, { kind: 'aborted', totals }, `Aborted: ${totalsText(totals)}`)
        : ended(next, { kind: 'burned', totals }, `Done: ${totalsText(totals)}`);
    }
    default:
      return exhaustiveSwitchError(event);
  }
}

/** The burn run as its events, the operator's abort and the connection tell it. */
export function burnRunReducer(state: BurnRunState, action: BurnRunAction): BurnRunState {
  switch (action.type) {
    case 'confirmed':
      return { ...IDLE_BURN_RUN, status: 'starting', log: ['Starting the burn…'] };
    case 'attached':
      return {
        ...IDLE_BURN_RUN,
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
        log: appendLog(state.log, 'Abort requested: the burn stops before its next transaction'),
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
        const message = burnStartFailedText(action.error);
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

function lost(state: BurnRunState, reason: string): BurnRunState {
  const message = `Connection lost (${reason}). The burn goes on on the server; the bottom bar follows it to its end.`;
  return ended(state, { kind: 'lost', message }, message);
}

/**
 * The toast a run ends with (spec 2 §8): 'Tokens Burned' with its counts, 'Burn Error' for the
 * server's error event, 'Burn Failed' for a refused start; an abort is only logged, and a lost
 * connection leaves the toast to whoever follows the job to its end.
 */
export function burnOutcomeToast(outcome: BurnOutcome): ToastMessage | null {
  switch (outcome.kind) {
    case 'burned':
      return tokensBurnedToast({
        ...outcome.totals,
        profitLamports: flooredProfit(outcome.totals),
      });
    case 'error':
      return burnErrorToast(outcome.message);
    case 'start-failed':
      return { title: 'Burn Failed', description: outcome.message, severity: 'error' };
    case 'aborted':
    case 'lost':
      return null;
    default:
      return exhaustiveSwitchError(outcome);
  }
}

export interface BurnProgressView {
  readonly percent: number;
  readonly countText: string;
  readonly statusText: string;
  /** Spec 2 §3's burn statistics: burned, closed, rent, fee, profit (and failed, when any). */
  readonly figures: readonly { readonly label: string; readonly value: string }[];
  readonly canAbort: boolean;
  /** Close (and forget the job) once the run ended; before that the dialog only hides. */
  readonly canClose: boolean;
}

/** The progress panel: processed/total wallets, the running statistics, what can be pressed. */
export function burnProgressView(state: BurnRunState): BurnProgressView {
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
      { label: 'Burned', value: totals.burnedTokens.toLocaleString('en-US') },
      { label: 'Closed', value: totals.closedAccounts.toLocaleString('en-US') },
      ...(totals.failedAccounts > 0
        ? [{ label: 'Failed', value: totals.failedAccounts.toLocaleString('en-US') }]
        : []),
      { label: 'Rent', value: sol6(totals.rentLamports) },
      { label: 'Fee', value: sol6(totals.feeLamports) },
      { label: 'Profit', value: sol6(flooredProfit(totals)) },
    ],
    canAbort: state.status === 'running' && state.jobId !== null && !state.abortRequested,
    canClose: state.status === 'ended',
  };
}

function statusText(state: BurnRunState): string {
  const { outcome } = state;
  if (outcome) {
    switch (outcome.kind) {
      case 'burned':
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
  return 'Burning…';
}
