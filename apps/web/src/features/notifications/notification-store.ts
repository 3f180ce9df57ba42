import { useSyncExternalStore } from 'react';
import type { FeedNotification } from '@fleet/core';
import {
  NOTIFICATIONS_FEED_CURSOR_STORAGE_KEY,
  NOTIFICATIONS_OWNER_STORAGE_KEY,
  NOTIFICATIONS_STORAGE_KEY,
  allRead,
  createNotification,
  feedCursorFor,
  nextFeedCursor,
  parseStoredNotifications,
  withFeedNotifications,
  withNotification,
  type AppNotification,
  type NotificationInput,
} from './notifications';

/**
 * The inbox as a tiny external store saved in localStorage, so the bell, the list and `notify`
 * callers outside React (the toast provider) share one list that survives a reload.
 */
const listeners = new Set<() => void>();
let current: readonly AppNotification[] = parseStoredNotifications(
  readItem(NOTIFICATIONS_STORAGE_KEY),
);
let sequence = 0;

export function useNotifications(): readonly AppNotification[] {
  return useSyncExternalStore(subscribe, notificationsNow);
}

/** The inbox as it is now, outside React. */
export function notificationsNow(): readonly AppNotification[] {
  return current;
}

/** Adds a notification to the inbox (unread, newest first). */
export function notify(input: NotificationInput): AppNotification {
  sequence += 1;
  const now = Date.now();
  const notification = createNotification(input, `${now.toString(36)}-${sequence}`, now);
  update(withNotification(current, notification));
  return notification;
}

/** The toast provider's hook into the inbox: every toast is also kept as a notification. */
export function recordToast(toast: {
  readonly title: string;
  readonly description?: string;
  readonly severity?: NotificationInput['severity'];
  readonly txId?: string;
}): void {
  notify({
    title: toast.title,
    ...(toast.description === undefined ? {} : { message: toast.description }),
    ...(toast.severity === undefined ? {} : { severity: toast.severity }),
    ...(toast.txId === undefined ? {} : { txId: toast.txId }),
  });
}

export function markAllNotificationsRead(): void {
  update(allRead(current));
}

export function clearNotifications(): void {
  update(Object.freeze([]));
}

/**
 * The inbox belongs to one signed-in user: its messages name wallets of that user's licence.
 * A different user signing in on this browser starts with an empty inbox; the same user keeps
 * theirs across sessions.
 */
export function claimNotifications(userId: string): void {
  if (readStoredOwner() === userId) return;
  clearNotifications();
  try {
    localStorage.setItem(NOTIFICATIONS_OWNER_STORAGE_KEY, userId);
  } catch {
    // Storage refused: the inbox was emptied in memory, which is what matters here.
  }
}

/** Where this user's server feed was read up to (an ISO instant), or undefined to start over. */
export function serverFeedCursor(userId: string): string | undefined {
  return feedCursorFor(readItem(NOTIFICATIONS_FEED_CURSOR_STORAGE_KEY), userId);
}

/**
 * A server feed answer for this user: its entries join the inbox (once each, even across reloads
 * and after Clear All, because the cursor moves past them) and the cursor moves to the newest.
 */
export function receiveServerNotifications(
  userId: string,
  entries: readonly FeedNotification[],
): void {
  claimNotifications(userId);
  const since = serverFeedCursor(userId);
  update(withFeedNotifications(current, entries));
  const next = nextFeedCursor(since, entries);
  if (next === undefined || next === since) return;
  try {
    localStorage.setItem(
      NOTIFICATIONS_FEED_CURSOR_STORAGE_KEY,
      JSON.stringify({ userId, since: next }),
    );
  } catch {
    // Storage refused: the ids already in the inbox still keep the entries from coming twice.
  }
}

function readStoredOwner(): string | null {
  return readItem(NOTIFICATIONS_OWNER_STORAGE_KEY);
}

function readItem(key: string): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(key);
  } catch {
    return null;
  }
}

function update(next: readonly AppNotification[]): void {
  if (next === current) return;
  current = next;
  try {
    localStorage.setItem(NOTIFICATIONS_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage refused (privacy mode, quota): the inbox still holds for this page.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

// Another tab's inbox changes show up here too, so two open consoles agree on the badge.
function onStorage(event: StorageEvent): void {
  if (event.key !== NOTIFICATIONS_STORAGE_KEY) return;
  current = parseStoredNotifications(event.newValue);
  for (const listener of listeners) listener();
}
