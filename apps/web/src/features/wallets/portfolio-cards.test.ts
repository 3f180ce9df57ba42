import { valuationSchema, type Valuation, type WalletSummary } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import {
  fleetScanAge,
  formatSolEstimate,
  overviewCards,
  type OverviewDisplay,
  type ValuationState,
} from './portfolio-cards';

const summary: WalletSummary = {
  wallets: { total: 12, withSol: 3, withAssets: 1, withClosable: 2, poolCreators: 0, traders: 4 },
  totalLamports: '1500000000',
  tokens: { uniqueAssets: 2, assetInstances: 5, instancesWithBalance: 3, totalValueUsd: null },
  closable: { count: 2, rentLamports: '4078560' },
  lastScannedAt: null,
};

const waiting: ValuationState = { status: 'waiting' };
const sol: OverviewDisplay = { hideBalances: false, unit: 'sol' };

const card = (cards: ReturnType<typeof overviewCards>, title: string) =>
  cards.find((entry) => entry.title === title);

describe('portfolio overview cards', () => {
  it('show SOL to 4 decimals in the SOL unit', () => {
    const cards = overviewCards(summary, waiting, sol);
    expect(card(cards, 'SOL Holdings')?.main).toBe('1.5000 SOL');
    expect(card(cards, 'Closeable')?.lines[0]).toBe('0.0040 SOL rent');
  });

  it('follow the settings menu to lamports', () => {
    const cards = overviewCards(summary, waiting, { hideBalances: false, unit: 'lamports' });
    expect(card(cards, 'SOL Holdings')?.main).toBe('1,500,000,000 lamports');
    expect(card(cards, 'Closeable')?.lines[0]).toBe('4,078,560 lamports rent');
  });

  it('hide every amount of money, in either unit, and keep the counts', () => {
    for (const unit of ['sol', 'lamports'] as const) {
      const cards = overviewCards(summary, waiting, { hideBalances: true, unit });
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
    const cards = overviewCards(summary, waiting, { ...sol, scanAge: 'scanned 5m ago' });
    expect(card(cards, 'SOL Holdings')?.lines).toContain('scanned 5m ago');
    expect(card(cards, 'Closeable')?.lines).toContain('scanned 5m ago');
    expect(card(cards, 'Wallets')?.lines).not.toContain('scanned 5m ago');
  });

  // Moved from the row view's tests when the wallet list became its own feature.
  it('fill the overview cards in SOL, with USD "Valuing…" before the valuation, and hide every amount on request', () => {
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
    const cards = overviewCards(summary, waiting, sol);
    expect(cards.map((card) => card.title)).toEqual([
      'Portfolio',
      'SOL Holdings',
      'Token Assets',
      'Wallets',
      'Closeable',
    ]);
    expect(cards[1]?.main).toBe('2.5000 SOL');
    expect(cards.flatMap((card) => card.lines).filter((line) => line.includes('USD'))).toEqual([
      'USD Valuing…',
      'USD Valuing…',
      'USD Valuing…',
    ]);
    expect(cards[0]?.main).toBe('Valuing…');
    expect(cards[4]?.lines[0]).toBe('0.0020 SOL rent');

    const hidden = overviewCards(summary, waiting, { hideBalances: true, unit: 'sol' });
    const text = hidden.flatMap((card) => [card.main, ...card.lines]).join(' | ');
    // No money reads as a dash either; only the pool creators, a count nobody tracks, do.
    expect(text.replace('— pool creators', '')).not.toMatch(/2\.5|0\.0020|—|Valuing/);
    expect(hidden[0]?.main).toBe('***');
    expect(hidden[4]?.lines[0]).toBe('*** rent');
    expect(hidden[3]?.main).toBe('3');
    expect(hidden[2]?.lines).toContain('USD ***');
  });

  describe('with the valuation', () => {
    /** The server's answer for 1.5 SOL and one priced token, in its real shape. */
    const valued = (change: (valuation: Valuation) => void = () => {}): ValuationState => {
      const valuation = valuationSchema.parse({
        stats: {
          wallets: { total: 12, withSol: 3, withAssets: 1, withClosable: 2, poolCreators: null },
          tokens: {
            totalValueUsd: 40,
            totalValueSol: 0.25,
            uniqueAssets: 2,
            assetInstances: 5,
            instancesWithBalance: 3,
            pricedAssets: 1,
            unpricedAssets: 0,
          },
          closable: { count: 2, rentLamports: '4078560', rentSol: 0.00407856, rentUsd: 0.6525696 },
          portfolio: {
            totalValueUsd: 280,
            totalValueSol: 1.75,
            totalSol: 1.5,
            totalLamports: '1500000000',
            totalSolUsd: 240,
            totalAssetsUsd: 40,
            totalAssetsSol: 0.25,
            complete: true,
          },
        },
        highlights: { mostValuableWallet: null, masterWallet: null, mostCommonAsset: null },
        reports: { lastFinalTruthScan: null },
        solPrice: {
          status: 'known',
          priceUsd: 160,
          source: 'jupiter',
          fetchedAt: '2026-11-27T12:00:00.000Z',
          ageMs: 10,
        },
        assets: [],
        computedAt: '2026-11-27T12:00:00.000Z',
      });
      change(valuation);
      return { status: 'ready', valuation };
    };

    it('show the portfolio in USD with its SOL estimate, and each card its USD value', () => {
      const cards = overviewCards(summary, valued(), sol);
      expect(card(cards, 'Portfolio')).toEqual({
        title: 'Portfolio',
        main: '$280.00',
        lines: ['≈ 1.7500 SOL'],
      });
      expect(card(cards, 'SOL Holdings')?.main).toBe('1.5000 SOL');
      expect(card(cards, 'SOL Holdings')?.lines).toContain('USD $240.00');
      expect(card(cards, 'Token Assets')?.lines).toEqual([
        '3 of 5 accounts hold a balance',
        'USD $40.00',
        '≈ 0.2500 SOL',
      ]);
      expect(card(cards, 'Closeable')?.lines).toContain('USD $0.65');
      expect(JSON.stringify(cards)).not.toContain('not priced');
    });

    it('read "not priced", never $0, when SOL has no price, and say the total is partial', () => {
      const cards = overviewCards(
        summary,
        valued((valuation) => {
          valuation.solPrice = {
            status: 'unavailable',
            message: 'Invalid SOL price from jupiter',
            reasons: ['jupiter: price 0'],
          };
          Object.assign(valuation.stats.portfolio, {
            totalValueUsd: null,
            totalValueSol: null,
            totalSolUsd: null,
            totalAssetsSol: null,
            complete: false,
          });
          valuation.stats.tokens.totalValueSol = null;
          valuation.stats.closable.rentUsd = null;
        }),
        sol,
      );
      expect(card(cards, 'Portfolio')?.main).toBe('not priced');
      expect(card(cards, 'Portfolio')?.lines).toEqual(['Some assets are not priced']);
      expect(card(cards, 'Portfolio')?.note).toBe(
        'SOL is not priced: Invalid SOL price from jupiter',
      );
      expect(card(cards, 'SOL Holdings')?.lines).toContain('USD not priced');
      expect(card(cards, 'SOL Holdings')?.note).toBe('Invalid SOL price from jupiter');
      expect(card(cards, 'Closeable')?.lines).toContain('USD not priced');
      // Tokens still have their USD price; only their SOL estimate needs SOL's.
      expect(card(cards, 'Token Assets')?.lines).toEqual([
        '3 of 5 accounts hold a balance',
        'USD $40.00',
      ]);
      expect(JSON.stringify(cards)).not.toMatch(/\$0\.00/);
    });

    it('count the tokens nobody priced, and read "not priced" when none is priced', () => {
      const some = overviewCards(
        summary,
        valued((valuation) => {
          valuation.stats.tokens.unpricedAssets = 1;
          valuation.stats.portfolio.complete = false;
        }),
        sol,
      );
      expect(card(some, 'Portfolio')?.main).toBe('$280.00');
      expect(card(some, 'Portfolio')?.lines).toContain('Some assets are not priced');
      expect(card(some, 'Portfolio')?.note).toBe('1 held token is not priced');
      expect(card(some, 'Token Assets')?.lines).toContain('1 of 2 assets not priced');

      const none = overviewCards(
        summary,
        valued((valuation) => {
          Object.assign(valuation.stats.tokens, {
            totalValueUsd: 0,
            totalValueSol: 0,
            pricedAssets: 0,
            unpricedAssets: 2,
          });
          valuation.stats.portfolio.complete = false;
        }),
        sol,
      );
      expect(card(none, 'Token Assets')?.lines).toEqual([
        '3 of 5 accounts hold a balance',
        'USD not priced',
        '2 of 2 assets not priced',
      ]);
      expect(card(none, 'Portfolio')?.note).toBe('2 held tokens are not priced');
    });

    it('show a dash with the reason when the valuation failed, and hide every value on request', () => {
      const failed = overviewCards(summary, { status: 'failed', reason: 'HTTP 500' }, sol);
      expect(card(failed, 'Portfolio')?.main).toBe('—');
      expect(card(failed, 'Portfolio')?.note).toBe('Valuation failed: HTTP 500');
      expect(card(failed, 'SOL Holdings')?.lines).toContain('USD —');

      const hidden = overviewCards(summary, valued(), { hideBalances: true, unit: 'sol' });
      const text = hidden.flatMap((entry) => [entry.main, ...entry.lines]).join(' | ');
      expect(text).not.toMatch(/\$|1\.75|0\.25|≈/);
      expect(card(hidden, 'Portfolio')?.main).toBe('***');
      expect(card(hidden, 'Wallets')?.main).toBe('12');
    });

    it('read a dash for pool creators, which are not tracked (null), never a count of 0', () => {
      const untracked = card(overviewCards(summary, valued(), sol), 'Wallets');
      expect(untracked).toEqual({
        title: 'Wallets',
        main: '12',
        lines: ['4 traders', '— pool creators'],
        note: 'Fleet does not track pool creators yet',
      });
      // The list summary's 0 means the same "not tracked": a dash before the valuation too.
      expect(card(overviewCards(summary, waiting, sol), 'Wallets')?.lines).toContain(
        '— pool creators',
      );
      const counted = card(
        overviewCards(
          summary,
          valued((valuation) => {
            valuation.stats.wallets.poolCreators = 2;
          }),
          sol,
        ),
        'Wallets',
      );
      expect(counted?.lines).toEqual(['4 traders', '2 pool creators']);
      expect(counted?.note).toBeUndefined();
    });

    it('count one asset, account, trader or wallet in the singular', () => {
      const one: WalletSummary = {
        ...summary,
        wallets: { ...summary.wallets, withSol: 1, withClosable: 1, traders: 1 },
        tokens: { ...summary.tokens, uniqueAssets: 1 },
        closable: { count: 1, rentLamports: '2039280' },
      };
      const cards = overviewCards(one, valued(), sol);
      expect(card(cards, 'Token Assets')?.main).toBe('1 asset');
      expect(card(cards, 'SOL Holdings')?.lines).toContain('1 wallet with SOL');
      expect(card(cards, 'Wallets')?.lines).toContain('1 trader');
      expect(card(cards, 'Closeable')?.main).toBe('1 account');
      expect(card(cards, 'Closeable')?.lines).toContain('in 1 wallet');
      expect(card(overviewCards(summary, valued(), sol), 'Token Assets')?.main).toBe('2 assets');
    });

    it('format SOL estimates to 4 decimals, marked as estimates', () => {
      expect(formatSolEstimate(1234.56789)).toBe('≈ 1,234.5679 SOL');
      expect(formatSolEstimate(0)).toBe('≈ 0.0000 SOL');
    });
  });
});
