import { describe, expect, it } from 'vitest';
import {
  canDeletePermanently,
  canRestore,
  restoredDescription,
  selectedInList,
  toggleAll,
  toggleId,
} from './archive-selection';

const listed = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];

describe('archive selection', () => {
  it('toggles one wallet in and out', () => {
    const once = toggleId(new Set(), 'a');
    expect([...once]).toEqual(['a']);
    expect([...toggleId(once, 'a')]).toEqual([]);
  });

  it('selects all, then clears when all are selected', () => {
    const all = toggleAll(new Set(['a']), listed);
    expect([...all].sort()).toEqual(['a', 'b', 'c']);
    expect([...toggleAll(all, listed)]).toEqual([]);
    expect([...toggleAll(new Set(), [])]).toEqual([]);
  });

  it('reads the selection through the current list, dropping vanished wallets', () => {
    expect(selectedInList(new Set(['c', 'gone', 'a']), listed)).toEqual(['a', 'c']);
  });

  it('restores only with a selection', () => {
    expect(canRestore([])).toBe(false);
    expect(canRestore(['a'])).toBe(true);
  });

  it('deletes for good only with a selection and the exact sentence', () => {
    expect(canDeletePermanently(['a'], 'DELETE PERMANENTLY')).toBe(true);
    expect(canDeletePermanently(['a'], 'delete permanently')).toBe(false);
    expect(canDeletePermanently([], 'DELETE PERMANENTLY')).toBe(false);
  });

  it('asks for the count as well when the wallets hold funds, digits only', () => {
    const funds = (typedCount: string) => ({ countNeeded: true, typedCount });
    expect(canDeletePermanently(['a', 'b'], 'DELETE PERMANENTLY', funds(''))).toBe(false);
    expect(canDeletePermanently(['a', 'b'], 'DELETE PERMANENTLY', funds('1'))).toBe(false);
    expect(canDeletePermanently(['a', 'b'], 'DELETE PERMANENTLY', funds('2.0'))).toBe(false);
    expect(canDeletePermanently(['a', 'b'], 'DELETE PERMANENTLY', funds(' 2 '))).toBe(true);
    expect(canDeletePermanently(['a', 'b'], 'delete', funds('2'))).toBe(false);
    expect(
      canDeletePermanently(['a'], 'DELETE PERMANENTLY', { countNeeded: false, typedCount: '' }),
    ).toBe(true);
  });

  it('counts restored wallets', () => {
    expect(restoredDescription(1)).toBe('1 wallet restored.');
    expect(restoredDescription(4)).toBe('4 wallets restored.');
  });
});
