import {
  FINAL_TRUTH_SCAN_DIALOG_LOG_LINES,
  finalTruthScanConflictSchema,
  finalTruthScanFinishedToast,
  type FinalTruthScanProgress,
  type FinalTruthScanResult,
} from '@fleet/core';
import { ApiError } from '../../api/api-error';
import type { ToastMessage } from '../../ui/toast';

/** Spec 2 §8's toasts around the scan's start and its cancel. */
export const SCAN_START_FAILED = 'Failed to Start Scan';
export const ABORT_FAILED = 'Abort Failed';
export const CANCELLATION_REQUESTED: ToastMessage = Object.freeze({
  title: 'Cancellation Requested',
  description: 'Scan will stop shortly.',
  severity: 'info',
});

/** What the confirmation says of the scope before anything is sent. */
export function confirmText(count: number): string {
  const scope =
    count === 0
      ? 'every active wallet'
      : `${count.toLocaleString('en-US')} selected wallet${count === 1 ? '' : 's'}`;
  return (
    `Read SOL and every token account of ${scope} from the chain, new token accounts included, ` +
    'and store what it holds. The scan runs in the background; it can be cancelled.'
  );
}

/**
 * Spec 2 §8's 'Failed to Start Scan': the server's error, or 'HTTP {status}' when it sent none;
 * a network failure in its own words.
 */
export function startFailedToast(error: unknown): ToastMessage {
  const description =
    error instanceof ApiError
      ? (error.serverMessage ?? `HTTP ${error.status}`)
      : error instanceof Error && error.message !== ''
        ? error.message
        : 'The scan could not be started.';
  return { title: SCAN_START_FAILED, description, severity: 'error' };
}

/** The scan already running for some of the same wallets, named by a refused start: to join. */
export function runningScanOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  try {
    const body: unknown = JSON.parse(error.bodyText);
    const parsed = finalTruthScanConflictSchema.safeParse(body);
    return parsed.success ? parsed.data.jobId : null;
  } catch {
    return null;
  }
}

/** 'Abort Failed' with the server's reason. */
export function abortFailedToast(error: unknown): ToastMessage {
  const description =
    error instanceof ApiError
      ? (error.serverMessage ?? `HTTP ${error.status}`)
      : 'The cancel request did not reach the server.';
  return { title: ABORT_FAILED, description, severity: 'error' };
}

/** Spec 2 §8: 'Final Truth Scan Finished', a warning with errors, a success otherwise; 7 s. */
export function finishedToast(
  progress: Pick<FinalTruthScanProgress, 'status' | 'report'>,
): ToastMessage {
  const toast = finalTruthScanFinishedToast(progress);
  return {
    title: toast.title,
    description: toast.description,
    severity: toast.tone,
    durationMs: toast.durationMs,
  };
}

const STATUS_WORDS: Readonly<Record<FinalTruthScanProgress['status'], string>> = {
  queued: 'Waiting to start',
  running: 'Scanning',
  succeeded: 'Finished',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export interface FinalTruthScanView {
  readonly percent: number;
  readonly countText: string;
  readonly statusText: string;
  readonly statsText: string;
  /** The newest lines, oldest first, at most `FINAL_TRUTH_SCAN_DIALOG_LOG_LINES`. */
  readonly logLines: readonly string[];
  /** Cancel Scan: while it runs and no cancel was asked. */
  readonly canCancel: boolean;
  readonly isDone: boolean;
}

const count = (n: number) => n.toLocaleString('en-US');

/** The progress dialog's figures (spec 2 §4): running, then done with a report. */
export function finalTruthScanView(progress: FinalTruthScanProgress): FinalTruthScanView {
  const total = progress.totalItems;
  const percent =
    total === 0
      ? progress.isDone
        ? 100
        : 0
      : Math.min(100, Math.floor((progress.processedItems / total) * 100));
  const cancelling = progress.cancelRequested && !progress.isDone;
  const message = progress.statusMessage !== '' ? progress.statusMessage : '';
  const word = STATUS_WORDS[progress.status];
  const statusText = cancelling
    ? 'Cancelling…'
    : progress.isDone && progress.status !== 'succeeded'
      ? message !== '' && message !== word
        ? `${word}: ${message}`
        : word
      : message !== ''
        ? message
        : word;
  const { stats } = progress;
  return {
    percent,
    countText: `${count(progress.processedItems)} / ${count(total)}`,
    statusText,
    statsText:
      `${count(stats.scannedWallets)} scanned · ${count(stats.failedWallets)} failed · ` +
      `${count(stats.tokenAccounts)} token accounts · ${count(stats.nfts)} NFTs`,
    logLines: progress.logMessages.slice(-FINAL_TRUTH_SCAN_DIALOG_LOG_LINES),
    canCancel: !progress.isDone && !progress.cancelRequested,
    isDone: progress.isDone,
  };
}

/** Spec 2 §9's scan results table: wallet, status, tokens and error. */
export interface ScanResultRow {
  readonly address: string;
  readonly status: 'ok' | 'error';
  /** "2 SPL · 1 empty · 1 NFT" */
  readonly tokens: string;
  readonly error: string;
}

export function scanResultRows(results: readonly FinalTruthScanResult[]): ScanResultRow[] {
  return results.map((result) => ({
    address: result.address,
    status: result.status,
    tokens:
      result.status === 'error'
        ? '—'
        : `${count(result.splWithBalance)} SPL · ${count(result.zeroBalanceAccounts)} empty · ` +
          `${count(result.nfts)} NFT${result.nfts === 1 ? '' : 's'}`,
    error: result.error ?? '',
  }));
}

/** The errors first, so a long report shows what needs a look at the top. */
export function orderedResultRows(results: readonly FinalTruthScanResult[]): ScanResultRow[] {
  const rows = scanResultRows(results);
  return [
    ...rows.filter((row) => row.status === 'error'),
    ...rows.filter((row) => row.status === 'ok'),
  ];
}
