import {
  exhaustiveSwitchError,
  type DeepScanProgress,
  type DeepScanReport,
  type DeepScanResult,
  type DeepScanUpdateDetails,
} from '@fleet/core';
import type { ToastMessage } from '../../ui/toast';
import { UpdateTooLargeError } from './deep-scan-update';
import {
  SYNC_SCAN_MESSAGES,
  errorLine,
  plainError,
  pollFailedError,
  runningSyncScanOf,
  startFailedError,
  syncScanError,
  type SyncScanError,
} from './sync-scan-messages';
import { countText, durationText, percentOf, type Figure } from './sync-scan-view';

/** Spec 2 §4's deep scan dialog: exactly these states, in this order. */
export type DeepScanState =
  | { readonly kind: 'fetchConfirm'; readonly error: SyncScanError | null }
  | { readonly kind: 'fetching' }
  | {
      readonly kind: 'scanConfirm';
      readonly wallets: readonly string[];
      /** The id the start names its job by, kept across retries so a start runs once. */
      readonly jobId: string;
      readonly error: SyncScanError | null;
    }
  | {
      readonly kind: 'scanning';
      readonly jobId: string;
      /** The start was refused because a deep scan was running: this is that scan. */
      readonly joined: boolean;
      /** The last progress read; null until the first poll answers. */
      readonly job: DeepScanProgress | null;
      readonly error: SyncScanError | null;
    }
  | {
      readonly kind: 'summary';
      readonly jobId: string;
      readonly job: DeepScanProgress;
      readonly error: SyncScanError | null;
    }
  | {
      readonly kind: 'updateConfirm';
      readonly jobId: string;
      readonly job: DeepScanProgress;
      readonly error: SyncScanError | null;
    }
  | { readonly kind: 'updating'; readonly jobId: string; readonly job: DeepScanProgress }
  | {
      readonly kind: 'finalSummary';
      readonly jobId: string;
      readonly job: DeepScanProgress;
      readonly details: DeepScanUpdateDetails;
    };

export type DeepScanAction =
  | { readonly type: 'fetch' }
  /** `jobId`: a new id (crypto.randomUUID()) for the start this confirmation will send. */
  | { readonly type: 'fetched'; readonly wallets: readonly string[]; readonly jobId: string }
  | { readonly type: 'fetchFailed'; readonly error: unknown }
  | { readonly type: 'started'; readonly jobId: string }
  | { readonly type: 'startFailed'; readonly error: unknown }
  | { readonly type: 'polled'; readonly progress: DeepScanProgress }
  | { readonly type: 'pollFailed'; readonly error: unknown }
  | { readonly type: 'cancelFailed'; readonly error: unknown }
  | { readonly type: 'requestUpdate' }
  | { readonly type: 'backToSummary' }
  | { readonly type: 'update' }
  | { readonly type: 'updated'; readonly details: DeepScanUpdateDetails }
  | { readonly type: 'updateFailed'; readonly error: unknown };

export const INITIAL_DEEP_SCAN: DeepScanState = Object.freeze({
  kind: 'fetchConfirm',
  error: null,
});

/**
 * The dialog reopened on a deep scan kept open (the bottom bar, a reload, the Sync menu): its
 * progress, or its summary once the first poll reads it done.
 */
export function followingDeepScan(jobId: string): DeepScanState {
  return { kind: 'scanning', jobId, joined: false, job: null, error: null };
}

/** The scan the dialog follows, and whether the operator has seen it end; null before a start. */
export function deepScanJobOf(
  state: DeepScanState,
): { readonly jobId: string; readonly ended: boolean } | null {
  switch (state.kind) {
    case 'fetchConfirm':
    case 'fetching':
    case 'scanConfirm':
      return null;
    case 'scanning':
      return { jobId: state.jobId, ended: false };
    case 'summary':
    case 'updateConfirm':
    case 'updating':
    case 'finalSummary':
      return { jobId: state.jobId, ended: true };
    default:
      return exhaustiveSwitchError(state);
  }
}

/**
 * The dialog's transitions. An answer that arrives for a state the dialog has left (a poll after
 * the summary, a second fetch answer) changes nothing.
 */
export function deepScanReducer(state: DeepScanState, action: DeepScanAction): DeepScanState {
  switch (action.type) {
    case 'fetch':
      return state.kind === 'fetchConfirm' ? { kind: 'fetching' } : state;
    case 'fetched':
      if (state.kind !== 'fetching') return state;
      if (action.wallets.length === 0) {
        return { kind: 'fetchConfirm', error: plainError(SYNC_SCAN_MESSAGES.noWallets) };
      }
      return { kind: 'scanConfirm', wallets: action.wallets, jobId: action.jobId, error: null };
    case 'fetchFailed':
      return state.kind === 'fetching'
        ? {
            kind: 'fetchConfirm',
            error: syncScanError(SYNC_SCAN_MESSAGES.fetchWalletAddressesFailed, action.error),
          }
        : state;
    case 'started':
      return state.kind === 'scanConfirm'
        ? { kind: 'scanning', jobId: action.jobId, joined: false, job: null, error: null }
        : state;
    case 'startFailed': {
      if (state.kind !== 'scanConfirm') return state;
      // One deep scan at a time: the running one is followed instead of starting another.
      const running = runningSyncScanOf(action.error);
      return running !== null
        ? { kind: 'scanning', jobId: running, joined: true, job: null, error: null }
        : { ...state, error: startFailedError(action.error) };
    }
    case 'polled': {
      const job = action.progress;
      if (state.kind !== 'scanning' || job.jobId !== state.jobId) return state;
      return job.done
        ? { kind: 'summary', jobId: state.jobId, job, error: null }
        : { ...state, job, error: null };
    }
    case 'pollFailed':
      return state.kind === 'scanning' ? { ...state, error: pollFailedError(action.error) } : state;
    case 'cancelFailed':
      return state.kind === 'scanning'
        ? { ...state, error: syncScanError(SYNC_SCAN_MESSAGES.cancelFailed, action.error) }
        : state;
    case 'requestUpdate':
      if (state.kind !== 'summary') return state;
      return state.job.report.scanResults.length === 0
        ? { ...state, error: plainError(SYNC_SCAN_MESSAGES.noScanSummary) }
        : { kind: 'updateConfirm', jobId: state.jobId, job: state.job, error: null };
    case 'backToSummary':
      return state.kind === 'updateConfirm'
        ? { kind: 'summary', jobId: state.jobId, job: state.job, error: null }
        : state;
    case 'update':
      return state.kind === 'updateConfirm'
        ? { kind: 'updating', jobId: state.jobId, job: state.job }
        : state;
    case 'updated':
      return state.kind === 'updating'
        ? { kind: 'finalSummary', jobId: state.jobId, job: state.job, details: action.details }
        : state;
    case 'updateFailed':
      return state.kind === 'updating'
        ? {
            kind: 'updateConfirm',
            jobId: state.jobId,
            job: state.job,
            error: updateFailedError(action.error),
          }
        : state;
    default:
      return exhaustiveSwitchError(action);
  }
}

function updateFailedError(error: unknown): SyncScanError {
  return error instanceof UpdateTooLargeError
    ? { message: SYNC_SCAN_MESSAGES.updateFailed, detail: error.message }
    : syncScanError(SYNC_SCAN_MESSAGES.updateFailed, error);
}

export function deepScanConfirmText(walletCount: number): string {
  return (
    `Scan ${countText(walletCount)} wallet${walletCount === 1 ? '' : 's'} from the chain, new ` +
    'token accounts included. Nothing is written until you review the results and choose Update.'
  );
}

export interface DeepScanProgressView {
  readonly percent: number;
  readonly countText: string;
  readonly canCancel: boolean;
}

export function deepScanProgressView(job: DeepScanProgress | null): DeepScanProgressView {
  if (job === null) return { percent: 0, countText: '—', canCancel: true };
  return {
    percent: percentOf(job.scannedWallets, job.totalWallets, job.done),
    countText: `${countText(job.scannedWallets)} / ${countText(job.totalWallets)}`,
    canCancel: !job.done && !job.cancelRequested,
  };
}

/** Spec 2 §3's deep scan report: what an update would change, nothing written yet. */
export function deepScanFigures(job: DeepScanProgress): Figure[] {
  const { report } = job;
  return [
    {
      label: 'Wallets scanned',
      value: `${countText(report.walletsScanned)} of ${countText(job.totalWallets)}`,
    },
    { label: 'New token accounts', value: countText(report.tokensAdded) },
    { label: 'Changed token amounts', value: countText(report.tokensUpdated) },
    { label: 'RPC failures', value: countText(report.rpcFailures) },
    { label: 'Duration', value: durationText(report.durationSeconds) },
    { label: 'Aborted', value: report.aborted ? 'Yes' : 'No' },
  ];
}

/** How the scan ended, as the summary says it. */
export type DeepScanOutcome =
  | { readonly kind: 'failed'; readonly error: SyncScanError }
  | { readonly kind: 'aborted' }
  | { readonly kind: 'withErrors'; readonly error: SyncScanError }
  | { readonly kind: 'clean' };

export function deepScanOutcome(job: DeepScanProgress): DeepScanOutcome {
  if (job.status === 'failed') {
    const reason = job.statusMessage.trim();
    return {
      kind: 'failed',
      error: {
        message: SYNC_SCAN_MESSAGES.scanWalletsFailed,
        detail: reason === '' ? null : reason,
      },
    };
  }
  if (job.report.aborted || job.status === 'cancelled') return { kind: 'aborted' };
  if (job.report.rpcFailures > 0) {
    return {
      kind: 'withErrors',
      error: {
        message: SYNC_SCAN_MESSAGES.completedWithErrors,
        detail: `${countText(job.report.rpcFailures)} RPC failure(s): those wallets are skipped by an update.`,
      },
    };
  }
  return { kind: 'clean' };
}

export const DEEP_SCAN_ABORTED =
  'The scan was aborted: its report covers the wallets read before it stopped.';

/**
 * The toast of a deep scan that ended while its dialog was closed. Nothing is written yet: the
 * toast says where its report is, for the review and the Update.
 */
export function deepScanEndedToast(job: DeepScanProgress): ToastMessage {
  const title = 'Deep Scan Finished';
  const review = 'Open Deep Scan from the Sync menu to review it and Update.';
  const scanned = `${countText(job.report.walletsScanned)} of ${countText(job.totalWallets)} wallets scanned`;
  const outcome = deepScanOutcome(job);
  switch (outcome.kind) {
    case 'failed':
      return { title: 'Deep Scan', description: errorLine(outcome.error), severity: 'error' };
    case 'aborted':
      return { title, description: `${DEEP_SCAN_ABORTED} ${review}`, severity: 'warning' };
    case 'withErrors':
      return {
        title,
        description: `${errorLine(outcome.error)} ${review}`,
        severity: 'warning',
      };
    case 'clean':
      return {
        title,
        description:
          `${scanned}: ${countText(job.report.tokensAdded)} new token account(s), ` +
          `${countText(job.report.tokensUpdated)} changed amount(s). ${review}`,
        severity: 'success',
      };
    default:
      return exhaustiveSwitchError(outcome);
  }
}

/** What the update confirmation says it will write. */
export function updateConfirmText(report: DeepScanReport): string {
  const ok = report.scanResults.filter((result) => result.status === 'ok').length;
  const failed = report.scanResults.length - ok;
  const skipped =
    failed > 0 ? ` ${countText(failed)} wallet(s) that could not be read are skipped.` : '';
  const unlisted =
    report.walletsScanned > report.scanResults.length
      ? ` Only the ${countText(report.scanResults.length)} wallets listed in the report are applied.`
      : '';
  return (
    `Write what the scan read for ${countText(ok)} wallet(s): their SOL and token accounts as ` +
    `the chain had them.${skipped}${unlisted} A wallet whose stored numbers are newer than the ` +
    'scan keeps them.'
  );
}

/** Spec 2 §9's scan results table: wallet, status, tokens and error; errors first. */
export interface DeepScanResultRow {
  readonly address: string;
  readonly status: DeepScanResult['status'];
  readonly tokens: string;
  readonly error: string;
}

export function deepScanResultRows(results: readonly DeepScanResult[]): DeepScanResultRow[] {
  const rows = results.map((result) => ({
    address: result.addr,
    status: result.status,
    tokens: result.status === 'error' ? '—' : countText(result.tokensFound),
    error: result.error ?? '',
  }));
  return [
    ...rows.filter((row) => row.status === 'error'),
    ...rows.filter((row) => row.status === 'ok'),
  ];
}

/** The update's details (`deepScanUpdateDetailsSchema`), as the final summary lists them. */
export function updateFigures(details: DeepScanUpdateDetails): Figure[] {
  return [
    { label: 'Wallets updated', value: countText(details.walletsUpdated) },
    { label: 'Token accounts added', value: countText(details.tokensAdded) },
    { label: 'Token accounts updated', value: countText(details.tokensUpdated) },
    { label: 'Wallets skipped', value: countText(details.walletsSkipped) },
    { label: 'Newer numbers kept', value: countText(details.walletsNewerKept) },
  ];
}
