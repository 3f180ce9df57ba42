import { describe, expect, it } from 'vitest';
import { testWallet } from './test-wallets';
import {
  bucketsFor,
  buildTableModel,
  expandAllState,
  headerTotals,
  visibleWalletList,
} from './wallet-list-model';

const context = { now: Date.parse('2026-11-22T00:00:00Z'), tagName: () => undefined };
const rich = testWallet(1, { lamports: '3000000000', tagIds: ['t1'], groupIds: ['g1'] });
const poor = testWallet(2, {
  lamports: '1',
  tokenStats: { total: 2, withBalance: 1, zeroBalance: 1 },
  importBatchId: 'b1',
});
const empty = testWallet(3, { lamports: '0', tagIds: ['t1'], importBatchId: 'b1' });
const all = [poor, empty, rich];
const ids = (list: readonly { id: string }[]) => list.map((wallet) => wallet.id);
const noFilter = { segment: 'all' as const, tag: null, customGroupId: null };

describe('the wallet list model', () => {
  it('filters by segment, tag and custom group, then sorts (default total, descending)', () => {
    const sort = { key: 'total', direction: 'desc' } as const;
    expect(ids(visibleWalletList(all, noFilter, sort, context))).toEqual(ids([rich, poor, empty]));
    expect(
      ids(visibleWalletList(all, { ...noFilter, segment: 'nonEmpty' }, sort, context)),
    ).toEqual(ids([rich, poor]));
    expect(
      ids(
        visibleWalletList(
          all,
          { ...noFilter, tag: { kind: 'assigned', tagId: 't1' } },
          sort,
          context,
        ),
      ),
    ).toEqual(ids([rich, empty]));
    expect(
      ids(visibleWalletList(all, { ...noFilter, customGroupId: 'g1' }, sort, context)),
    ).toEqual(ids([rich]));
  });

  it('numbers a flat list from 1 and adds token sub-rows under expanded wallets', () => {
    const model = buildTableModel(all, null, new Set([empty.id]), new Set());
    expect(model.items.map((item) => item.kind)).toEqual(['wallet', 'wallet', 'tokens', 'wallet']);
    expect(model.items.flatMap((item) => (item.kind === 'wallet' ? [item.number] : []))).toEqual([
      1, 2, 3,
    ]);
    expect(model.visibleOrder).toEqual(ids(all));
    expect(new Set(model.items.map((item) => item.key)).size).toBe(model.items.length);
  });

  it('groups by import batch with summed lamports; collapsed groups hide their wallets', () => {
    const buckets = bucketsFor(all, {
      mode: 'import',
      customGroups: [],
      batchLabel: (id) => `Batch ${id}`,
    });
    const closed = buildTableModel(all, buckets, new Set(), new Set());
    expect(closed.items.map((item) => item.kind)).toEqual(['group', 'group']);
    expect(closed.visibleOrder).toEqual([]);
    const first = closed.items[0];
    expect(first?.kind === 'group' ? [first.group.label, first.group.lamports] : null).toEqual([
      'Batch b1',
      1n,
    ]);
    // The row's Copy addresses copies its members' addresses, in the group's order.
    expect(first?.kind === 'group' ? first.group.addresses : null).toEqual(
      [poor, empty].map((wallet) => wallet.address),
    );
    const open = buildTableModel(all, buckets, new Set(), new Set(['b1']));
    expect(open.visibleOrder).toEqual(ids([poor, empty]));
  });

  it('lists a wallet in each of its custom groups once in the visible order, with unique keys', () => {
    const twice = testWallet(9, { groupIds: ['g1', 'g2'] });
    const buckets = bucketsFor([twice], {
      mode: 'custom',
      customGroups: [
        { id: 'g1', name: 'One' },
        { id: 'g2', name: 'Two' },
      ],
      batchLabel: () => '',
    });
    const model = buildTableModel([twice], buckets, new Set(), new Set(['g1', 'g2']));
    expect(model.visibleOrder).toEqual([twice.id]);
    expect(new Set(model.items.map((item) => item.key)).size).toBe(model.items.length);
    expect(
      bucketsFor([twice], { mode: 'standard', customGroups: [], batchLabel: () => '' }),
    ).toEqual([]);
  });

  it('sums the header line as bigint lamports, token balances and closeable accounts', () => {
    const huge = testWallet(4, { lamports: '18446744073709551615' });
    expect(headerTotals([huge, huge, poor, testWallet(5, { lamports: null })])).toEqual({
      wallets: 4,
      lamports: 36893488147419103231n,
      usd: null,
      unvalued: 4,
      tokenBalances: 1,
      closeable: 1,
    });
  });

  it('adds the wallets’ Total Values at the SOL price, counting the ones it cannot value', () => {
    const held = { total: 1, withBalance: 1, zeroBalance: 0 };
    const totals = headerTotals(
      [
        testWallet(1, { lamports: '2000000000', tokenStats: held, tokensValueUsd: 5 }),
        testWallet(2, { lamports: '500000000' }),
        testWallet(3, { lamports: '1000000000', tokenStats: held, tokensValueUsd: null }),
        testWallet(4, { lamports: null }),
      ],
      100,
    );
    // $205 + $50; the third holds tokens of unknown value, the fourth was never scanned.
    expect(totals).toMatchObject({ usd: 255, unvalued: 2 });
  });

  it('expand-all is tri-state over the wallets in view', () => {
    expect(expandAllState(['a', 'b'], new Set())).toBe('collapsed');
    expect(expandAllState(['a', 'b'], new Set(['a']))).toBe('mixed');
    expect(expandAllState(['a', 'b'], new Set(['a', 'b', 'z']))).toBe('expanded');
    expect(expandAllState([], new Set(['a']))).toBe('collapsed');
  });
});
