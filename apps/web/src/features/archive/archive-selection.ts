import { PERMANENT_DELETE_CONFIRMATION } from '@fleet/core';

/**
 * Selection in the archive list. Kept as a set of ids and always read through the current list, so
 * wallets that were restored or deleted elsewhere drop out of the selection by themselves.
 */
export function toggleId(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** Select all when not all are selected, otherwise clear. */
export function toggleAll(
  selected: ReadonlySet<string>,
  listed: readonly { readonly id: string }[],
): Set<string> {
  const allSelected = listed.length > 0 && listed.every((wallet) => selected.has(wallet.id));
  return allSelected ? new Set() : new Set(listed.map((wallet) => wallet.id));
}

/** The selected ids that are still in the list, in list order. */
export function selectedInList(
  selected: ReadonlySet<string>,
  listed: readonly { readonly id: string }[],
): string[] {
  return listed.filter((wallet) => selected.has(wallet.id)).map((wallet) => wallet.id);
}

/** Spec 2 §5: Restore needs at least one archived wallet selected. */
export function canRestore(selectedIds: readonly string[]): boolean {
  return selectedIds.length > 0;
}

/**
 * Permanent deletion needs the sentence typed exactly, on top of a selection; when the wallets
 * hold funds (or may), also their count typed as a number.
 */
export function canDeletePermanently(
  selectedIds: readonly string[],
  typed: string,
  funds: { readonly countNeeded: boolean; readonly typedCount: string } = {
    countNeeded: false,
    typedCount: '',
  },
): boolean {
  return (
    selectedIds.length > 0 &&
    typed.trim() === PERMANENT_DELETE_CONFIRMATION &&
    (!funds.countNeeded || typedCountMatches(funds.typedCount, selectedIds.length))
  );
}

/** The typed count, as digits only, equal to the number of wallets being deleted. */
export function typedCountMatches(typed: string, count: number): boolean {
  const text = typed.trim();
  return /^\d+$/.test(text) && Number(text) === count;
}

export function restoredDescription(count: number): string {
  return `${count} ${count === 1 ? 'wallet' : 'wallets'} restored.`;
}

/** Spec 2 §8 archive fetch failure. */
export const ARCHIVE_FETCH_FAILED = Object.freeze({
  title: 'Failed to fetch archive',
  fallback: 'Please try again.',
});
