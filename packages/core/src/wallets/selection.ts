/**
 * Row selection of the wallet table (spec 2 §4): a checkbox per row, shift-click ranges from the
 * last clicked row over the order the operator sees, group checkboxes, select-all-visible, and
 * pruning of wallets that left the list. Every function returns a new state, or the same object
 * when nothing changed (so React skips the render).
 */
export interface SelectionState {
  readonly selected: ReadonlySet<string>;
  /** The last row clicked without shift: where the next shift-click range starts. */
  readonly anchor: string | null;
}

export const EMPTY_SELECTION: SelectionState = Object.freeze({
  selected: new Set<string>(),
  anchor: null,
});

/**
 * A click on one row's checkbox. With shift and an anchor still in `visibleOrder`, every row
 * between the anchor and the clicked one (inclusive) takes the clicked row's new state.
 */
export function clickRow(
  state: SelectionState,
  id: string,
  visibleOrder: readonly string[],
  shiftKey: boolean,
): SelectionState {
  const willSelect = !state.selected.has(id);
  const next = new Set(state.selected);
  const anchorIndex = shiftKey && state.anchor !== null ? visibleOrder.indexOf(state.anchor) : -1;
  const targetIndex = anchorIndex >= 0 ? visibleOrder.indexOf(id) : -1;
  if (anchorIndex >= 0 && targetIndex >= 0) {
    const from = Math.min(anchorIndex, targetIndex);
    const to = Math.max(anchorIndex, targetIndex);
    for (let i = from; i <= to; i += 1) {
      const rowId = visibleOrder[i];
      if (rowId === undefined) continue;
      if (willSelect) next.add(rowId);
      else next.delete(rowId);
    }
  } else if (willSelect) {
    next.add(id);
  } else {
    next.delete(id);
  }
  return { selected: next, anchor: id };
}

export type CheckState = 'none' | 'some' | 'all';

/** The header or group checkbox: none, some (indeterminate) or all of `ids` selected. */
export function checkStateOf(selected: ReadonlySet<string>, ids: readonly string[]): CheckState {
  if (ids.length === 0 || selected.size === 0) return 'none';
  let count = 0;
  for (const id of ids) if (selected.has(id)) count += 1;
  if (count === 0) return 'none';
  return count === ids.length ? 'all' : 'some';
}

/**
 * Select-all-visible and the group checkbox: when every id is already selected they are all
 * cleared, otherwise they are all added. Selections outside `ids` are kept.
 */
export function toggleMany(state: SelectionState, ids: readonly string[]): SelectionState {
  const selectAll = checkStateOf(state.selected, ids) !== 'all';
  if (ids.length === 0) return state;
  const next = new Set(state.selected);
  for (const id of ids) {
    if (selectAll) next.add(id);
    else next.delete(id);
  }
  return { selected: next, anchor: state.anchor };
}

/** Replaces the selection (the Toolkit, or landing on `?address=`). */
export function selectOnly(ids: readonly string[]): SelectionState {
  return { selected: new Set(ids), anchor: ids.length === 1 ? (ids[0] ?? null) : null };
}

/** Drops ids that are no longer in the list; the anchor goes too when its row vanished. */
export function pruneSelection(
  state: SelectionState,
  existing: { has(id: string): boolean },
): SelectionState {
  let changed = false;
  const next = new Set<string>();
  for (const id of state.selected) {
    if (existing.has(id)) next.add(id);
    else changed = true;
  }
  const anchorGone = state.anchor !== null && !existing.has(state.anchor);
  if (!changed && !anchorGone) return state;
  return { selected: changed ? next : state.selected, anchor: anchorGone ? null : state.anchor };
}
