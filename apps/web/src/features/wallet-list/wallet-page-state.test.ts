import { DEFAULT_WALLET_SORT, EMPTY_SELECTION, type WalletSegment } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import {
  initialWalletPageState,
  walletPageReducer,
  type InView,
  type WalletPageAction,
  type WalletPageState,
} from './wallet-page-state';

const seedSegment: WalletSegment = 'seed:11111111-1111-4111-8111-111111111111';

function run(state: WalletPageState, ...actions: WalletPageAction[]): WalletPageState {
  return actions.reduce(walletPageReducer, state);
}

function inView(ids: readonly string[]): InView {
  const set = new Set(ids);
  return { visibleIds: set, visibleOrder: ids };
}

const start = initialWalletPageState('list', 'all');

describe('walletPageReducer', () => {
  it('starts on the given tab and segment with nothing chosen', () => {
    expect(start).toMatchObject({
      tab: 'list',
      chosenSegment: 'all',
      landingSegment: null,
      groupMode: 'standard',
      sort: DEFAULT_WALLET_SORT,
      selection: EMPTY_SELECTION,
      highlightId: null,
      scrollTargetId: null,
      landedOn: null,
    });
  });

  it('leaves custom grouping when a seed segment is chosen, and only then (spec 2 §4)', () => {
    const custom = run(start, { type: 'groupModeChosen', mode: 'custom' });
    expect(run(custom, { type: 'segmentChosen', segment: seedSegment }).groupMode).toBe('standard');
    expect(run(custom, { type: 'segmentChosen', segment: 'withSol' }).groupMode).toBe('custom');
    const byTag = run(start, { type: 'groupModeChosen', mode: 'import' });
    expect(run(byTag, { type: 'segmentChosen', segment: seedSegment }).groupMode).toBe('import');
  });

  it('forgets the landing segment once the operator picks one', () => {
    const landed = run(start, { type: 'landed', address: 'Addr', walletId: 'w1' });
    expect(landed.landingSegment).toBe('all');
    const picked = run(landed, { type: 'segmentChosen', segment: 'withSol' });
    expect(picked).toMatchObject({ chosenSegment: 'withSol', landingSegment: null });
  });

  it('closes every group when the grouping changes', () => {
    const open = run(
      start,
      { type: 'groupModeChosen', mode: 'import' },
      { type: 'groupToggled', bucketId: 'b1' },
      { type: 'groupToggled', bucketId: 'b2' },
      { type: 'groupToggled', bucketId: 'b1' },
    );
    expect([...open.expandedGroups]).toEqual(['b2']);
    expect(run(open, { type: 'groupModeChosen', mode: 'custom' }).expandedGroups.size).toBe(0);
  });

  it('selects by click and shift-click over the order in view, dropping hidden wallets', () => {
    const view = inView(['a', 'b', 'c', 'd']);
    const ranged = run(
      start,
      { type: 'rowClicked', id: 'a', shiftKey: false, ...view },
      { type: 'rowClicked', id: 'c', shiftKey: true, ...view },
    );
    expect([...ranged.selection.selected].sort()).toEqual(['a', 'b', 'c']);
    // 'a' left the view: the next toggle starts from what is visible.
    const narrowed = run(ranged, { type: 'manyToggled', ids: ['d'], ...inView(['b', 'c', 'd']) });
    expect([...narrowed.selection.selected].sort()).toEqual(['b', 'c', 'd']);
  });

  it('replaces and clears the selection for other features', () => {
    const only = run(start, { type: 'selectedOnly', ids: ['x', 'y'] });
    expect([...only.selection.selected]).toEqual(['x', 'y']);
    expect(run(only, { type: 'selectionCleared' }).selection).toBe(EMPTY_SELECTION);
  });

  it('expands all wallets in view, then collapses them when all are open', () => {
    const order = ['a', 'b'];
    const one = run(start, { type: 'walletToggled', id: 'a' });
    const all = run(one, { type: 'expandAllToggled', visibleOrder: order });
    expect([...all.expandedWallets].sort()).toEqual(['a', 'b']);
    expect(run(all, { type: 'expandAllToggled', visibleOrder: order }).expandedWallets.size).toBe(
      0,
    );
  });

  it('lands on a known address in the flat list tab with the wallet selected and marked', () => {
    const grouped = run(
      initialWalletPageState('groups', 'withSol'),
      { type: 'groupModeChosen', mode: 'custom' },
      { type: 'selectedOnly', ids: ['other'] },
    );
    const landed = run(grouped, { type: 'landed', address: 'Addr', walletId: 'w1' });
    expect(landed).toMatchObject({
      landedOn: 'Addr',
      tab: 'list',
      landingSegment: 'all',
      groupMode: 'standard',
      highlightId: 'w1',
      scrollTargetId: 'w1',
    });
    expect([...landed.selection.selected]).toEqual(['w1']);
    const settled = run(landed, { type: 'scrollTargetCleared' }, { type: 'highlightCleared' });
    expect(settled).toMatchObject({ highlightId: null, scrollTargetId: null, landedOn: 'Addr' });
  });

  it('remembers an unknown address without changing the view', () => {
    const landed = run(start, { type: 'landed', address: 'Nope', walletId: null });
    expect(landed).toEqual({ ...start, landedOn: 'Nope' });
  });

  it('sorts by a column, reversing on the second click', () => {
    const once = run(start, { type: 'sortedBy', key: 'sol' });
    const twice = run(once, { type: 'sortedBy', key: 'sol' });
    expect(once.sort.key).toBe('sol');
    expect(twice.sort).not.toEqual(once.sort);
  });
});
