import type { ScanReport, TokenHolding } from '@fleet/chain';
import {
  MAX_FINAL_TRUTH_SCAN_RESULTS,
  type FinalTruthScanReport,
  type FinalTruthScanResult,
} from '@fleet/core';

/** A wallet's token accounts counted as spec 2 §7's result counts them. */
export function countHoldings(tokens: readonly Pick<TokenHolding, 'amount' | 'decimals'>[]) {
  let splWithBalance = 0;
  let zeroBalanceAccounts = 0;
  let nfts = 0;
  for (const token of tokens) {
    if (token.amount === 0n) zeroBalanceAccounts += 1;
    // An NFT: a whole, indivisible token held once.
    else if (token.decimals === 0 && token.amount === 1n) nfts += 1;
    else splWithBalance += 1;
  }
  return { splWithBalance, zeroBalanceAccounts, nfts };
}

/** One batch's outcome, folded into the running report. */
export interface BatchOutcome {
  readonly scan: ScanReport;
  /** Wallets of the batch archived or removed since the scan began: not scanned, said so. */
  readonly gone: readonly string[];
  readonly durationMs: number;
}

export const GONE_MESSAGE = 'Archived or removed since the scan started: not scanned';

/**
 * The report after one more batch: every wallet's result (listed up to
 * `MAX_FINAL_TRUTH_SCAN_RESULTS`, counted always) and every failure among the errors. Pure: the
 * job stores what this answers with its checkpoint, so a resumed job continues the same report.
 */
export function foldBatch(report: FinalTruthScanReport, batch: BatchOutcome): FinalTruthScanReport {
  const results: FinalTruthScanResult[] = [];
  const errors: { address: string; message: string }[] = [];
  const stats = { ...report.stats };
  for (const result of batch.scan.results) {
    if (result.ok) {
      const counts = countHoldings(result.value.tokens);
      results.push({ address: result.owner, ...counts, status: 'ok', error: null });
      stats.scannedWallets += 1;
      stats.tokenAccounts += result.value.tokens.length;
      stats.splWithBalance += counts.splWithBalance;
      stats.zeroBalanceAccounts += counts.zeroBalanceAccounts;
      stats.nfts += counts.nfts;
    } else {
      const message = result.error.message;
      results.push({
        address: result.owner,
        splWithBalance: 0,
        zeroBalanceAccounts: 0,
        nfts: 0,
        status: 'error',
        error: message,
      });
      errors.push({ address: result.owner, message });
      stats.failedWallets += 1;
    }
  }
  for (const address of batch.gone) {
    results.push({
      address,
      splWithBalance: 0,
      zeroBalanceAccounts: 0,
      nfts: 0,
      status: 'error',
      error: GONE_MESSAGE,
    });
    errors.push({ address, message: GONE_MESSAGE });
    stats.failedWallets += 1;
  }
  stats.batches += 1;
  stats.rpcCalls += batch.scan.stats.rpcCalls;
  stats.durationMs += Math.max(0, Math.round(batch.durationMs));
  const room = Math.max(0, MAX_FINAL_TRUTH_SCAN_RESULTS - report.results.length);
  const errorRoom = Math.max(0, MAX_FINAL_TRUTH_SCAN_RESULTS - report.errors.length);
  return {
    errors: [...report.errors, ...errors.slice(0, errorRoom)],
    results: [...report.results, ...results.slice(0, room)],
    stats,
    done: false,
  };
}
