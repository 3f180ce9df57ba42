import {
  masterHistoryLabel,
  type MasterHistoryEntry,
  type MasterHistoryKeySide,
  type MasterHistoryPage,
} from '@fleet/core';

/**
 * Spec 1 §3: a stored value may be absent. Keys are kept sealed since migration 0013 and revealed
 * one at a time on request; older entries have none.
 */
export const NOT_STORED = 'Encrypted – not stored';
export const SYSTEM_AUTOMATION = 'system automation';

export interface HistoryValue {
  readonly label: string;
  readonly kind: 'address' | 'key';
  /** null when the value was not stored for this event, and always for a key. */
  readonly value: string | null;
}

/** A key kept by an entry: never in the page, revealed by an audited call on request. */
export interface HistoryKey {
  readonly label: string;
  readonly kind: 'key';
  readonly entryId: string;
  readonly side: MasterHistoryKeySide;
  /** The address the key belongs to, for the confirmation. */
  readonly address: string | null;
  readonly stored: boolean;
}

/** The wallet on one side of an event: its address and its key, each possibly absent. */
export interface HistorySide {
  readonly address: HistoryValue;
  readonly key: HistoryKey;
}

export interface HistoryRow {
  readonly id: string;
  readonly label: string;
  readonly createdAt: string;
  readonly requester: string;
  readonly via: string | null;
  readonly note: string | null;
  readonly previous: HistorySide;
  readonly next: HistorySide;
}

/** One history entry as the Control Centre lists it. */
export function historyRow(entry: MasterHistoryEntry): HistoryRow {
  return {
    id: entry.id,
    label: masterHistoryLabel(entry.action),
    createdAt: entry.created_at,
    requester: entry.requested_by?.trim() ? entry.requested_by : SYSTEM_AUTOMATION,
    via: entry.triggered_via,
    note: entry.note,
    previous: {
      address: { label: 'Previous address', kind: 'address', value: entry.previous_address },
      key: {
        label: 'Previous key',
        kind: 'key',
        entryId: entry.id,
        side: 'previous',
        address: entry.previous_address,
        stored: entry.previous_key_stored && entry.previous_address !== null,
      },
    },
    next: {
      address: { label: 'New address', kind: 'address', value: entry.new_address },
      key: {
        label: 'New key',
        kind: 'key',
        entryId: entry.id,
        side: 'new',
        address: entry.new_address,
        stored: entry.new_key_stored && entry.new_address !== null,
      },
    },
  };
}

/** Every entry of the pages loaded so far, once each (a page boundary may repeat one). */
export function historyEntries(pages: readonly MasterHistoryPage[]): MasterHistoryEntry[] {
  const seen = new Set<string>();
  return pages.flatMap((page) =>
    page.entries.filter((entry) => (seen.has(entry.id) ? false : (seen.add(entry.id), true))),
  );
}

/**
 * The Control Centre's side menu (spec 1 §2, plus the audit log of issue 14); Master wallet
 * history is the default.
 */
export const CONTROL_CENTRE_SECTIONS = ['overview', 'history', 'audit', 'fees'] as const;
export type ControlCentreSection = (typeof CONTROL_CENTRE_SECTIONS)[number];

export function controlCentreSection(param: string | null): ControlCentreSection {
  return CONTROL_CENTRE_SECTIONS.find((section) => section === param) ?? 'history';
}
