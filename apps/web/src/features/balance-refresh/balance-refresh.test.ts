import { describe, expect, it } from 'vitest';
import { IDLE, progressText, refreshSummaryToast } from './balance-refresh';

describe('the balance refresh words', () => {
  it('show the real count of wallets processed, and no count before there is one', () => {
    expect(progressText(IDLE)).toBe('Refresh');
    expect(progressText({ status: 'running', processed: 0, total: 0, failed: 0 })).toBe(
      'Refreshing…',
    );
    expect(progressText({ status: 'running', processed: 250, total: 1200, failed: 0 })).toBe(
      'Refreshing 250/1,200',
    );
  });

  it('sum up a clean refresh as a success', () => {
    expect(
      refreshSummaryToast({
        totalScanned: 1200,
        durationMs: 2400,
        throughputWalletsPerMin: 30000,
        endpointFailures: {},
        failed: 0,
        rpcCalls: 24,
        scannedAt: '2026-11-25T12:00:00.000Z',
      }),
    ).toEqual({
      title: 'Balances refreshed',
      description: '1,200 wallet(s) scanned in 2.4 s (30,000 wallets/min); no endpoint failures.',
      severity: 'success',
    });
  });

  it('warn when wallets could not be read, naming the failing endpoints', () => {
    const toast = refreshSummaryToast({
      totalScanned: 8,
      durationMs: 100,
      throughputWalletsPerMin: 4800,
      endpointFailures: { 'rpc-1': 3 },
      failed: 2,
      rpcCalls: 4,
      scannedAt: '2026-11-25T12:00:00.000Z',
    });
    expect(toast.severity).toBe('warning');
    expect(toast.description).toBe(
      '8 wallet(s) scanned in 0.1 s (4,800 wallets/min); 2 could not be read and keep their older numbers; endpoint failures: rpc-1 3.',
    );
  });
});
