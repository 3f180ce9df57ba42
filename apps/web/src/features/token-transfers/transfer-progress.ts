import {
  SPL_TRANSFER_DIALOG_LOG_LINES,
  type SplTransferProgress,
  type SplTransferReport,
} from '@fleet/core';
import { feeSol } from '../sol-operations/plan-summary';
import { tokenAmountText } from './token-amount-text';

/**
 * An SPL transfer's progress as its dialog draws it (spec 2 §4, §7): processed/total, the status
 * message, the job's newest 50 log lines, the running totals; Cancel while it runs, Close once done.
 */
export interface SplProgressView {
  readonly percent: number;
  readonly countText: string;
  readonly statusText: string;
  readonly totalsText: string;
  /** The newest lines, oldest first, at most `SPL_TRANSFER_DIALOG_LOG_LINES`. */
  readonly logLines: readonly string[];
  readonly canClose: boolean;
  readonly canCancel: boolean;
}

const count = (n: number) => n.toLocaleString('en-US');

const STATUS_WORDS: Readonly<Record<SplTransferProgress['status'], string>> = {
  queued: 'Waiting to start',
  running: 'Sending',
  succeeded: 'Finished',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export function splProgressView(
  progress: SplTransferProgress,
  cancelAsked: boolean,
): SplProgressView {
  const total = progress.totalItems;
  const percent =
    total === 0
      ? progress.isDone
        ? 100
        : 0
      : Math.min(100, Math.floor((progress.processedItems / total) * 100));
  const status =
    cancelAsked && !progress.isDone
      ? 'Cancelling…'
      : progress.statusMessage !== ''
        ? progress.statusMessage
        : STATUS_WORDS[progress.status];
  return {
    percent,
    countText: `${count(progress.processedItems)} / ${count(total)}`,
    statusText:
      progress.isDone && progress.status !== 'succeeded'
        ? `${STATUS_WORDS[progress.status]}: ${status}`
        : status,
    totalsText: totalsText(progress.report),
    logLines: progress.logMessages.slice(-SPL_TRANSFER_DIALOG_LOG_LINES),
    canClose: progress.isDone,
    canCancel: !progress.isDone && !cancelAsked,
  };
}

/** "3/4 wallets · 7 transfers · 2 closed · 1 account created · 1 failed · fees 0.00002 SOL". */
export function totalsText(report: SplTransferReport): string {
  const { totals } = report;
  const parts = [
    `${count(totals.succeededWallets)}/${count(totals.totalWallets)} wallets`,
    `${count(totals.transfers)} transfers`,
  ];
  if (totals.closes > 0) parts.push(`${count(totals.closes)} closed`);
  if (totals.createdAccounts > 0) parts.push(`${count(totals.createdAccounts)} account(s) created`);
  if (totals.failedTransfers > 0) parts.push(`${count(totals.failedTransfers)} failed`);
  parts.push(`fees ${feeSol(totals.feeLamports)}`);
  if (totals.reclaimedRentLamports !== '0') {
    parts.push(`rent returned ${feeSol(totals.reclaimedRentLamports)}`);
  }
  if (totals.accountRentLamports !== '0') {
    parts.push(`rent paid ${feeSol(totals.accountRentLamports)}`);
  }
  return parts.join(' · ');
}

/**
 * What moved per mint, at the mint's decimals when they are known (the master's holdings), else
 * in raw units said as such.
 */
export function movedMintRows(
  report: SplTransferReport,
  decimalsOf: ReadonlyMap<string, number>,
): readonly { readonly mint: string; readonly amount: string; readonly received: string }[] {
  return report.mints.map((moved) => {
    const decimals = decimalsOf.get(moved.mint);
    const text = (raw: string) =>
      decimals === undefined ? `${tokenAmountText(raw, 0)} raw` : tokenAmountText(raw, decimals);
    return { mint: moved.mint, amount: text(moved.amountRaw), received: text(moved.receivedRaw) };
  });
}

/** Spec 2 §8: the toast when the withdrawal's start is refused. */
export const WITHDRAWAL_START_FAILED = 'Failed to Start Withdrawal';
/** Spec 2 §8, as for SOL: the toast when a distribution cannot start. */
export const DISTRIBUTION_FAILED = 'Distribution failed';
