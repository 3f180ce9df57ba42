import { describe, expect, it } from 'vitest';
import { slimWallet } from './test-wallet';
import {
  DEFAULT_WALLET_SORT,
  nextWalletSort,
  sortWallets,
  sortsBySolWhileUnpriced,
  walletValuesPriced,
  type WalletSort,
} from './wallet-sort';

const tags = new Map([
  ['t1', 'Alpha'],
  ['t2', 'beta'],
  ['t3', 'Gamma'],
]);
const context = { tagName: (id: string) => tags.get(id) };
const ids = (list: readonly { id: string }[]) => list.map((wallet) => wallet.id);
const sort = (key: WalletSort['key'], direction: WalletSort['direction']): WalletSort => ({
  key,
  direction,
});

describe('wallet sort (spec 2 §4)', () => {
  it('defaults to total, descending', () => {
    expect(DEFAULT_WALLET_SORT).toEqual({ key: 'total', direction: 'desc' });
  });

  it('toggles the same column and starts a new one ascending, or descending when grouped', () => {
    expect(nextWalletSort(sort('sol', 'asc'), 'sol', false)).toEqual(sort('sol', 'desc'));
    expect(nextWalletSort(sort('sol', 'desc'), 'sol', true)).toEqual(sort('sol', 'asc'));
    expect(nextWalletSort(sort('sol', 'desc'), 'tags', false)).toEqual(sort('tags', 'asc'));
    expect(nextWalletSort(sort('sol', 'asc'), 'tags', true)).toEqual(sort('tags', 'desc'));
  });

  it('compares lamports as bigints, exactly past 2^53, with unscanned wallets last both ways', () => {
    const a = slimWallet({ id: 'a', lamports: '9007199254740993' });
    const b = slimWallet({ id: 'b', lamports: '9007199254740992' });
    const c = slimWallet({ id: 'c', lamports: null });
    const d = slimWallet({ id: 'd', lamports: '5' });
    expect(ids(sortWallets([c, a, b, d], sort('sol', 'asc'), context))).toEqual([
      'd',
      'b',
      'a',
      'c',
    ]);
    expect(ids(sortWallets([c, a, b, d], sort('sol', 'desc'), context))).toEqual([
      'a',
      'b',
      'd',
      'c',
    ]);
  });

  it('orders lamports of 15 and 16 digits and more as integers, never by text or rounding', () => {
    const values = [
      '999999999999999',
      '1000000000000000',
      '9007199254740993',
      '9007199254740992',
      '18446744073709551615',
      '0',
      '99',
    ];
    const list = values.map((lamports, n) => slimWallet({ id: `w${n}`, lamports }));
    const sorted = sortWallets(list, sort('sol', 'asc'), context).map((wallet) => wallet.lamports);
    expect(sorted).toEqual(
      [...values].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0)),
    );
  });

  it('sorts total by SOL, then by the tokens value', () => {
    const a = slimWallet({ id: 'a', lamports: '10', tokensValueUsd: 1 });
    const b = slimWallet({ id: 'b', lamports: '10', tokensValueUsd: 5 });
    const c = slimWallet({ id: 'c', lamports: '20', tokensValueUsd: null });
    expect(ids(sortWallets([a, b, c], DEFAULT_WALLET_SORT, context))).toEqual(['c', 'b', 'a']);
  });

  it('sorts Tokens Value and Total by SOL balance while no wallet is priced', () => {
    const a = slimWallet({ id: 'a', lamports: '30' });
    const b = slimWallet({ id: 'b', lamports: null });
    const c = slimWallet({ id: 'c', lamports: '500' });
    const d = slimWallet({ id: 'd', lamports: '7' });
    expect(walletValuesPriced([a, b, c, d])).toBe(false);
    expect(ids(sortWallets([a, b, c, d], sort('tokensValue', 'desc'), context))).toEqual([
      'c',
      'a',
      'd',
      'b',
    ]);
    expect(ids(sortWallets([a, b, c, d], sort('tokensValue', 'asc'), context))).toEqual([
      'd',
      'a',
      'c',
      'b',
    ]);
    expect(ids(sortWallets([a, b, c, d], sort('total', 'desc'), context))).toEqual([
      'c',
      'a',
      'd',
      'b',
    ]);
    expect(sortsBySolWhileUnpriced('total')).toBe(true);
    expect(sortsBySolWhileUnpriced('tokensValue')).toBe(true);
    expect(sortsBySolWhileUnpriced('sol')).toBe(false);
  });

  it('sorts Total Value by SOL at the SOL price plus tokens once the price is known', () => {
    const held = { total: 1, withBalance: 1, zeroBalance: 0 };
    // 1 SOL + $10 = $110; 0.5 SOL + $80 = $130; 2 SOL, no tokens = $200; tokens of unknown value.
    const a = slimWallet({ id: 'a', lamports: '1000000000', tokenStats: held, tokensValueUsd: 10 });
    const b = slimWallet({ id: 'b', lamports: '500000000', tokenStats: held, tokensValueUsd: 80 });
    const c = slimWallet({ id: 'c', lamports: '2000000000', tokensValueUsd: 0 });
    const d = slimWallet({ id: 'd', lamports: '9000000000', tokenStats: held });
    const priced = { ...context, solPriceUsd: 100 };
    expect(ids(sortWallets([a, b, c, d], sort('total', 'desc'), priced))).toEqual([
      'c',
      'b',
      'a',
      'd',
    ]);
    expect(ids(sortWallets([a, b, c, d], sort('total', 'asc'), priced))).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
  });

  it('sorts Tokens Value by value once one wallet is priced, SOL breaking ties, unpriced last', () => {
    const a = slimWallet({ id: 'a', lamports: '30', tokensValueUsd: 2 });
    const b = slimWallet({ id: 'b', lamports: '900', tokensValueUsd: null });
    const c = slimWallet({ id: 'c', lamports: '5', tokensValueUsd: 9 });
    const d = slimWallet({ id: 'd', lamports: '50', tokensValueUsd: 2 });
    expect(walletValuesPriced([a, b, c, d])).toBe(true);
    expect(ids(sortWallets([a, b, c, d], sort('tokensValue', 'desc'), context))).toEqual([
      'c',
      'd',
      'a',
      'b',
    ]);
  });

  it('is stable: ties keep their incoming order in both directions', () => {
    const list = ['p', 'q', 'r', 's'].map((id) => slimWallet({ id, lamports: '7' }));
    expect(ids(sortWallets(list, sort('sol', 'asc'), context))).toEqual(['p', 'q', 'r', 's']);
    expect(ids(sortWallets(list, sort('sol', 'desc'), context))).toEqual(['p', 'q', 'r', 's']);
  });

  it('sorts wallet by name or address, source by label, case-insensitively', () => {
    const a = slimWallet({ id: 'a', name: 'zeta', sourceLabel: 'Seed' });
    const b = slimWallet({ id: 'b', name: 'Alpha', sourceLabel: 'PK' });
    const c = slimWallet({
      id: 'c',
      name: null,
      address: 'Mxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      sourceLabel: 'ledger',
    });
    expect(ids(sortWallets([a, b, c], sort('wallet', 'asc'), context))).toEqual(['b', 'c', 'a']);
    expect(ids(sortWallets([a, b, c], sort('source', 'asc'), context))).toEqual(['c', 'b', 'a']);
  });

  it('sorts tags by the names shown, untagged wallets last', () => {
    const a = slimWallet({ id: 'a', tagIds: ['t3'] });
    const b = slimWallet({ id: 'b', tagIds: ['t2', 't1'] });
    const c = slimWallet({ id: 'c', tagIds: [] });
    const d = slimWallet({ id: 'd', tagIds: ['unknown'] });
    expect(ids(sortWallets([c, a, d, b], sort('tags', 'asc'), context))).toEqual([
      'b',
      'a',
      'c',
      'd',
    ]);
    expect(ids(sortWallets([c, a, d, b], sort('tags', 'desc'), context))).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
  });

  it('sorts counts, tokens value and import time, unpriced wallets last', () => {
    const a = slimWallet({
      id: 'a',
      tokenStats: { total: 3, withBalance: 1, zeroBalance: 2 },
      tokensValueUsd: null,
      createdAt: '2026-01-02T00:00:00Z',
    });
    const b = slimWallet({
      id: 'b',
      tokenStats: { total: 3, withBalance: 3, zeroBalance: 0 },
      tokensValueUsd: 2.5,
      createdAt: '2026-01-01T00:00:00Z',
    });
    expect(ids(sortWallets([a, b], sort('withCount', 'asc'), context))).toEqual(['a', 'b']);
    expect(ids(sortWallets([a, b], sort('zeroCount', 'asc'), context))).toEqual(['b', 'a']);
    expect(ids(sortWallets([a, b], sort('tokensValue', 'desc'), context))).toEqual(['b', 'a']);
    expect(ids(sortWallets([a, b], sort('tokensValue', 'asc'), context))).toEqual(['b', 'a']);
    expect(ids(sortWallets([a, b], sort('importedAt', 'asc'), context))).toEqual(['b', 'a']);
  });

  it('returns a sorted permutation that does not touch the input (property over random lists)', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed;
    };
    for (let round = 0; round < 20; round += 1) {
      const list = Array.from({ length: 60 }, (_, index) =>
        slimWallet({
          id: `w${index}`,
          lamports: random() % 5 === 0 ? null : String(BigInt(random()) * 1_000_000_007n),
        }),
      );
      const before = ids(list);
      const sorted = sortWallets(list, sort('sol', 'asc'), context);
      expect(ids(list)).toEqual(before);
      expect([...ids(sorted)].sort()).toEqual([...before].sort());
      for (let i = 1; i < sorted.length; i += 1) {
        const prev = sorted[i - 1]?.lamports ?? null;
        const current = sorted[i]?.lamports ?? null;
        if (current === null) continue;
        expect(prev).not.toBeNull();
        expect(BigInt(prev ?? '0') <= BigInt(current)).toBe(true);
      }
    }
  });
});
