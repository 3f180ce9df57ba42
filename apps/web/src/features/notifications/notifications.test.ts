import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_HISTORY_LIMIT,
  allRead,
  badgeText,
  createNotification,
  parseStoredNotifications,
  relativeTime,
  unreadCount,
  withNotification,
  type AppNotification,
} from './notifications';

const make = (n: number, read = false): AppNotification => ({
  ...createNotification({ title: `n${n}` }, `id-${n}`, n),
  read,
});

describe('notification inbox', () => {
  it('creates an unread info notification without a transaction by default', () => {
    expect(createNotification({ title: 'Saved' }, 'a', 5)).toEqual({
      id: 'a',
      title: 'Saved',
      message: '',
      severity: 'info',
      txId: null,
      timestamp: 5,
      read: false,
    });
  });

  it('puts the newest first and keeps only the last 50', () => {
    let list: readonly AppNotification[] = [];
    for (let n = 1; n <= 60; n += 1) list = withNotification(list, make(n));
    expect(list).toHaveLength(NOTIFICATION_HISTORY_LIMIT);
    expect(list[0]?.title).toBe('n60');
    expect(list.at(-1)?.title).toBe('n11');
  });

  it('marks every notification read and counts the unread ones', () => {
    const list = [make(1), make(2, true), make(3)];
    expect(unreadCount(list)).toBe(2);
    const read = allRead(list);
    expect(unreadCount(read)).toBe(0);
    expect(read.map((entry) => entry.title)).toEqual(['n1', 'n2', 'n3']);
    expect(allRead(read)).toBe(read);
  });

  it('caps the badge at 99+ and shows nothing at zero', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });

  it('reads the saved inbox and drops what is malformed', () => {
    const good = make(1);
    const stored = JSON.stringify([good, { ...good, severity: 'panic' }, 'x', { id: 'only' }]);
    expect(parseStoredNotifications(stored)).toEqual([good]);
    expect(parseStoredNotifications('{nope')).toEqual([]);
    expect(parseStoredNotifications('{"a":1}')).toEqual([]);
    expect(parseStoredNotifications(null)).toEqual([]);
  });

  it('says how long ago a notification arrived', () => {
    const now = 10 * 86_400_000;
    expect(relativeTime(now - 5_000, now)).toBe('just now');
    expect(relativeTime(now + 5_000, now)).toBe('just now');
    expect(relativeTime(now - 5 * 60_000, now)).toBe('5 min ago');
    expect(relativeTime(now - 3 * 3_600_000, now)).toBe('3 h ago');
    expect(relativeTime(now - 2 * 86_400_000, now)).toBe('2 d ago');
  });
});
