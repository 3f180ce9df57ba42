import {
  ASSET_SCAN_JOB_KIND,
  DEEP_SCAN_JOB_KIND,
  FINAL_TRUTH_SCAN_JOB_KIND,
  QUICK_REFRESH_JOB_KIND,
  VERIFY_SCAN_JOB_KIND,
  aggregationToast,
  burnJobReportSchema,
  closeJobReportSchema,
  distributionToast,
  exhaustiveSwitchError,
  formatLamportsAsSol,
  solOperationReportSchema,
  splTransferReportSchema,
  splWithdrawalFinishedToast,
  type JobView,
  type OperationKindName,
  type SolOperationReport,
  type SplTransferReport,
} from '@fleet/core';
import type { ToastMessage } from '../../ui/toast';

/** The job's report as a SOL operation's (spec 2 §4 phases), or null until the job writes one. */
export function readSolReport(job: Pick<JobView, 'report'>): SolOperationReport | null {
  const parsed = solOperationReportSchema.safeParse(job.report);
  return parsed.success ? parsed.data : null;
}

/** The job's report as an SPL transfer's (withdrawal or distribution), or null until written. */
export function readSplReport(job: Pick<JobView, 'report'>): SplTransferReport | null {
  const parsed = splTransferReportSchema.safeParse(job.report);
  return parsed.success ? parsed.data : null;
}

export type SplTransferKind = SplTransferReport['kind'];

const SPL_TRANSFER_KINDS: readonly string[] = splTransferReportSchema.shape.kind.options;

/** The SPL withdrawal and distribution: jobs that follow spec 2 §7's progress route. */
export function isSplTransferKind(kind: string | null | undefined): kind is SplTransferKind {
  return kind !== null && kind !== undefined && SPL_TRANSFER_KINDS.includes(kind);
}

/** Jobs whose progress a host of its own draws from its own progress route or stream. */
const OWN_HOST_KINDS: ReadonlySet<string> = new Set([
  'token.close',
  'token.burn',
  FINAL_TRUTH_SCAN_JOB_KIND,
  QUICK_REFRESH_JOB_KIND,
  DEEP_SCAN_JOB_KIND,
  VERIFY_SCAN_JOB_KIND,
  ASSET_SCAN_JOB_KIND,
]);

/**
 * Whether a job kind is followed by a host of its own instead of the SOL operations' progress
 * host: the SPL transfers, the Final Truth Scan and the sync scans (their progress routes), the
 * GetAssets scan (its job), the closes and the burns (their event streams).
 */
export function hasOwnProgressHost(kind: string | null | undefined): boolean {
  return isSplTransferKind(kind) || (typeof kind === 'string' && OWN_HOST_KINDS.has(kind));
}

/** How an SPL transfer job ended, as its progress route or the job itself says. */
export interface EndedSplTransfer {
  readonly status: JobView['status'];
  /** The job's status message: why it failed, when it did. */
  readonly message: string;
  readonly report: SplTransferReport | null;
}

/**
 * The toast an SPL transfer ends with. A withdrawal: spec 2 §8's 'SPL Token Withdrawal Finished',
 * a warning when the report has errors or the job did not succeed. A distribution, in the words of
 * the SOL one (spec 2 §8): 'SPL distribution finished' with 'X out of Y wallets succeeded' as info
 * (none succeeded), warning (some failed) or success, and 'Distribution failed' when the job failed.
 */
export function splTransferToast(kind: SplTransferKind, ended: EndedSplTransfer): ToastMessage {
  const reason = ended.message || 'The operation did not finish.';
  switch (kind) {
    case 'token.withdraw': {
      if (ended.report === null) {
        return { title: 'SPL Token Withdrawal Finished', description: reason, severity: 'warning' };
      }
      const toast = splWithdrawalFinishedToast({ status: ended.status, report: ended.report });
      return { title: toast.title, description: toast.description, severity: toast.tone };
    }
    case 'token.distribute': {
      if (ended.status === 'failed' || ended.report === null) {
        return { title: 'Distribution failed', description: reason, severity: 'error' };
      }
      const { succeededWallets, totalWallets } = ended.report.totals;
      const someFailed = succeededWallets < totalWallets || ended.status !== 'succeeded';
      return {
        title: 'SPL distribution finished',
        description: `${succeededWallets} out of ${totalWallets} wallets succeeded`,
        severity: succeededWallets === 0 ? 'info' : someFailed ? 'warning' : 'success',
      };
    }
    default:
      return exhaustiveSwitchError(kind);
  }
}

export interface ProgressView {
  readonly percent: number;
  readonly countText: string;
  readonly phase: SolOperationReport['phase'] | 'queued';
  readonly statusText: string;
  /** Close is enabled only when the job is done (spec 2 §4). */
  readonly canClose: boolean;
  /** Cancel is offered while the job runs and no cancel was asked yet. */
  readonly canCancel: boolean;
}

export function progressView(job: JobView): ProgressView {
  const report = readSolReport(job);
  const total = job.totalItems;
  const percent =
    total === 0 ? (job.isDone ? 100 : 0) : Math.floor((job.processedItems / total) * 100);
  const phase = job.isDone
    ? 'done'
    : (report?.phase ?? (job.status === 'queued' ? 'queued' : 'start'));
  const status =
    job.cancelRequested && !job.isDone
      ? 'Cancelling…'
      : job.message !== ''
        ? job.message
        : statusWord(job);
  return {
    percent: Math.min(100, percent),
    countText: `${job.processedItems.toLocaleString('en-US')} / ${total.toLocaleString('en-US')}`,
    phase,
    statusText: report?.endpoint ? `${status} (via ${report.endpoint})` : status,
    canClose: job.isDone,
    canCancel: !job.isDone && !job.cancelRequested,
  };
}

function statusWord(job: JobView): string {
  switch (job.status) {
    case 'queued':
      return 'Waiting to start';
    case 'running':
      return 'Sending';
    case 'succeeded':
      return 'Finished';
    case 'failed':
      return 'Failed';
    case 'cancelled':
      return 'Cancelled';
    default:
      return exhaustiveSwitchError(job.status);
  }
}

/**
 * The toast a finished job ends with (spec 2 §8): distribution 'SOL distribution finished' with
 * 'X out of Y wallets succeeded' as info, warning or success, or 'Distribution failed'; withdrawal
 * 'Aggregated SOL: x/y succeeded', 'No SOL available to withdraw' or 'SOL withdrawal failed'; a
 * close 'Token Accounts Closed' with its counts from the job's report, or 'Close Error'; a burn
 * 'Tokens Burned' with its counts, or 'Burn Error'. Null when there is nothing to toast: a close or
 * burn the operator aborted is only logged.
 */
export function finishedToast(kind: OperationKindName, job: JobView): ToastMessage | null {
  const report = readSolReport(job);
  const failed = job.status === 'failed' || report === null;
  const reason = job.message || 'The operation did not finish.';
  switch (kind) {
    case 'sol.distribute':
    case 'sol.double_distribution': {
      if (failed) return { title: 'Distribution failed', description: reason, severity: 'error' };
      const toast = distributionToast(report);
      return { title: toast.title, description: toast.description, severity: toast.tone };
    }
    case 'sol.aggregate': {
      if (failed) return { title: 'SOL withdrawal failed', description: reason, severity: 'error' };
      if (report.wallets === 0) {
        return { title: 'No SOL available to withdraw', severity: 'warning' };
      }
      return {
        title: aggregationToast(report),
        severity: report.succeeded < report.wallets ? 'warning' : 'success',
      };
    }
    case 'token.close': {
      if (job.status === 'cancelled') return null;
      const close = closeJobReportSchema.safeParse(job.report);
      if (job.status === 'failed' || !close.success) return closeErrorToast(job.message);
      return tokenAccountsClosedToast(close.data.totals);
    }
    case 'token.burn': {
      if (job.status === 'cancelled') return null;
      const burn = burnJobReportSchema.safeParse(job.report);
      if (job.status === 'failed' || !burn.success) return burnErrorToast(job.message);
      return tokensBurnedToast(burn.data.totals);
    }
    case 'token.withdraw':
    case 'token.distribute':
      return splTransferToast(kind, {
        status: job.status,
        message: job.message,
        report: readSplReport(job),
      });
    default:
      return exhaustiveSwitchError(kind);
  }
}

/** What a close's success toast counts: the job report's totals, or the stream's `done`. */
export interface ClosedTotals {
  readonly closedAccounts: number;
  readonly skippedAccounts: number;
  readonly rentLamports: string;
  /** Rent less fees, floored at 0 (spec 2 §9): the net the operator keeps. */
  readonly profitLamports: string;
}

/** Spec 2 §8: amounts in SOL to 6 decimals. */
const sol6 = (lamports: string) => `${formatLamportsAsSol(BigInt(lamports), 6)} SOL`;

/**
 * Spec 2 §8's success toast: 'Token Accounts Closed' with the closed count, the skipped count
 * (has balance), the rent reclaimed and the net, in SOL to 6 decimals.
 */
export function tokenAccountsClosedToast(totals: ClosedTotals): ToastMessage {
  return {
    title: 'Token Accounts Closed',
    description:
      `Closed ${totals.closedAccounts.toLocaleString('en-US')} account(s), ` +
      `skipped ${totals.skippedAccounts.toLocaleString('en-US')} (has balance). ` +
      `Rent reclaimed ${sol6(totals.rentLamports)}, net ${sol6(totals.profitLamports)}.`,
    severity: totals.closedAccounts === 0 ? 'warning' : 'success',
  };
}

/** Spec 2 §8's fallback when the server's error event says nothing. */
export const CLOSE_ERROR_FALLBACK = 'Server reported an error during close operation';

/** The server's reason for a failed close, or the spec's fallback when it gave none. */
export function closeErrorText(message: string): string {
  return message.trim() === '' ? CLOSE_ERROR_FALLBACK : message;
}

/** Spec 2 §8: a close the server reported failing, by a stream error event or the job's end. */
export function closeErrorToast(message: string): ToastMessage {
  return { title: 'Close Error', description: closeErrorText(message), severity: 'error' };
}

/** What a burn's success toast counts: the job report's totals, or the stream's `done`. */
export interface BurnedTotals {
  readonly burnedTokens: number;
  readonly closedAccounts: number;
  /** Planned accounts whose transaction landed failed (a balance grew since the plan). */
  readonly failedAccounts: number;
  readonly rentLamports: string;
  /** Rent less fees, floored at 0 (spec 2 §9). */
  readonly profitLamports: string;
}

/**
 * A burn's success toast. Spec 2 §8 names no title for it; 'Tokens Burned' sits beside the
 * close's 'Token Accounts Closed' with the same figures: burned and closed counts, the rent
 * reclaimed and the net in SOL to 6 decimals, and the accounts left as they were when any failed.
 */
export function tokensBurnedToast(totals: BurnedTotals): ToastMessage {
  const failed =
    totals.failedAccounts > 0
      ? ` ${totals.failedAccounts.toLocaleString('en-US')} account(s) failed and were left as they were.`
      : '';
  return {
    title: 'Tokens Burned',
    description:
      `Burned ${totals.burnedTokens.toLocaleString('en-US')} token balance(s), ` +
      `closed ${totals.closedAccounts.toLocaleString('en-US')} account(s). ` +
      `Rent reclaimed ${sol6(totals.rentLamports)}, net ${sol6(totals.profitLamports)}.${failed}`,
    severity: totals.burnedTokens === 0 || totals.failedAccounts > 0 ? 'warning' : 'success',
  };
}

/** Spec 2 §8's fallback when the server's burn error says nothing. */
export const BURN_ERROR_FALLBACK = 'Server reported an error during burn operation';

/** The server's reason for a failed burn, or the spec's fallback when it gave none. */
export function burnErrorText(message: string): string {
  return message.trim() === '' ? BURN_ERROR_FALLBACK : message;
}

/** Spec 2 §8's 'Burn Error': a burn the server reported failing, by its stream or the job's end. */
export function burnErrorToast(message: string): ToastMessage {
  return { title: 'Burn Error', description: burnErrorText(message), severity: 'error' };
}

/** The bottom bar's line for a running job: its kind in words and its count. */
export function activeJobLabel(
  job: Pick<JobView, 'kind' | 'processedItems' | 'totalItems'>,
): string {
  const words = job.kind
    .replace(/[._-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  const name = words === '' ? 'Job' : words.charAt(0).toUpperCase() + words.slice(1);
  return `${name} ${job.processedItems}/${job.totalItems}`;
}
