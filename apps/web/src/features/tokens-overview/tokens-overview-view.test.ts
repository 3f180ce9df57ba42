import type { AggregatedToken } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SORT,
  filterButtons,
  keptSelection,
  nextSort,
  overviewParamsFrom,
  paramsOfOverview,
  selectedMints,
  toggledAll,
  toggledOne,
  tokenRow,
  visibleTokens,
} from './tokens-overview-view';

const MINT_A = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const MINT_B = 'So11111111111111111111111111111111111111112';
const MINT_C = '9sBory5aFhsv9E3o8ZcFsZ4T9efGP8idVhRDUzdU5cgq';
const NOW = Date.parse('2026-12-02T12:00:00.000Z');

const token = (id: string, patch: Partial<AggregatedToken> = {}): AggregatedToken => ({
  id,
  name: null,
  symbol: null,
  logoUrl: null,
  balanceTotal: '0',
  valueTotal: null,
  priceUsd: null,
  fdvUsd: null,
  liquidityUsd: null,
  walletCount: 1,
  accountCount: 1,
  emptyAccountCount: 0,
  lastScan: null,
  decimals: 6,
  type: 'spl',
  ...patch,
});

const ids = (tokens: readonly AggregatedToken[]) => tokens.map((entry) => entry.id);

describe('the Tokens Overview address bar', () => {
  it('reads the filter, the sort and the mint, with the server’s defaults for anything else', () => {
    expect(overviewParamsFrom(new URLSearchParams(''))).toEqual({
      filter: 'all',
      sort: { key: 'value', order: 'desc' },
      mint: null,
    });
    expect(
      overviewParamsFrom(new URLSearchParams(`type=nft&sort=holders&order=asc&mint=${MINT_A}`)),
    ).toEqual({ filter: 'nft', sort: { key: 'holders', order: 'asc' }, mint: MINT_A });
    expect(
      overviewParamsFrom(new URLSearchParams('type=fungible&sort=price&order=up&mint=%20')),
    ).toEqual({ filter: 'all', sort: DEFAULT_SORT, mint: null });
  });

  it('writes only what differs from the defaults and keeps parameters it does not own', () => {
    const base = new URLSearchParams('other=1&mint=x');
    const written = paramsOfOverview(base, {
      filter: 'cnft',
      sort: { key: 'name', order: 'asc' },
      mint: MINT_B,
    });
    expect(written.toString()).toBe(`other=1&mint=${MINT_B}&type=cnft&sort=name&order=asc`);
    const closed = paramsOfOverview(written, { filter: 'all', sort: DEFAULT_SORT, mint: null });
    expect(closed.toString()).toBe('other=1');
    expect(base.toString()).toBe('other=1&mint=x');
  });
});

describe('sorting the tokens', () => {
  it('toggles the direction of the same column and starts a new column ascending', () => {
    expect(nextSort(DEFAULT_SORT, 'value')).toEqual({ key: 'value', order: 'asc' });
    expect(nextSort({ key: 'value', order: 'asc' }, 'value')).toEqual({
      key: 'value',
      order: 'desc',
    });
    expect(nextSort(DEFAULT_SORT, 'name')).toEqual({ key: 'name', order: 'asc' });
  });

  it('filters by class and sorts as the server does, unpriced values last either way', () => {
    const tokens = [
      token(MINT_A, { valueTotal: 5 }),
      token(MINT_B, { valueTotal: null }),
      token(MINT_C, { valueTotal: 50, type: 'nft', decimals: 0 }),
    ];
    expect(ids(visibleTokens(tokens, 'all', DEFAULT_SORT))).toEqual([MINT_C, MINT_A, MINT_B]);
    expect(ids(visibleTokens(tokens, 'all', { key: 'value', order: 'asc' }))).toEqual([
      MINT_A,
      MINT_C,
      MINT_B,
    ]);
    expect(ids(visibleTokens(tokens, 'nft', DEFAULT_SORT))).toEqual([MINT_C]);
    expect(ids(visibleTokens(tokens, 'cnft', DEFAULT_SORT))).toEqual([]);
  });
});

describe('the filter buttons', () => {
  it('are All, SPL, NFTs, cNFTs and Other, each with its count, the chosen one pressed', () => {
    expect(
      filterButtons({ all: 1234, spl: 1200, nft: 30, cnft: 4, other: 0 }, 'nft').map((button) => [
        button.label,
        button.count,
        button.pressed,
      ]),
    ).toEqual([
      ['All', '1,234', false],
      ['SPL', '1,200', false],
      ['NFTs', '30', true],
      ['cNFTs', '4', false],
      ['Other', '0', false],
    ]);
    expect(filterButtons(undefined, 'all').map((button) => button.count)).toEqual([
      '…',
      '…',
      '…',
      '…',
      '…',
    ]);
  });
});

describe('a token row', () => {
  it('shows the balance with the mint’s decimals, exactly, and the market figures in dollars', () => {
    const row = tokenRow(
      token(MINT_A, {
        symbol: 'USDC',
        name: 'USD Coin',
        // Beyond what a float holds exactly: the digits must survive.
        balanceTotal: '123456789012345678901',
        decimals: 6,
        valueTotal: 1_234_567.8,
        fdvUsd: 2500,
        liquidityUsd: 12.5,
        walletCount: 1500,
        emptyAccountCount: 3,
        lastScan: '2026-12-02T11:55:00.000Z',
      }),
      NOW,
    );
    expect(row).toMatchObject({
      primary: 'USDC',
      secondary: 'USD Coin',
      type: 'SPL',
      balance: '123,456,789,012,345.678901',
      value: '$1.2M',
      fdv: '$2.5K',
      liquidity: '$12.50',
      holders: '1,500',
      emptyAccounts: 3,
      lastScan: '5m ago',
    });
  });

  it('falls back to the name, then the short mint, and says what is unknown', () => {
    const nft = tokenRow(token(MINT_B, { name: 'Frog #7', balanceTotal: '3', decimals: 0 }), NOW);
    expect(nft).toMatchObject({ primary: 'Frog #7', balance: '3', value: '—', lastScan: 'Never' });
    expect(nft.secondary).toBe(nft.mintShort);
    const bare = tokenRow(token(MINT_C, { symbol: ' ', decimals: null, type: 'other' }), NOW);
    expect(bare.primary).toBe(bare.mintShort);
    expect(bare.type).toBe('Other');
    expect(bare.primary).not.toBe(MINT_C);
  });
});

describe('the selection', () => {
  const listed = [token(MINT_A), token(MINT_B)];

  it('keeps only the listed mints, in the table’s order', () => {
    const picked = new Set([MINT_B, MINT_C, MINT_A]);
    expect([...keptSelection(picked, listed)]).toEqual([MINT_A, MINT_B]);
    const all = new Set([MINT_A, MINT_B]);
    expect(keptSelection(all, listed)).toBe(all);
    expect(selectedMints(picked, listed)).toEqual([MINT_A, MINT_B]);
  });

  it('selects all listed rows, or none when all already are, and toggles one', () => {
    expect([...toggledAll(new Set([MINT_A]), listed)]).toEqual([MINT_A, MINT_B]);
    expect([...toggledAll(new Set([MINT_A, MINT_B]), listed)]).toEqual([]);
    expect([...toggledAll(new Set(), [])]).toEqual([]);
    expect([...toggledOne(new Set([MINT_A]), MINT_B)]).toEqual([MINT_A, MINT_B]);
    expect([...toggledOne(new Set([MINT_A]), MINT_A)]).toEqual([]);
  });
});
