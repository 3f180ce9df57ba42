import {
  DEEP_SCAN_JOB_KIND,
  QUICK_REFRESH_JOB_KIND,
  VERIFY_SCAN_JOB_KIND,
  deepScanReportSchema,
  emptyDeepScanReport,
  emptyQuickRefreshReport,
  emptyVerifyReport,
  quickRefreshReportSchema,
  verifyReportSchema,
  type DeepScanReport,
  type QuickRefreshReport,
  type VerifyReport,
} from '@fleet/core';
import { writeRefreshedBalances } from '../wallets/repository';
import type { BatchedScanKind } from './batched-scan-job';
import { storeDeepScanReads } from './deep-scan-reads';
import {
  batchDiffs,
  foldDeepScanBatch,
  foldQuickRefreshBatch,
  foldVerifyBatch,
} from './sync-reports';

/**
 * Quick refresh: every wallet's SOL and its known token accounts re-read (getMultipleAccounts, the
 * re-scan's cost) and written through the balance refresh's writer, whose scan-time and slot
 * guards keep numbers read later or from a newer slot.
 */
export const quickRefreshScan: BatchedScanKind<QuickRefreshReport> = {
  kind: QUICK_REFRESH_JOB_KIND,
  title: 'Quick refresh',
  read: 'rescan',
  reportSchema: quickRefreshReportSchema,
  emptyReport: emptyQuickRefreshReport,
  fold: foldQuickRefreshBatch,
  async apply(tx, { tenantId, scannedAt }, batch) {
    const reads = batchDiffs(batch).map(({ wallet, result }) => ({
      walletId: wallet.id,
      lamports: result.value.lamports,
      tokens: result.value.tokens,
      droppedTokenAccounts: result.value.droppedTokenAccounts,
      scannedSlot: result.value.slot,
    }));
    await writeRefreshedBalances(tx, tenantId, reads, scannedAt);
  },
};

/** Verify: a cold scan that writes nothing and reports where the store and the chain differ. */
export const verifyScan: BatchedScanKind<VerifyReport> = {
  kind: VERIFY_SCAN_JOB_KIND,
  title: 'Verify',
  read: 'cold',
  reportSchema: verifyReportSchema,
  emptyReport: () => emptyVerifyReport(),
  fold: foldVerifyBatch,
};

/**
 * Deep scan: a cold scan (new token accounts found too) that writes no balances; what it read is
 * kept per wallet for the operator's Update, which applies it.
 */
export const deepScan: BatchedScanKind<DeepScanReport> = {
  kind: DEEP_SCAN_JOB_KIND,
  title: 'Deep scan',
  read: 'cold',
  reportSchema: deepScanReportSchema,
  emptyReport: () => emptyDeepScanReport(),
  fold: foldDeepScanBatch,
  apply: (tx, context, batch) => storeDeepScanReads(tx, context, batch),
  finish: (report, cancelled) => ({ ...report, aborted: cancelled }),
};
