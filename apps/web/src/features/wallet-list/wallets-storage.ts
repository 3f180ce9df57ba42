import {
  localDayKey,
  SEGMENT_DATE_STORAGE_KEY,
  SEGMENT_STORAGE_KEY,
  segmentForToday,
  type WalletSegment,
} from '@fleet/core';

/**
 * What the wallet page remembers: the segment for the day (session storage, spec 2 §4), and in
 * local storage the last tab and whether the Portfolio Overview is expanded (spec 2 §2.1, §9).
 * Storage can be refused (privacy mode); the page then simply starts from the defaults.
 */
export const TAB_STORAGE_KEY = 'wallets.tab';
export const STATS_EXPANDED_STORAGE_KEY = 'statsExpanded';

export const WALLET_TABS = ['list', 'seeds', 'groups', 'archive'] as const;
export type WalletTab = (typeof WALLET_TABS)[number];

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function write(storage: () => Storage, key: string, value: string): void {
  try {
    storage().setItem(key, value);
  } catch {
    // Refused: the choice holds for this page only.
  }
}

const session = () => sessionStorage;
const local = () => localStorage;

export function readSegment(today: Date): WalletSegment {
  return segmentForToday(
    read(session, SEGMENT_DATE_STORAGE_KEY),
    read(session, SEGMENT_STORAGE_KEY),
    localDayKey(today),
  );
}

export function writeSegment(segment: WalletSegment, today: Date): void {
  write(session, SEGMENT_STORAGE_KEY, segment);
  write(session, SEGMENT_DATE_STORAGE_KEY, localDayKey(today));
}

export function parseTab(value: string | null): WalletTab {
  return WALLET_TABS.find((tab) => tab === value) ?? 'list';
}

export function readTab(): WalletTab {
  return parseTab(read(local, TAB_STORAGE_KEY));
}

export function writeTab(tab: WalletTab): void {
  write(local, TAB_STORAGE_KEY, tab);
}

/** Expanded unless the operator collapsed it. */
export function readStatsExpanded(): boolean {
  return read(local, STATS_EXPANDED_STORAGE_KEY) !== 'false';
}

export function writeStatsExpanded(expanded: boolean): void {
  write(local, STATS_EXPANDED_STORAGE_KEY, String(expanded));
}
