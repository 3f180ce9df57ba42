import {
  emptyFinalTruthScanReport,
  type FinalTruthScanProgress,
  type FinalTruthScanResult,
} from '@fleet/core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import {
  CANCELLATION_REQUESTED,
  abortFailedToast,
  confirmText,
  finalTruthScanView,
  finishedToast,
  orderedResultRows,
  runningScanOf,
  startFailedToast,
} from './final-truth-scan-view';

const JOB = '11111111-2222-4333-8444-555555555555';

function progressOf(overrides: Partial<FinalTruthScanProgress> = {}): FinalTruthScanProgress {
  const report = emptyFinalTruthScanReport(10);
  return {
    jobId: JOB,
    status: 'running',
    statusMessage: 'Scanning: 4 of 10 wallets done',
    processedItems: 4,
    totalItems: 10,
    logMessages: Array.from({ length: 60 }, (_, index) => `line ${index}`),
    isDone: false,
    cancelRequested: false,
    stats: report.stats,
    report,
    ...overrides,
  };
}

const result = (address: string, overrides: Partial<FinalTruthScanResult> = {}) => ({
  address,
  splWithBalance: 2,
  zeroBalanceAccounts: 1,
  nfts: 1,
  status: 'ok' as const,
  error: null,
  ...overrides,
});

describe('the Final Truth Scan dialog', () => {
  it('shows the running count, the status, the newest 50 log lines and Cancel Scan', () => {
    const view = finalTruthScanView(progressOf());
    expect(view).toMatchObject({
      percent: 40,
      countText: '4 / 10',
      statusText: 'Scanning: 4 of 10 wallets done',
      canCancel: true,
      isDone: false,
    });
    expect(view.logLines).toHaveLength(50);
    expect(view.logLines[0]).toBe('line 10');
  });

  it('says Cancelling… once asked, and how a stopped scan ended', () => {
    expect(finalTruthScanView(progressOf({ cancelRequested: true }))).toMatchObject({
      statusText: 'Cancelling…',
      canCancel: false,
    });
    const cancelled = finalTruthScanView(
      progressOf({ status: 'cancelled', statusMessage: 'Cancelled', isDone: true }),
    );
    expect(cancelled).toMatchObject({ statusText: 'Cancelled', canCancel: false, isDone: true });
    const failed = finalTruthScanView(
      progressOf({ status: 'failed', statusMessage: 'No endpoint answered', isDone: true }),
    );
    expect(failed.statusText).toBe('Failed: No endpoint answered');
    expect(
      finalTruthScanView(progressOf({ totalItems: 0, processedItems: 0, isDone: true })).percent,
    ).toBe(100);
  });

  it('lists the wallets as spec 2 §9 asks (wallet, status, tokens, error), errors first', () => {
    expect(
      orderedResultRows([
        result('A'),
        result('B', { status: 'error', error: 'No endpoint answered', splWithBalance: 0 }),
      ]),
    ).toEqual([
      { address: 'B', status: 'error', tokens: '—', error: 'No endpoint answered' },
      { address: 'A', status: 'ok', tokens: '2 SPL · 1 empty · 1 NFT', error: '' },
    ]);
  });

  it('words the confirmation by scope', () => {
    expect(confirmText(0)).toContain('every active wallet');
    expect(confirmText(1)).toContain('1 selected wallet ');
    expect(confirmText(1200)).toContain('1,200 selected wallets');
  });
});

describe('the Final Truth Scan toasts (spec 2 §8)', () => {
  it('starts with the server’s error, or HTTP {status} when it sent none', () => {
    const refused = new ApiError(
      409,
      JSON.stringify({
        error: 'A final truth scan is already running for these wallets',
        code: 'SCAN__FINAL_TRUTH_RUNNING',
        jobId: JOB,
      }),
    );
    expect(startFailedToast(refused)).toEqual({
      title: 'Failed to Start Scan',
      description: 'A final truth scan is already running for these wallets',
      severity: 'error',
    });
    expect(startFailedToast(new ApiError(502, '<html>bad gateway</html>')).description).toBe(
      'HTTP 502',
    );
    expect(runningScanOf(refused)).toBe(JOB);
    expect(
      runningScanOf(new ApiError(409, '{"error":"x","code":"SCAN__FINAL_TRUTH_FINISHED"}')),
    ).toBeNull();
    expect(runningScanOf(new ApiError(500, 'oops'))).toBeNull();
  });

  it('says Cancellation Requested, or Abort Failed with the reason', () => {
    expect(CANCELLATION_REQUESTED).toEqual({
      title: 'Cancellation Requested',
      description: 'Scan will stop shortly.',
      severity: 'info',
    });
    const finished = new ApiError(
      409,
      JSON.stringify({
        error: 'The scan has already finished (succeeded)',
        code: 'SCAN__FINAL_TRUTH_FINISHED',
      }),
    );
    expect(abortFailedToast(finished)).toEqual({
      title: 'Abort Failed',
      description: 'The scan has already finished (succeeded)',
      severity: 'error',
    });
  });

  it('ends with Final Truth Scan Finished for 7 s: a warning when the report has errors', () => {
    const report = { ...emptyFinalTruthScanReport(2), done: true };
    expect(finishedToast({ status: 'succeeded', report })).toMatchObject({
      title: 'Final Truth Scan Finished',
      severity: 'success',
      durationMs: 7_000,
    });
    const withErrors = { ...report, errors: [{ address: 'A', message: 'failed' }] };
    expect(finishedToast({ status: 'succeeded', report: withErrors }).severity).toBe('warning');
  });
});
