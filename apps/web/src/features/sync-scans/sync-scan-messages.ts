import { syncScanConflictSchema } from '@fleet/core';
import { ApiError, NetworkError } from '../../api/api-error';

/** Spec 2 §8's sync scan messages, word for word. */
export const SYNC_SCAN_MESSAGES = Object.freeze({
  fetchTokensFailed: 'Failed to fetch tokens from database.',
  performFailed: 'Failed to perform scan',
  completedWithErrors: 'Scan completed with errors',
  startFailed: 'Failed to start scan',
  fetchProgressFailed: 'Failed to fetch progress',
  pollingError: 'Error polling progress',
  noWallets: 'No wallet addresses found.',
  fetchWalletAddressesFailed: 'Failed to fetch wallet addresses.',
  scanWalletsFailed: 'Failed to scan wallets.',
  cancelFailed: 'Failed to send cancel request.',
  noScanSummary: 'No scan summary available.',
  updateFailed: 'Failed to update Supabase.',
  fetchWalletsFailed: 'Failed to fetch wallets',
  verificationFailed: 'Verification failed',
});

/**
 * A failure as a dialog shows it: the spec's sentence, and beside it what the server (or the
 * network) said, so the operator sees both the step that failed and why.
 */
export interface SyncScanError {
  readonly message: string;
  readonly detail: string | null;
}

/** What the server said (or why no answer came); null for an answer outside the contract. */
export function serverText(error: unknown): string | null {
  if (error instanceof ApiError) return error.serverMessage ?? `HTTP ${error.status}`;
  if (error instanceof NetworkError) return error.message !== '' ? error.message : null;
  return null;
}

export function syncScanError(message: string, error: unknown): SyncScanError {
  return { message, detail: serverText(error) };
}

/** A failure as one line (a toast's): the spec's sentence, then the reason. */
export function errorLine(error: SyncScanError): string {
  if (error.detail === null) return error.message;
  // Some of spec 2 §8's sentences end without a full stop ('Scan completed with errors').
  const joint = /[.!?:]$/.test(error.message) ? ' ' : '. ';
  return `${error.message}${joint}${error.detail}`;
}

/** A failure of the step itself, with nothing more to say. */
export function plainError(message: string): SyncScanError {
  return { message, detail: null };
}

/**
 * Spec 2 §8 writes two of its messages with the reason inline ('Failed to start scan: …',
 * 'Failed to perform scan: …'); without a reason they end as a sentence.
 */
export function inlineError(message: string, reason: string | null): SyncScanError {
  const text = reason !== null && reason.trim() !== '' ? reason.trim() : null;
  return { message: text === null ? `${message}.` : `${message}: ${text}`, detail: null };
}

export function startFailedError(error: unknown): SyncScanError {
  return inlineError(SYNC_SCAN_MESSAGES.startFailed, serverText(error));
}

/**
 * A poll that failed: the server's refusal is 'Failed to fetch progress'; no answer, or one that
 * is not a progress, is 'Error polling progress'. Polling goes on either way.
 */
export function pollFailedError(error: unknown): SyncScanError {
  return error instanceof ApiError
    ? syncScanError(SYNC_SCAN_MESSAGES.fetchProgressFailed, error)
    : syncScanError(SYNC_SCAN_MESSAGES.pollingError, error);
}

/** A poll refused because the job is not there (another tenant's id, a wiped database). */
export function isGoneJob(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** The running scan of the same kind named by a refused start (409), to follow instead. */
export function runningSyncScanOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  try {
    const parsed = syncScanConflictSchema.safeParse(JSON.parse(error.bodyText));
    return parsed.success ? parsed.data.jobId : null;
  } catch {
    return null;
  }
}
