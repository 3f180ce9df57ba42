import {
  exhaustiveSwitchError,
  type QuickRefreshProgress,
  type QuickRefreshReport,
  type QuickRefreshStart,
  type QuickRefreshTokens,
} from '@fleet/core';
import type { ToastMessage } from '../../ui/toast';
import {
  SYNC_SCAN_MESSAGES,
  errorLine,
  inlineError,
  plainError,
  pollFailedError,
  startFailedError,
  syncScanError,
  type SyncScanError,
} from './sync-scan-messages';
import { countText, durationText, percentOf, type Figure } from './sync-scan-view';

export type QuickRefreshJob = QuickRefreshProgress['progress'];

/** Spec 2 §4's quick refresh dialog: exactly these states, in this order. */
export type QuickRefreshState =
  | { readonly kind: 'fetchConfirm'; readonly error: SyncScanError | null }
  | { readonly kind: 'fetching' }
  | {
      readonly kind: 'scanConfirm';
      readonly tokens: QuickRefreshTokens;
      readonly error: SyncScanError | null;
    }
  | {
      readonly kind: 'progress';
      readonly jobId: string;
      /** The start found a quick refresh already running and follows it. */
      readonly joined: boolean;
      /** The last progress read; null until the first poll answers. */
      readonly job: QuickRefreshJob | null;
      /** The report the start answered, shown until the first poll; null for a reopened scan. */
      readonly startReport: QuickRefreshReport | null;
      readonly error: SyncScanError | null;
    }
  | {
      readonly kind: 'summary';
      readonly jobId: string;
      readonly joined: boolean;
      readonly job: QuickRefreshJob;
    };

export type QuickRefreshAction =
  | { readonly type: 'fetch' }
  | { readonly type: 'fetched'; readonly tokens: QuickRefreshTokens }
  | { readonly type: 'fetchFailed'; readonly error: unknown }
  | { readonly type: 'started'; readonly start: QuickRefreshStart }
  | { readonly type: 'startFailed'; readonly error: unknown }
  | { readonly type: 'polled'; readonly progress: QuickRefreshProgress }
  | { readonly type: 'pollFailed'; readonly error: unknown }
  | { readonly type: 'cancelFailed'; readonly error: unknown };

export const INITIAL_QUICK_REFRESH: QuickRefreshState = Object.freeze({
  kind: 'fetchConfirm',
  error: null,
});

/** The dialog reopened on a quick refresh kept open (the bottom bar, a reload, the Sync menu). */
export function followingQuickRefresh(jobId: string): QuickRefreshState {
  return { kind: 'progress', jobId, joined: false, job: null, startReport: null, error: null };
}

/** The job the dialog follows, and whether the operator has seen it end; null before a start. */
export function quickRefreshJobOf(
  state: QuickRefreshState,
): { readonly jobId: string; readonly ended: boolean } | null {
  switch (state.kind) {
    case 'fetchConfirm':
    case 'fetching':
    case 'scanConfirm':
      return null;
    case 'progress':
      return { jobId: state.jobId, ended: false };
    case 'summary':
      return { jobId: state.jobId, ended: true };
    default:
      return exhaustiveSwitchError(state);
  }
}

/**
 * The dialog's transitions. An answer that arrives for a state the dialog has left (a poll after
 * the summary, a second fetch answer) changes nothing.
 */
export function quickRefreshReducer(
  state: QuickRefreshState,
  action: QuickRefreshAction,
): QuickRefreshState {
  switch (action.type) {
    case 'fetch':
      return state.kind === 'fetchConfirm' ? { kind: 'fetching' } : state;
    case 'fetched':
      if (state.kind !== 'fetching') return state;
      // Nothing to refresh: no active wallet, so no SOL and no token account to read.
      if (action.tokens.walletCount === 0) {
        return { kind: 'fetchConfirm', error: plainError(SYNC_SCAN_MESSAGES.noWallets) };
      }
      return { kind: 'scanConfirm', tokens: action.tokens, error: null };
    case 'fetchFailed':
      return state.kind === 'fetching'
        ? {
            kind: 'fetchConfirm',
            error: syncScanError(SYNC_SCAN_MESSAGES.fetchTokensFailed, action.error),
          }
        : state;
    case 'started':
      return state.kind === 'scanConfirm'
        ? {
            kind: 'progress',
            jobId: action.start.jobId,
            joined: action.start.joined,
            job: null,
            startReport: action.start.report,
            error: null,
          }
        : state;
    case 'startFailed':
      return state.kind === 'scanConfirm'
        ? { ...state, error: startFailedError(action.error) }
        : state;
    case 'polled': {
      const job = action.progress.progress;
      if (state.kind !== 'progress' || job.jobId !== state.jobId) return state;
      return job.done
        ? { kind: 'summary', jobId: state.jobId, joined: state.joined, job }
        : { ...state, job, error: null };
    }
    case 'pollFailed':
      return state.kind === 'progress' ? { ...state, error: pollFailedError(action.error) } : state;
    case 'cancelFailed':
      return state.kind === 'progress'
        ? { ...state, error: syncScanError(SYNC_SCAN_MESSAGES.cancelFailed, action.error) }
        : state;
    default:
      return exhaustiveSwitchError(action);
  }
}

/** What the scan confirmation says it will read. */
export function scanConfirmText(tokens: QuickRefreshTokens): string {
  const wallets = `${countText(tokens.walletCount)} wallet${tokens.walletCount === 1 ? '' : 's'}`;
  const accounts = `${countText(tokens.tokenCount)} known token account${tokens.tokenCount === 1 ? '' : 's'}`;
  return (
    `Re-read the SOL balance of ${wallets} and the amounts of their ${accounts} from the chain, ` +
    'and store what changed. New token accounts are not looked for (the Deep Scan finds them).'
  );
}

export interface QuickRefreshProgressView {
  readonly percent: number;
  readonly countText: string;
  readonly canCancel: boolean;
}

export function quickRefreshProgressView(
  state: Extract<QuickRefreshState, { kind: 'progress' }>,
): QuickRefreshProgressView {
  const job = state.job;
  if (job === null) {
    const start = state.startReport;
    return {
      percent: 0,
      countText:
        start === null
          ? '—'
          : `${countText(start.walletsScanned)} / ${countText(start.totalWallets)}`,
      canCancel: true,
    };
  }
  return {
    percent: percentOf(job.processedWallets, job.totalWallets, job.done),
    countText: `${countText(job.processedWallets)} / ${countText(job.totalWallets)}`,
    canCancel: !job.done && !job.cancelRequested,
  };
}

/** Spec 2 §3's quick refresh report, as the summary lists it. */
export function quickRefreshFigures(report: QuickRefreshReport): Figure[] {
  return [
    {
      label: 'Wallets scanned',
      value: `${countText(report.walletsScanned)} of ${countText(report.totalWallets)}`,
    },
    { label: 'SOL balances updated', value: countText(report.solUpdated) },
    { label: 'Token accounts processed', value: countText(report.tokensProcessed) },
    { label: 'Token accounts updated', value: countText(report.tokensUpdated) },
    { label: 'RPC failures', value: countText(report.rpcFailures) },
    { label: 'Duration', value: durationText(report.durationSeconds) },
  ];
}

/** How the summary's scan ended: a failure, a cancel, errors, or a clean finish. */
export type SummaryOutcome =
  | { readonly kind: 'failed'; readonly error: SyncScanError }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'withErrors'; readonly error: SyncScanError }
  | { readonly kind: 'clean' };

export function quickRefreshOutcome(job: QuickRefreshJob): SummaryOutcome {
  if (job.status === 'failed') {
    return {
      kind: 'failed',
      error: inlineError(SYNC_SCAN_MESSAGES.performFailed, job.statusMessage),
    };
  }
  if (job.status === 'cancelled') return { kind: 'cancelled' };
  if (job.report.rpcFailures > 0) {
    const failures = countText(job.report.rpcFailures);
    return {
      kind: 'withErrors',
      error: {
        message: SYNC_SCAN_MESSAGES.completedWithErrors,
        detail: `${failures} RPC failure(s): those wallets kept their stored numbers.`,
      },
    };
  }
  return { kind: 'clean' };
}

export const QUICK_REFRESH_CANCELLED =
  'The refresh was cancelled; the wallets read before it stopped were stored.';

/** The toast of a quick refresh that ended while its dialog was closed. */
export function quickRefreshEndedToast(job: QuickRefreshJob): ToastMessage {
  const title = 'Quick Refresh Finished';
  const outcome = quickRefreshOutcome(job);
  switch (outcome.kind) {
    case 'failed':
      return { title: 'Quick Refresh', description: outcome.error.message, severity: 'error' };
    case 'cancelled':
      return { title, description: QUICK_REFRESH_CANCELLED, severity: 'warning' };
    case 'withErrors':
      return {
        title,
        description: errorLine(outcome.error),
        severity: 'warning',
      };
    case 'clean': {
      const { report } = job;
      return {
        title,
        description:
          `${countText(report.walletsScanned)} of ${countText(report.totalWallets)} wallets ` +
          `refreshed: ${countText(report.solUpdated)} SOL balance(s) and ` +
          `${countText(report.tokensUpdated)} token account(s) updated.`,
        severity: 'success',
      };
    }
    default:
      return exhaustiveSwitchError(outcome);
  }
}
