import type { CloseForecastView, WalletSummary } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import { overviewCards } from './portfolio-cards';
import {
  blockersLine,
  closeableForecastLines,
  closeableWalletRows,
  forecastAmount,
} from './portfolio-closeable';

const NONE = { 'has balance': 0, frozen: 0, 'withheld transfer fees': 0 };
const A = 'AAAAwa11et111111111111111111111111111111111';
const B = 'BBBBwa11et111111111111111111111111111111111';
const C = 'CCCCwa11et111111111111111111111111111111111';

const forecast: CloseForecastView = {
  wallets: [
    {
      wallet: A,
      walletId: null,
      closableAccounts: 1,
      rentLamports: '2039280',
      feeLamports: '2500',
      netLamports: '2036780',
      blockers: NONE,
    },
    {
      wallet: B,
      walletId: null,
      closableAccounts: 3,
      rentLamports: '6152640',
      feeLamports: '7500',
      netLamports: '6145140',
      blockers: { ...NONE, frozen: 1 },
    },
    {
      wallet: C,
      walletId: null,
      closableAccounts: 0,
      rentLamports: '0',
      feeLamports: '0',
      netLamports: '0',
      blockers: NONE,
    },
  ],
  totalWallets: 3,
  closableAccounts: 4,
  rentLamports: '8191920',
  feeLamports: '10000',
  netLamports: '8181920',
  blockers: { ...NONE, frozen: 1, 'withheld transfer fees': 2 },
  transactions: 1,
};

const shown = (text: string) => text;
const hidden = () => '***';

describe('the Closeable card from the rent forecast', () => {
  it('shows rent, fees at Fleet’s packing and net to 6 decimals, the wallets and the blockers named with counts', () => {
    expect(closeableForecastLines(forecast, 'sol', shown)).toEqual([
      '0.008191 SOL rent',
      '0.000010 SOL fees · 0.008181 SOL net',
      'in 2 wallets',
      'Blocked: 1 frozen · 2 withheld transfer fees',
    ]);
    expect(closeableForecastLines(forecast, 'lamports', shown).slice(0, 2)).toEqual([
      '8,191,920 lamports rent',
      '10,000 lamports fees · 8,181,920 lamports net',
    ]);
  });

  it('hides the amounts with balances hidden and keeps the counts', () => {
    expect(closeableForecastLines(forecast, 'sol', hidden)).toEqual([
      '*** rent',
      '*** fees · *** net',
      'in 2 wallets',
      'Blocked: 1 frozen · 2 withheld transfer fees',
    ]);
  });

  it('says no blockers when nothing is held back, and a negative net as such', () => {
    expect(blockersLine(NONE)).toBe('No blockers');
    expect(forecastAmount('-2500', 'sol')).toBe('-0.000002 SOL');
  });

  it('takes the card’s count from the forecast once it is here, from the list before', () => {
    const summary: WalletSummary = {
      wallets: {
        total: 3,
        withSol: 0,
        withAssets: 0,
        withClosable: 2,
        poolCreators: 0,
        traders: 0,
      },
      totalLamports: '0',
      tokens: { uniqueAssets: 1, assetInstances: 4, instancesWithBalance: 0, totalValueUsd: null },
      closable: { count: 5, rentLamports: '10196400' },
      lastScannedAt: null,
    };
    const display = { hideBalances: false, unit: 'sol' } as const;
    const closeable = (state: Parameters<typeof overviewCards>[3]) =>
      overviewCards(summary, { status: 'waiting' }, display, state).find(
        (card) => card.title === 'Closeable',
      );
    expect(closeable({ status: 'waiting' })?.main).toBe('5 accounts');
    expect(closeable({ status: 'ready', forecast })?.main).toBe('4 accounts');
    expect(closeable({ status: 'ready', forecast })?.lines).toContain(
      '0.000010 SOL fees · 0.008181 SOL net',
    );
    expect(closeable({ status: 'failed', reason: 'HTTP 500' })?.note).toBe(
      'The rent forecast could not be read: HTTP 500',
    );
  });
});

describe('the Closeable card per wallet', () => {
  it('lists wallets with something to close or held back, the most first', () => {
    const rows = closeableWalletRows(forecast, 'sol', shown);
    expect(rows.map((row) => [row.wallet, row.closable, row.net, row.blockers])).toEqual([
      [B, 3, '0.006145 SOL', 'Blocked: 1 frozen'],
      [A, 1, '0.002036 SOL', 'No blockers'],
    ]);
  });
});
