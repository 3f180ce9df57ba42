import type { ScanReport, WalletScanResult } from '@fleet/chain';
import {
  MAX_SYNC_SCAN_RESULTS,
  diffHoldings,
  holdingsMatch,
  type DeepScanReport,
  type DeepScanResult,
  type HoldingsDiff,
  type QuickRefreshReport,
  type VerifyReport,
} from '@fleet/core';
import { GONE_MESSAGE } from '../scans/final-truth-report';
import type { HeldWallet } from './stored-holdings';

/** One batch of a sync scan: the wallets as stored before it, and what the chain said. */
export interface SyncBatch {
  readonly wallets: readonly HeldWallet[];
  /** Wallets archived or removed since the scan began: not read, counted as failures. */
  readonly gone: readonly string[];
  readonly scan: ScanReport;
  /**
   * How the chain was read: a re-scan reads only the known accounts and names those it found
   * gone; a cold scan reads every account, so a stored one it did not find is gone.
   */
  readonly read: 'cold' | 'rescan';
  readonly durationMs: number;
}

/** Each answered wallet of the batch with how its stored numbers differ from the chain's. */
export function batchDiffs(
  batch: Pick<SyncBatch, 'wallets' | 'scan' | 'read'>,
): { wallet: HeldWallet; result: WalletScanResult & { ok: true }; diff: HoldingsDiff }[] {
  const byAddress = new Map(batch.wallets.map((wallet) => [wallet.address, wallet]));
  return batch.scan.results.flatMap((result) => {
    const wallet = byAddress.get(result.owner);
    if (wallet === undefined || !result.ok) return [];
    const diff = diffHoldings(wallet.holdings, {
      lamports: result.value.lamports,
      tokens: result.value.tokens,
      ...(batch.read === 'rescan' ? { droppedAccounts: result.value.droppedTokenAccounts } : {}),
    });
    return [{ wallet, result, diff }];
  });
}

/** Seconds with a tenth's precision: a duration, not an amount. */
function addSeconds(seconds: number, ms: number): number {
  return Math.round((seconds + ms / 1000) * 10) / 10;
}

/** Spec 2 §3's quick refresh report after one more batch. Pure: stored with the checkpoint. */
export function foldQuickRefreshBatch(
  report: QuickRefreshReport,
  batch: SyncBatch,
): QuickRefreshReport {
  const diffs = batchDiffs(batch);
  let tokensProcessed = 0;
  let tokensUpdated = 0;
  let solUpdated = 0;
  for (const { result, diff } of diffs) {
    tokensProcessed += result.value.tokens.length + diff.goneAccounts;
    tokensUpdated += diff.differentAmounts + diff.goneAccounts;
    if (diff.lamportsChanged) solUpdated += 1;
  }
  return {
    ...report,
    walletsScanned: report.walletsScanned + diffs.length,
    tokensProcessed: report.tokensProcessed + tokensProcessed,
    tokensUpdated: report.tokensUpdated + tokensUpdated,
    solUpdated: report.solUpdated + solUpdated,
    rpcFailures: report.rpcFailures + batch.scan.failedAddresses.length + batch.gone.length,
    durationSeconds: addSeconds(report.durationSeconds, batch.durationMs),
  };
}

/** Spec 2 §3's verify report after one more batch, with the wallets that differ listed. */
export function foldVerifyBatch(report: VerifyReport, batch: SyncBatch): VerifyReport {
  const diffs = batchDiffs(batch);
  const mismatches = [...report.mismatches];
  let tokensFound = 0;
  let matching = 0;
  for (const { wallet, result, diff } of diffs) {
    tokensFound += result.value.tokens.length;
    if (holdingsMatch(diff)) {
      matching += 1;
      continue;
    }
    if (mismatches.length < MAX_SYNC_SCAN_RESULTS) {
      mismatches.push({
        address: wallet.address,
        storedLamports: wallet.holdings.lamports?.toString() ?? '0',
        chainLamports: result.value.lamports.toString(),
        missingAccounts: diff.missingAccounts,
        goneAccounts: diff.goneAccounts,
        differentAmounts: diff.differentAmounts,
      });
    }
  }
  return {
    walletsScanned: report.walletsScanned + diffs.length,
    tokensFound: report.tokensFound + tokensFound,
    rpcFailures: report.rpcFailures + batch.scan.failedAddresses.length + batch.gone.length,
    durationSeconds: addSeconds(report.durationSeconds, batch.durationMs),
    walletsMatching: report.walletsMatching + matching,
    walletsDiffering: report.walletsDiffering + diffs.length - matching,
    mismatches,
  };
}

/**
 * Spec 2 §3's deep scan report after one more batch: counts against what is stored (nothing is
 * written until the update), and every wallet's result, listed up to `MAX_SYNC_SCAN_RESULTS`.
 */
export function foldDeepScanBatch(report: DeepScanReport, batch: SyncBatch): DeepScanReport {
  const results: DeepScanResult[] = [];
  let tokensAdded = 0;
  let tokensUpdated = 0;
  for (const { result, diff } of batchDiffs(batch)) {
    tokensAdded += diff.missingAccounts;
    tokensUpdated += diff.differentAmounts;
    results.push({
      addr: result.owner,
      status: 'ok',
      tokensFound: result.value.tokens.length,
      error: null,
    });
  }
  for (const result of batch.scan.results) {
    if (!result.ok) {
      results.push({
        addr: result.owner,
        status: 'error',
        tokensFound: 0,
        error: result.error.message,
      });
    }
  }
  for (const address of batch.gone) {
    results.push({ addr: address, status: 'error', tokensFound: 0, error: GONE_MESSAGE });
  }
  const room = Math.max(0, MAX_SYNC_SCAN_RESULTS - report.scanResults.length);
  return {
    walletsScanned: report.walletsScanned + results.filter((entry) => entry.status === 'ok').length,
    tokensAdded: report.tokensAdded + tokensAdded,
    tokensUpdated: report.tokensUpdated + tokensUpdated,
    rpcFailures: report.rpcFailures + batch.scan.failedAddresses.length + batch.gone.length,
    durationSeconds: addSeconds(report.durationSeconds, batch.durationMs),
    aborted: report.aborted,
    scanResults: [...report.scanResults, ...results.slice(0, room)],
  };
}
