import {
  QUICK_REFRESH_JOB_KIND,
  VERIFY_SCAN_JOB_KIND,
  emptyQuickRefreshReport,
  emptyVerifyReport,
  quickRefreshReportSchema,
  verifyReportSchema,
  type QuickRefreshReport,
  type VerifyReport,
} from '@fleet/core';
import { writeRefreshedBalances } from '../wallets/repository';
import type { BatchedScanKind } from './batched-scan-job';
import { batchDiffs, foldQuickRefreshBatch, foldVerifyBatch } from './sync-reports';

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
