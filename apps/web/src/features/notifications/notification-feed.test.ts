import type { FeedNotification } from '@fleet/core';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as NotificationStore from './notification-store';
import {
  NOTIFICATION_HISTORY_LIMIT,
  createNotification,
  feedCursorFor,
  nextFeedCursor,
  withFeedNotifications,
} from './notifications';

const joined = (email: string, at: string): FeedNotification => ({
  id: `join-${email}`,
  title: 'New member',
  message: `${email} joined this licence`,
  severity: 'info',
  at,
});

describe('server notifications in the inbox', () => {
  it('adds feed entries unread, at their own time, newest first, each once', () => {
    const local = createNotification(
      { title: 'Copied' },
      'local',
      Date.parse('2026-01-01T10:30:00Z'),
    );
    const entries = [
      joined('b@example.com', '2026-01-01T11:00:00.000Z'),
      joined('a@example.com', '2026-01-01T10:00:00.000Z'),
    ];
    const merged = withFeedNotifications([local], entries);
    expect(merged.map((entry) => entry.id)).toEqual([
      'join-b@example.com',
      'local',
      'join-a@example.com',
    ]);
    expect(merged[0]).toMatchObject({
      read: false,
      txId: null,
      timestamp: Date.parse(entries[0]?.at ?? ''),
    });
    expect(withFeedNotifications(merged, entries)).toBe(merged);
  });

  it('keeps only the last 50', () => {
    const entries = Array.from({ length: 60 }, (_, index) =>
      joined(`m${index}@example.com`, new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString()),
    );
    const merged = withFeedNotifications([], entries);
    expect(merged).toHaveLength(NOTIFICATION_HISTORY_LIMIT);
    expect(merged[0]?.id).toBe('join-m59@example.com');
  });

  it('reads a cursor only for its own user and moves it to the newest entry', () => {
    const stored = JSON.stringify({ userId: 'u1', since: '2026-01-01T10:00:00.000Z' });
    expect(feedCursorFor(stored, 'u1')).toBe('2026-01-01T10:00:00.000Z');
    expect(feedCursorFor(stored, 'u2')).toBeUndefined();
    expect(feedCursorFor('not json', 'u1')).toBeUndefined();
    expect(feedCursorFor(null, 'u1')).toBeUndefined();
    expect(nextFeedCursor(undefined, [])).toBeUndefined();
    expect(
      nextFeedCursor('2026-01-01T10:00:00.000Z', [
        joined('a@example.com', '2026-01-01T09:00:00.000Z'),
        joined('b@example.com', '2026-01-01T12:00:00.000Z'),
      ]),
    ).toBe('2026-01-01T12:00:00.000Z');
  });
});

describe('the inbox store and the server feed', () => {
  // The store reads localStorage when it loads: give it one first (the tests run in Node).
  const items = new Map<string, string>();
  let store: typeof NotificationStore;
  beforeAll(async () => {
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    });
    vi.stubGlobal('window', { addEventListener: () => {}, removeEventListener: () => {} });
    store = await import('./notification-store');
  });
  beforeEach(() => {
    items.clear();
    store.clearNotifications();
  });

  it('never shows an entry twice, also after Clear All, and starts over for another user', () => {
    const entry = joined('c@example.com', '2026-02-01T08:00:00.000Z');
    expect(store.serverFeedCursor('u1')).toBeUndefined();
    store.receiveServerNotifications('u1', [entry]);
    store.receiveServerNotifications('u1', [entry]);
    expect(store.notificationsNow().map((item) => item.message)).toEqual([
      'c@example.com joined this licence',
    ]);
    expect(store.serverFeedCursor('u1')).toBe(entry.at);

    store.clearNotifications();
    // A reload asks from the cursor, so the server does not send it again.
    expect(store.serverFeedCursor('u1')).toBe(entry.at);

    expect(store.serverFeedCursor('u2')).toBeUndefined();
    store.receiveServerNotifications('u2', [joined('d@example.com', '2026-02-01T09:00:00.000Z')]);
    expect(store.notificationsNow().map((item) => item.message)).toEqual([
      'd@example.com joined this licence',
    ]);
  });
});
