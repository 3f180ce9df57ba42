import type { WalletSummary } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import { overviewCards } from './portfolio-cards';

const summary: WalletSummary = {
  wallets: { total: 12, withSol: 3, withAssets: 1, withClosable: 2, poolCreators: 0, traders: 4 },
  totalLamports: '1500000000',
  tokens: { uniqueAssets: 2, assetInstances: 5, instancesWithBalance: 3, totalValueUsd: null },
  closable: { count: 2, rentLamports: '4078560' },
  lastScannedAt: null,
};

const card = (cards: ReturnType<typeof overviewCards>, title: string) =>
  cards.find((entry) => entry.title === title);

describe('portfolio overview cards', () => {
  it('show SOL to 4 decimals in the SOL unit', () => {
    const cards = overviewCards(summary, false, 'sol');
    expect(card(cards, 'Portfolio')?.main).toBe('1.5000 SOL');
    expect(card(cards, 'SOL Holdings')?.main).toBe('1.5000 SOL');
    expect(card(cards, 'Closeable')?.lines[0]).toBe('0.0040 SOL rent');
  });

  it('follow the settings menu to lamports', () => {
    const cards = overviewCards(summary, false, 'lamports');
    expect(card(cards, 'Portfolio')?.main).toBe('1,500,000,000 lamports');
    expect(card(cards, 'SOL Holdings')?.main).toBe('1,500,000,000 lamports');
    expect(card(cards, 'Closeable')?.lines[0]).toBe('4,078,560 lamports rent');
  });

  it('hide every amount of money, in either unit, and keep the counts', () => {
    for (const unit of ['sol', 'lamports'] as const) {
      const cards = overviewCards(summary, true, unit);
      expect(card(cards, 'Portfolio')?.main).toBe('***');
      expect(card(cards, 'SOL Holdings')?.main).toBe('***');
      expect(card(cards, 'Closeable')?.lines[0]).toBe('*** rent');
      expect(JSON.stringify(cards)).not.toMatch(/lamports|1,500|1\.5|4,078|0\.0040/);
      expect(card(cards, 'Wallets')?.main).toBe('12');
    }
  });
});
