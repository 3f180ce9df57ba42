import type { WalletSummary } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import { fleetScanAge, overviewCards } from './portfolio-cards';

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

  it('say how old their figures are: as old as the oldest scan, with the wallets never read', () => {
    const now = Date.parse('2026-11-25T12:00:00.000Z');
    const at = (iso: string | null) => ({ lastScannedAt: iso });
    expect(fleetScanAge([], now)).toBeNull();
    expect(fleetScanAge([at(null), at(null)], now)).toBe('Never scanned');
    expect(
      fleetScanAge([at('2026-11-25T11:59:00.000Z'), at('2026-11-25T11:55:00.000Z')], now),
    ).toBe('scanned 5m ago');
    expect(fleetScanAge([at('2026-11-25T11:59:00.000Z'), at(null)], now)).toBe(
      'scanned 1m ago; 1 never',
    );
    const cards = overviewCards(summary, false, 'sol', 'scanned 5m ago');
    expect(card(cards, 'SOL Holdings')?.lines).toContain('scanned 5m ago');
    expect(card(cards, 'Closeable')?.lines).toContain('scanned 5m ago');
    expect(card(cards, 'Wallets')?.lines).not.toContain('scanned 5m ago');
  });

  // Moved from the row view's tests when the wallet list became its own feature.
  it('fills the overview cards in SOL, with USD as a dash, and hides every amount on request', () => {
    const summary: WalletSummary = {
      wallets: {
        total: 3,
        withSol: 2,
        withAssets: 1,
        withClosable: 1,
        poolCreators: 0,
        traders: 1,
      },
      totalLamports: '2500000000',
      tokens: { uniqueAssets: 4, assetInstances: 6, instancesWithBalance: 5, totalValueUsd: null },
      closable: { count: 1, rentLamports: '2039280' },
      lastScannedAt: null,
    };
    const cards = overviewCards(summary, false, 'sol');
    expect(cards.map((card) => card.title)).toEqual([
      'Portfolio',
      'SOL Holdings',
      'Token Assets',
      'Wallets',
      'Closeable',
    ]);
    expect(cards[0]?.main).toBe('2.5000 SOL');
    expect(cards.flatMap((card) => card.lines).filter((line) => line.includes('USD'))).toEqual([
      'USD —',
      'USD —',
      'USD —',
    ]);
    expect(cards[4]?.lines[0]).toBe('0.0020 SOL rent');

    const hidden = overviewCards(summary, true, 'sol');
    const text = hidden.flatMap((card) => [card.main, ...card.lines]).join(' | ');
    expect(text).not.toMatch(/2\.5|0\.0020|—/);
    expect(hidden[0]?.main).toBe('***');
    expect(hidden[4]?.lines[0]).toBe('*** rent');
    expect(hidden[3]?.main).toBe('3');
    expect(hidden[2]?.lines).toContain('USD ***');
  });
});
