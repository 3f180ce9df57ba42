import { describe, expect, it } from 'vitest';
import { aggregatedTokensQuerySchema, type AggregatedToken } from '../api/tokens-overview';
import {
  aggregateTokens,
  countTokenFilters,
  selectTokens,
  type HeldMint,
  type MintMarketFigures,
} from './aggregate-tokens';

const held = (mint: string, patch: Partial<HeldMint> = {}): HeldMint => ({
  mint,
  name: `Token ${mint}`,
  symbol: mint.toUpperCase(),
  decimals: 6,
  balance: '1000000',
  walletCount: 1,
  accountCount: 1,
  emptyAccountCount: 0,
  lastScan: '2026-12-01T10:00:00.000Z',
  ...patch,
});

const figures = (patch: Partial<MintMarketFigures>): MintMarketFigures => ({
  priceUsd: null,
  fdvUsd: null,
  liquidityUsd: null,
  logoUrl: null,
  ...patch,
});

const query = (text: Record<string, string> = {}) => aggregatedTokensQuerySchema.parse(text);
const ids = (tokens: readonly AggregatedToken[]) => tokens.map((t) => t.id);

describe('aggregated tokens of the Tokens Overview', () => {
  it('values each mint at its price in token units, and leaves an unpriced one null, not 0', () => {
    const [priced, unpriced, empty] = aggregateTokens(
      [
        held('a', { balance: '2500000', decimals: 6 }),
        held('b', { balance: '7', decimals: 0 }),
        held('c', { balance: '0' }),
      ],
      new Map([
        ['a', figures({ priceUsd: 2, fdvUsd: 1e6, liquidityUsd: 5e4, logoUrl: 'https://x/a.png' })],
        ['c', figures({ priceUsd: 3 })],
      ]),
    );
    expect(priced).toMatchObject({
      id: 'a',
      balanceTotal: '2500000',
      valueTotal: 5,
      priceUsd: 2,
      fdvUsd: 1e6,
      liquidityUsd: 5e4,
      logoUrl: 'https://x/a.png',
      type: 'spl',
    });
    expect(unpriced).toMatchObject({
      id: 'b',
      valueTotal: null,
      priceUsd: null,
      fdvUsd: null,
      liquidityUsd: null,
      logoUrl: null,
      type: 'nft',
    });
    expect(empty?.valueTotal).toBe(0);
  });

  it('keeps a sum beyond u64 exact', () => {
    const beyond = (2n ** 64n * 3n + 5n).toString();
    const [token] = aggregateTokens([held('a', { balance: beyond })], new Map());
    expect(token?.balanceTotal).toBe(beyond);
  });

  it('applies a stored class before the decimals rule', () => {
    const tokens = aggregateTokens(
      [
        held('a', { decimals: 0, type: 'cnft' }),
        held('b', { decimals: 0 }),
        held('c', { decimals: null }),
      ],
      new Map(),
    );
    expect(tokens.map((t) => t.type)).toEqual(['cnft', 'nft', 'other']);
  });

  it('counts every filter over all mints, whichever filter is chosen', () => {
    const tokens = aggregateTokens(
      [
        held('a'),
        held('b'),
        held('c', { decimals: 0 }),
        held('d', { decimals: null }),
        held('e', { type: 'cnft', decimals: 0 }),
      ],
      new Map(),
    );
    expect(countTokenFilters(tokens)).toEqual({ all: 5, spl: 2, nft: 1, cnft: 1, other: 1 });
    expect(ids(selectTokens(tokens, query({ type: 'nft' })))).toEqual(['c']);
    expect(ids(selectTokens(tokens, query({ type: 'spl', sort: 'name', order: 'asc' })))).toEqual([
      'a',
      'b',
    ]);
  });

  it('sorts by value highest first by default, unknown values last in both directions', () => {
    const tokens = aggregateTokens(
      [held('a'), held('b'), held('c'), held('d')],
      new Map([
        ['a', figures({ priceUsd: 1 })],
        ['c', figures({ priceUsd: 10 })],
        ['d', figures({ priceUsd: 5 })],
      ]),
    );
    expect(ids(selectTokens(tokens, query()))).toEqual(['c', 'd', 'a', 'b']);
    expect(ids(selectTokens(tokens, query({ order: 'asc' })))).toEqual(['a', 'd', 'c', 'b']);
  });

  it('compares balances as token amounts across decimals, exactly', () => {
    const tokens = aggregateTokens(
      [
        // 1.000000000000000001 tokens at 18 decimals against exactly 1 at 0 and 1.5 at 6.
        held('a', { balance: '1000000000000000001', decimals: 18 }),
        held('b', { balance: '1', decimals: 0 }),
        held('c', { balance: '1500000', decimals: 6 }),
      ],
      new Map(),
    );
    expect(ids(selectTokens(tokens, query({ sort: 'balance', order: 'asc' })))).toEqual([
      'b',
      'a',
      'c',
    ]);
  });

  it('sorts by fdv, liquidity, holders, last scan and name', () => {
    const tokens = aggregateTokens(
      [
        held('a', { walletCount: 3, lastScan: '2026-12-01T09:00:00.000Z', symbol: 'zeta' }),
        held('b', { walletCount: 1, lastScan: null, symbol: null, name: 'Alpha' }),
        held('c', { walletCount: 2, lastScan: '2026-12-01T11:00:00.000Z', symbol: 'Mid' }),
      ],
      new Map([
        ['a', figures({ fdvUsd: 10, liquidityUsd: 3 })],
        ['b', figures({ fdvUsd: 30 })],
        ['c', figures({ liquidityUsd: 1 })],
      ]),
    );
    expect(ids(selectTokens(tokens, query({ sort: 'fdv' })))).toEqual(['b', 'a', 'c']);
    expect(ids(selectTokens(tokens, query({ sort: 'liquidity' })))).toEqual(['a', 'c', 'b']);
    expect(ids(selectTokens(tokens, query({ sort: 'holders' })))).toEqual(['a', 'c', 'b']);
    expect(ids(selectTokens(tokens, query({ sort: 'lastScan' })))).toEqual(['c', 'a', 'b']);
    expect(ids(selectTokens(tokens, query({ sort: 'name', order: 'asc' })))).toEqual([
      'b',
      'c',
      'a',
    ]);
  });

  it('breaks ties by mint, so every call answers the same order', () => {
    const tokens = aggregateTokens([held('c'), held('a'), held('b')], new Map());
    expect(ids(selectTokens(tokens, query({ sort: 'holders' })))).toEqual(['a', 'b', 'c']);
    expect(ids(selectTokens(tokens, query({ sort: 'holders', order: 'asc' })))).toEqual([
      'a',
      'b',
      'c',
    ]);
  });
});

describe('the aggregated tokens query', () => {
  it('defaults to every class by value, highest first', () => {
    expect(query()).toEqual({ type: 'all', sort: 'value', order: 'desc' });
    expect(query({ type: '', sort: '', order: '' })).toEqual(query());
  });

  it('refuses an unknown filter, column or direction with the choices', () => {
    const problem = (input: Record<string, unknown>) =>
      aggregatedTokensQuerySchema.safeParse(input).error?.issues[0]?.message;
    expect(problem({ type: 'fungible' })).toBe('must be one of all, spl, nft, cnft, other');
    expect(problem({ sort: 'price' })).toBe(
      'must be one of name, balance, value, fdv, liquidity, holders, lastScan',
    );
    expect(problem({ order: ['asc', 'desc'] })).toBe('must be one of asc, desc');
  });
});
