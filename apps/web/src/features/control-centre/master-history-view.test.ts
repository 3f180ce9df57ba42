import type { MasterHistoryEntry } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import {
  controlCentreSection,
  historyEntries,
  historyRow,
  NOT_STORED,
  SYSTEM_AUTOMATION,
} from './master-history-view';

function entry(overrides: Partial<MasterHistoryEntry> & { id: string }): MasterHistoryEntry {
  return {
    action: 'set',
    created_at: '2026-11-22T01:00:00Z',
    requested_by: null,
    triggered_via: null,
    previous_address: null,
    previous_private_key: null,
    new_address: null,
    new_private_key: null,
    note: null,
    previous_key_stored: false,
    new_key_stored: false,
    ...overrides,
  };
}

describe('a master wallet history entry', () => {
  it('is labelled with the event names of spec 1 §3', () => {
    const labels = ['set', 'swap', 'refresh', 'cleared', 'mystery'].map(
      (action) => historyRow(entry({ id: action, action })).label,
    );
    expect(labels).toEqual([
      'Initialised',
      'Swapped',
      'Credentials refreshed',
      'Cleared',
      'Unknown',
    ]);
  });

  it('reads as system automation when nobody is recorded as the requester', () => {
    expect(historyRow(entry({ id: '1' })).requester).toBe(SYSTEM_AUTOMATION);
    expect(historyRow(entry({ id: '1', requested_by: '  ' })).requester).toBe(SYSTEM_AUTOMATION);
    expect(historyRow(entry({ id: '1', requested_by: 'ops@example.com' })).requester).toBe(
      'ops@example.com',
    );
  });

  it('lists the previous and new values; a key not stored reads "Encrypted – not stored"', () => {
    const row = historyRow(
      entry({ id: '1', action: 'swap', previous_address: 'A', new_address: 'B' }),
    );
    expect(row.previous).toEqual({
      address: { label: 'Previous address', kind: 'address', value: 'A' },
      key: {
        label: 'Previous key',
        kind: 'key',
        entryId: '1',
        side: 'previous',
        address: 'A',
        stored: false,
      },
    });
    expect(row.next.address).toEqual({ label: 'New address', kind: 'address', value: 'B' });
    expect(row.next.key).toMatchObject({ label: 'New key', side: 'new', stored: false });
    expect(NOT_STORED).toBe('Encrypted – not stored');
  });

  it('offers a stored key for reveal by entry and side, never carrying the key itself', () => {
    const row = historyRow(
      entry({
        id: '7',
        action: 'swap',
        previous_address: 'A',
        new_address: 'B',
        previous_key_stored: true,
        new_key_stored: true,
      }),
    );
    expect(row.previous.key).toMatchObject({ entryId: '7', side: 'previous', stored: true });
    expect(row.next.key).toMatchObject({ entryId: '7', side: 'new', stored: true });
    expect(JSON.stringify(row)).not.toContain('private');
  });

  it('does not offer a key whose address is not recorded', () => {
    const row = historyRow(entry({ id: '8', previous_key_stored: true }));
    expect(row.previous.key.stored).toBe(false);
  });
});

describe('the loaded history pages', () => {
  it('are joined in order with any repeated entry shown once', () => {
    const pages = [
      { entries: [entry({ id: '3' }), entry({ id: '2' })], hasMore: true, nextCursor: 'c' },
      { entries: [entry({ id: '2' }), entry({ id: '1' })], hasMore: false, nextCursor: null },
    ];
    expect(historyEntries(pages).map((item) => item.id)).toEqual(['3', '2', '1']);
  });
});

describe('the Control Centre side menu', () => {
  it('opens Master wallet history unless Overview is asked for', () => {
    expect(controlCentreSection(null)).toBe('history');
    expect(controlCentreSection('nonsense')).toBe('history');
    expect(controlCentreSection('overview')).toBe('overview');
    expect(controlCentreSection('audit')).toBe('audit');
    expect(controlCentreSection('fees')).toBe('fees');
  });
});
