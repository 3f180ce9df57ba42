import { describe, expect, it } from 'vitest';
import {
  checkStateOf,
  clickRow,
  EMPTY_SELECTION,
  pruneSelection,
  selectOnly,
  toggleMany,
} from './selection';

const order = ['a', 'b', 'c', 'd', 'e'];
const sorted = (set: ReadonlySet<string>) => [...set].sort();

describe('wallet selection (spec 2 §4)', () => {
  it('toggles one row and remembers it as the anchor', () => {
    const one = clickRow(EMPTY_SELECTION, 'b', order, false);
    expect(sorted(one.selected)).toEqual(['b']);
    expect(one.anchor).toBe('b');
    const none = clickRow(one, 'b', order, false);
    expect(sorted(none.selected)).toEqual([]);
  });

  it('shift-click selects the range from the last clicked row over the visible order, both ways', () => {
    const start = clickRow(EMPTY_SELECTION, 'b', order, false);
    expect(sorted(clickRow(start, 'd', order, true).selected)).toEqual(['b', 'c', 'd']);
    const fromD = clickRow(EMPTY_SELECTION, 'd', order, false);
    expect(sorted(clickRow(fromD, 'a', order, true).selected)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('shift-click on a selected row clears the range', () => {
    const all = toggleMany(EMPTY_SELECTION, order);
    const anchored = clickRow(clickRow(all, 'b', order, false), 'b', order, false);
    expect(sorted(clickRow(anchored, 'd', order, true).selected)).toEqual(['a', 'e']);
  });

  it('shift-click without an anchor, or with one no longer visible, toggles just that row', () => {
    expect(sorted(clickRow(EMPTY_SELECTION, 'c', order, true).selected)).toEqual(['c']);
    const anchored = clickRow(EMPTY_SELECTION, 'z', ['z', ...order], false);
    expect(sorted(clickRow(anchored, 'c', order, true).selected)).toEqual(['c', 'z']);
  });

  it('select-all-visible adds every visible row, and clears them when all were selected', () => {
    const outside = clickRow(EMPTY_SELECTION, 'x', ['x'], false);
    const all = toggleMany(outside, order);
    expect(sorted(all.selected)).toEqual(['a', 'b', 'c', 'd', 'e', 'x']);
    expect(sorted(toggleMany(all, order).selected)).toEqual(['x']);
    expect(toggleMany(all, [])).toBe(all);
  });

  it('reports the tri-state of a header or group checkbox', () => {
    expect(checkStateOf(new Set(), order)).toBe('none');
    expect(checkStateOf(new Set(['a']), order)).toBe('some');
    expect(checkStateOf(new Set(order), order)).toBe('all');
    expect(checkStateOf(new Set(['a']), [])).toBe('none');
  });

  it('a group checkbox selects all its wallets', () => {
    const group = ['b', 'd'];
    const some = clickRow(EMPTY_SELECTION, 'b', order, false);
    expect(sorted(toggleMany(some, group).selected)).toEqual(['b', 'd']);
  });

  it('prunes rows that vanished and keeps the same object when none did', () => {
    const state = { selected: new Set(['a', 'b', 'c']), anchor: 'c' };
    const pruned = pruneSelection(state, new Set(['a', 'b']));
    expect(sorted(pruned.selected)).toEqual(['a', 'b']);
    expect(pruned.anchor).toBeNull();
    expect(pruneSelection(state, new Set(order))).toBe(state);
  });

  it('selectOnly replaces the selection', () => {
    const only = selectOnly(['c']);
    expect(sorted(only.selected)).toEqual(['c']);
    expect(only.anchor).toBe('c');
  });

  it('a range is always a contiguous run of the visible order (property)', () => {
    const long = Array.from({ length: 30 }, (_, index) => `w${index}`);
    for (let from = 0; from < long.length; from += 7) {
      for (let to = 0; to < long.length; to += 5) {
        // Shift-clicking the anchor itself just toggles it off again.
        if (to === from) continue;
        const anchored = clickRow(EMPTY_SELECTION, long[from] ?? '', long, false);
        const ranged = clickRow(anchored, long[to] ?? '', long, true);
        const picked = long.filter((id) => ranged.selected.has(id));
        expect(picked).toEqual(long.slice(Math.min(from, to), Math.max(from, to) + 1));
      }
    }
  });
});
