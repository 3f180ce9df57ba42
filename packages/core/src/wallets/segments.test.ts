import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_SEGMENTS,
  COMPUTED_GROUP_SEGMENTS,
  segmentOfComputedGroup,
  DEFAULT_SEGMENT,
  filterBySegment,
  isRecentlyAdded,
  parseSegment,
  SEGMENT_DESCRIPTIONS,
  segmentDescription,
  seedIdOfSegment,
  seedSegment,
  seedSourceCounts,
  walletInSegment,
} from './segments';
import { slimWallet } from './test-wallet';

const now = Date.parse('2026-11-22T12:00:00.000Z');
const context = { now };

const solOnly = slimWallet({ id: 'sol', lamports: '1' });
const tokensOnly = slimWallet({
  id: 'tok',
  tokenStats: { total: 2, withBalance: 1, zeroBalance: 1 },
});
const zeroTokens = slimWallet({
  id: 'zero',
  tokenStats: { total: 3, withBalance: 0, zeroBalance: 3 },
});
const empty = slimWallet({ id: 'empty' });
const unscanned = slimWallet({ id: 'unscanned', lamports: null });

describe('wallet segments (spec 2 §5)', () => {
  it('starts on Non-Empty Wallets', () => {
    expect(DEFAULT_SEGMENT).toBe('nonEmpty');
  });

  it('describes every segment in one line, Zero Balance as token accounts all empty', () => {
    for (const segment of BUILT_IN_SEGMENTS) {
      expect(segmentDescription(segment)).toBe(SEGMENT_DESCRIPTIONS[segment]);
      expect(SEGMENT_DESCRIPTIONS[segment]).toMatch(/^Wallets|^Every wallet/);
      expect(SEGMENT_DESCRIPTIONS[segment]).not.toContain('\n');
    }
    expect(segmentDescription('zero')).toBe('Wallets whose token accounts are all empty');
    expect(segmentDescription('seed:all')).toBe('Wallets derived from any seed phrase');
    expect(segmentDescription(seedSegment('abc'))).toBe('Wallets derived from this seed phrase');
  });

  it('non-empty means SOL over 0 or any token balance over 0', () => {
    expect(walletInSegment(solOnly, 'nonEmpty', context)).toBe(true);
    expect(walletInSegment(tokensOnly, 'nonEmpty', context)).toBe(true);
    expect(walletInSegment(zeroTokens, 'nonEmpty', context)).toBe(false);
    expect(walletInSegment(empty, 'nonEmpty', context)).toBe(false);
    expect(walletInSegment(unscanned, 'nonEmpty', context)).toBe(false);
  });

  it('zero means tokens exist and all are zero', () => {
    expect(walletInSegment(zeroTokens, 'zero', context)).toBe(true);
    expect(walletInSegment(tokensOnly, 'zero', context)).toBe(false);
    expect(walletInSegment(empty, 'zero', context)).toBe(false);
  });

  it('empty means no SOL and no tokens; an unscanned wallet without tokens counts as empty', () => {
    expect(walletInSegment(empty, 'empty', context)).toBe(true);
    expect(walletInSegment(unscanned, 'empty', context)).toBe(true);
    expect(walletInSegment(zeroTokens, 'empty', context)).toBe(false);
    expect(walletInSegment(solOnly, 'empty', context)).toBe(false);
  });

  it('with SOL, with balance, trader and pool creators read one flag each', () => {
    expect(walletInSegment(solOnly, 'withSol', context)).toBe(true);
    expect(walletInSegment(tokensOnly, 'withSol', context)).toBe(false);
    expect(walletInSegment(tokensOnly, 'withBalance', context)).toBe(true);
    expect(walletInSegment(solOnly, 'withBalance', context)).toBe(false);
    expect(walletInSegment(slimWallet({ id: 't', isTrader: true }), 'trader', context)).toBe(true);
    expect(walletInSegment(empty, 'trader', context)).toBe(false);
    expect(
      walletInSegment(slimWallet({ id: 'p', poolCreator: true }), 'poolCreators', context),
    ).toBe(true);
    expect(walletInSegment(empty, 'poolCreators', context)).toBe(false);
  });

  it('compares lamports as integers, also beyond 2^53', () => {
    const huge = slimWallet({ id: 'huge', lamports: '18446744073709551615' });
    expect(walletInSegment(huge, 'withSol', context)).toBe(true);
    expect(walletInSegment(slimWallet({ id: 'z', lamports: '000' }), 'withSol', context)).toBe(
      false,
    );
    expect(walletInSegment(slimWallet({ id: 'l', lamports: '0010' }), 'withSol', context)).toBe(
      true,
    );
  });

  it('recently added means in the latest import batch or created in the last 24 hours', () => {
    const inBatch = slimWallet({
      id: 'b',
      importStatus: 'restored',
      createdAt: '2020-01-01T00:00:00Z',
    });
    const fresh = slimWallet({ id: 'f', createdAt: '2026-11-22T00:00:01.000Z' });
    const yesterday = slimWallet({ id: 'y', createdAt: '2026-11-21T12:00:00.000Z' });
    const future = slimWallet({ id: 'u', createdAt: '2026-11-23T00:00:00.000Z' });
    expect(isRecentlyAdded(inBatch, now)).toBe(true);
    expect(isRecentlyAdded(fresh, now)).toBe(true);
    expect(isRecentlyAdded(yesterday, now)).toBe(false);
    expect(isRecentlyAdded(future, now)).toBe(false);
    expect(walletInSegment(fresh, 'recent', context)).toBe(true);
  });

  it('middlemen are the wallets of the middleman source, whatever they hold', () => {
    const middleman = slimWallet({ id: 'm', sourceKind: 'middleman', sourceLabel: 'Middleman' });
    const funded = slimWallet({ id: 'mf', sourceKind: 'middleman', lamports: '5000' });
    expect(walletInSegment(middleman, 'middlemen', context)).toBe(true);
    expect(walletInSegment(funded, 'middlemen', context)).toBe(true);
    expect(walletInSegment(solOnly, 'middlemen', context)).toBe(false);
    expect(walletInSegment(middleman, 'all', context)).toBe(true);
  });

  it('seed segments select seed wallets of one vault, or of all vaults', () => {
    const a = slimWallet({ id: 'a', sourceKind: 'seed', sourceId: 'vault-a' });
    const b = slimWallet({ id: 'b', sourceKind: 'seed', sourceId: 'vault-b' });
    const imported = slimWallet({ id: 'i', sourceKind: 'import', sourceId: 'vault-a' });
    expect(filterBySegment([a, b, imported], seedSegment('vault-a'), context)).toEqual([a]);
    expect(filterBySegment([a, b, imported], 'seed:all', context)).toEqual([a, b]);
    expect(seedSourceCounts([a, b, imported, b])).toEqual({
      all: 3,
      bySeed: new Map([
        ['vault-a', 1],
        ['vault-b', 2],
      ]),
    });
  });

  it('parses stored ids and refuses anything else', () => {
    for (const id of BUILT_IN_SEGMENTS) expect(parseSegment(id)).toBe(id);
    expect(parseSegment('seed:abc')).toBe('seed:abc');
    expect(parseSegment('seed:')).toBeUndefined();
    expect(parseSegment('nonempty')).toBeUndefined();
    expect(parseSegment(null)).toBeUndefined();
    expect(seedIdOfSegment('seed:all')).toBe('all');
    expect(seedIdOfSegment('trader')).toBeUndefined();
  });

  it('every wallet is in exactly one of non-empty, zero-without-SOL and empty', () => {
    // Property over a grid of balances: the three rules partition the wallets.
    for (const lamports of [null, '0', '1']) {
      for (const total of [0, 1, 3]) {
        for (let withBalance = 0; withBalance <= total; withBalance += 1) {
          const wallet = slimWallet({
            id: 'w',
            lamports,
            tokenStats: { total, withBalance, zeroBalance: total - withBalance },
          });
          const nonEmpty = walletInSegment(wallet, 'nonEmpty', context);
          const zeroOnly = walletInSegment(wallet, 'zero', context) && lamports !== '1';
          const isEmpty = walletInSegment(wallet, 'empty', context);
          expect([nonEmpty, zeroOnly, isEmpty].filter(Boolean)).toHaveLength(1);
        }
      }
    }
  });

  it('the all segment returns every wallet as a new array', () => {
    const list = [solOnly, empty];
    const result = filterBySegment(list, 'all', context);
    expect(result).toEqual(list);
    expect(result).not.toBe(list);
  });

  it('opens each computed group (spec 1 §3) as the segment with its rule', () => {
    expect(Object.keys(COMPUTED_GROUP_SEGMENTS)).toEqual([
      'all',
      'traders',
      'empty',
      'with-tokens',
      'zero-tokens',
      'pool-creators',
      'middlemen',
    ]);
    expect(segmentOfComputedGroup('middlemen')).toBe('middlemen');
    expect(segmentOfComputedGroup('traders')).toBe('trader');
    expect(segmentOfComputedGroup('with-tokens')).toBe('withBalance');
    expect(segmentOfComputedGroup('seed:abc')).toBeUndefined();
    expect(segmentOfComputedGroup('constructor')).toBeUndefined();
  });
});
