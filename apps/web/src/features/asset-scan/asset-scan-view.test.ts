import type { JobView, ScanAssetsResponse } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import {
  ASSET_SCAN_CANCELLED,
  assetScanEndedToast,
  assetScanStateOfJob,
  progressPercent,
  progressText,
  shownTokens,
} from './asset-scan-view';

const result = (tokenCount: number): ScanAssetsResponse => ({
  tokens: Array.from({ length: tokenCount }, (_, i) => ({
    id: `Mint${String(i).padStart(40, '0')}`,
    name: i === 0 ? 'First' : null,
    symbol: i === 1 ? 'SYM' : null,
    logoUrl: null,
    type: i === 2 ? 'cnft' : 'spl',
    decimals: i === 2 ? 0 : 6,
    balance_str: '1234567',
    holders: 3,
  })),
  holdersByMint: {},
  stats: {
    walletsScanned: 10,
    walletsFailed: 2,
    walletsTruncated: 0,
    assets: 130,
    fungible: 120,
    nfts: 4,
    compressedNfts: 6,
    classesStored: 124,
    rpcCalls: 10,
    durationMs: 2500,
  },
  errors: [],
  logMessages: [],
});

describe('the GetAssets dialog view', () => {
  it('shows the first 120 tokens and counts the rest', () => {
    const { rows, hiddenCount } = shownTokens(result(130));
    expect(rows).toHaveLength(120);
    expect(hiddenCount).toBe(10);
    expect(rows[0]).toMatchObject({ label: 'First', type: 'SPL', balance: '1.234567' });
    expect(rows[1]?.label).toBe('SYM');
    expect(rows[2]).toMatchObject({ label: 'Mint…0002', type: 'cNFT', balance: '1,234,567' });
  });

  it('says where the scan is and what it found', () => {
    expect(progressText({ kind: 'running', processed: 0, total: null })).toBe('Starting the scan…');
    expect(progressText({ kind: 'running', processed: 50, total: 200 })).toBe(
      'Scanned 50 of 200 wallet(s)',
    );
    expect(progressPercent({ kind: 'running', processed: 50, total: 200 })).toBe(25);
    expect(progressText({ kind: 'complete', result: result(3) })).toBe(
      'Scanned 10 wallet(s), 2 failed: 120 token(s), 4 NFT(s), 6 compressed NFT(s) in 2.5 s',
    );
  });
});

describe('a GetAssets scan followed through its job', () => {
  const job = (overrides: Partial<JobView>): JobView => ({
    id: '6f1c4f8e-3d1f-4e7a-9a0b-2f1d3c4b5a69',
    kind: 'scan.getassets',
    status: 'running',
    processedItems: 3,
    totalItems: 10,
    message: '',
    isDone: false,
    cancelRequested: false,
    report: null,
    createdAt: '2026-12-03T12:00:00.000Z',
    updatedAt: '2026-12-03T12:00:01.000Z',
    finishedAt: null,
    logs: [],
    ...overrides,
  });

  it('runs with its progress, and waits without a total while queued', () => {
    expect(assetScanStateOfJob(job({}))).toEqual({ kind: 'running', processed: 3, total: 10 });
    expect(assetScanStateOfJob(job({ status: 'queued', processedItems: 0 }))).toEqual({
      kind: 'running',
      processed: 0,
      total: null,
    });
  });

  it('completes with its report, and says why when it failed, was cancelled or left none', () => {
    const report = result(2);
    const done = { isDone: true, finishedAt: '2026-12-03T12:00:09.000Z' };
    expect(assetScanStateOfJob(job({ ...done, status: 'succeeded', report }))).toEqual({
      kind: 'complete',
      result: report,
    });
    expect(assetScanStateOfJob(job({ ...done, status: 'cancelled', report }))).toEqual({
      kind: 'error',
      message: ASSET_SCAN_CANCELLED,
    });
    expect(assetScanStateOfJob(job({ ...done, status: 'failed', message: 'RPC down' }))).toEqual({
      kind: 'error',
      message: 'RPC down',
    });
    expect(assetScanStateOfJob(job({ ...done, status: 'succeeded', report: {} }))).toEqual({
      kind: 'error',
      message: 'The scan failed.',
    });
  });

  it('ends out of sight with a toast of what it found, a warning when wallets failed', () => {
    expect(assetScanEndedToast({ kind: 'running', processed: 1, total: 2 })).toBeNull();
    expect(assetScanEndedToast({ kind: 'complete', result: result(3) })).toEqual({
      title: 'GetAssets Scan finished',
      description:
        'Scanned 10 wallet(s), 2 failed: 120 token(s), 4 NFT(s), 6 compressed NFT(s) in 2.5 s',
      severity: 'warning',
    });
    expect(assetScanEndedToast({ kind: 'error', message: ASSET_SCAN_CANCELLED })).toEqual({
      title: 'GetAssets Scan',
      description: ASSET_SCAN_CANCELLED,
      severity: 'error',
    });
  });
});
