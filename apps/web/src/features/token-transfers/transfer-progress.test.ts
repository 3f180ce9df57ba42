import type { SplTransferProgress } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import { movedMintRows, splProgressView, totalsText } from './transfer-progress';

const MINT = 'Mint111111111111111111111111111111111111111';

function progress(overrides: Partial<SplTransferProgress> = {}): SplTransferProgress {
  return {
    jobId: '0b6b3f0e-4f1a-4d2b-9c55-0d5b8f0b2a11',
    operationId: '1c7c4f1f-5a2b-4e3c-8d66-1e6c9a1c3b22',
    status: 'running',
    statusMessage: '3 of 12 wallets done',
    isDone: false,
    processedItems: 3,
    totalItems: 12,
    logMessages: Array.from({ length: 60 }, (_, index) => `line ${index + 1}`),
    report: {
      operationId: '1c7c4f1f-5a2b-4e3c-8d66-1e6c9a1c3b22',
      kind: 'token.withdraw',
      totals: {
        processedWallets: 3,
        totalWallets: 12,
        succeededWallets: 3,
        failedWallets: 0,
        transfers: 6,
        closes: 0,
        createdAccounts: 2,
        failedTransfers: 0,
        feeLamports: '15450',
        reclaimedRentLamports: '0',
        accountRentLamports: '4113360',
      },
      mints: [{ mint: MINT, amountRaw: '1500000', receivedRaw: '1485000' }],
      errors: [],
      done: false,
    },
    ...overrides,
  };
}

describe('an SPL transfer in its progress dialog', () => {
  it('shows processed/total, the status message and the newest 50 log lines, Cancel on, Close off', () => {
    const view = splProgressView(progress(), false);
    expect(view.percent).toBe(25);
    expect(view.countText).toBe('3 / 12');
    expect(view.statusText).toBe('3 of 12 wallets done');
    expect(view.logLines).toHaveLength(50);
    expect(view.logLines[0]).toBe('line 11');
    expect(view.logLines.at(-1)).toBe('line 60');
    expect(view.canCancel).toBe(true);
    expect(view.canClose).toBe(false);
  });

  it('says it is cancelling once Cancel was asked, and how it ended when it did not succeed', () => {
    const asked = splProgressView(progress(), true);
    expect(asked.statusText).toBe('Cancelling…');
    expect(asked.canCancel).toBe(false);
    const cancelled = splProgressView(
      progress({ isDone: true, status: 'cancelled', statusMessage: '3 of 12 wallets done' }),
      true,
    );
    expect(cancelled.statusText).toBe('Cancelled: 3 of 12 wallets done');
    expect(cancelled.canClose).toBe(true);
    expect(
      splProgressView(progress({ isDone: true, totalItems: 0, processedItems: 0 }), false).percent,
    ).toBe(100);
  });

  it('sums up the running totals, fees and rent to the lamport', () => {
    expect(totalsText(progress().report)).toBe(
      '3/12 wallets · 6 transfers · 2 account(s) created · fees 0.00001545 SOL · rent paid 0.00411336 SOL',
    );
  });

  it('reads what moved per mint at its decimals when known, else in raw units', () => {
    expect(movedMintRows(progress().report, new Map([[MINT, 6]]))).toEqual([
      { mint: MINT, amount: '1.5', received: '1.485' },
    ]);
    expect(movedMintRows(progress().report, new Map())).toEqual([
      { mint: MINT, amount: '1,500,000 raw', received: '1,485,000 raw' },
    ]);
  });
});
