import type { FeedNotification } from '@fleet/core';
import { z } from 'zod';

/**
 * The notification inbox of spec 1 §3 and §9: id, title, message, severity, txId, timestamp and a
 * read flag; the newest 50 are kept and the bell's badge is capped at "99+". Everything here is
 * pure so the rules are tested without a browser; the store only keeps the list and saves it.
 */
export const NOTIFICATION_SEVERITIES = ['info', 'success', 'warning', 'error'] as const;
export type NotificationSeverity = (typeof NOTIFICATION_SEVERITIES)[number];

export const NOTIFICATION_HISTORY_LIMIT = 50;
export const BADGE_CAP = 99;
export const NOTIFICATIONS_STORAGE_KEY = 'fleet.notifications';
/** The user id whose inbox is stored (see `claimNotifications`). */
export const NOTIFICATIONS_OWNER_STORAGE_KEY = 'fleet.notifications.owner';
/** Where the server feed was read up to, for which user (see `feedCursorFor`). */
export const NOTIFICATIONS_FEED_CURSOR_STORAGE_KEY = 'fleet.notifications.feed';

const notificationSchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  message: z.string(),
  severity: z.enum(NOTIFICATION_SEVERITIES),
  txId: z.string().nullable(),
  /** Epoch milliseconds. */
  timestamp: z.number().int().nonnegative(),
  read: z.boolean(),
});

export type AppNotification = Readonly<z.infer<typeof notificationSchema>>;

export interface NotificationInput {
  readonly title: string;
  readonly message?: string;
  readonly severity?: NotificationSeverity;
  readonly txId?: string;
}

/** Newest first, capped at the history limit: the oldest fall off the end. */
export function withNotification(
  list: readonly AppNotification[],
  notification: AppNotification,
): readonly AppNotification[] {
  return Object.freeze([notification, ...list].slice(0, NOTIFICATION_HISTORY_LIMIT));
}

export function createNotification(
  input: NotificationInput,
  id: string,
  timestamp: number,
): AppNotification {
  return Object.freeze({
    id,
    title: input.title,
    message: input.message ?? '',
    severity: input.severity ?? 'info',
    txId: input.txId ?? null,
    timestamp,
    read: false,
  });
}

export function allRead(list: readonly AppNotification[]): readonly AppNotification[] {
  return list.every((entry) => entry.read)
    ? list
    : Object.freeze(list.map((entry) => (entry.read ? entry : { ...entry, read: true })));
}

export function unreadCount(list: readonly AppNotification[]): number {
  return list.filter((entry) => !entry.read).length;
}

/** The bell's badge: nothing at zero, the count up to 99, then "99+". */
export function badgeText(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > BADGE_CAP ? `${BADGE_CAP}+` : String(unread);
}

/**
 * Reads the saved inbox forgivingly: a malformed entry is dropped, a malformed whole means an empty
 * inbox, so a corrupted entry in localStorage never breaks the header.
 */
export function parseStoredNotifications(stored: string | null): readonly AppNotification[] {
  if (!stored) return Object.freeze([]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return Object.freeze([]);
  }
  if (!Array.isArray(parsed)) return Object.freeze([]);
  const entries = parsed.flatMap((entry) => {
    const result = notificationSchema.safeParse(entry);
    return result.success ? [Object.freeze(result.data)] : [];
  });
  return Object.freeze(entries.slice(0, NOTIFICATION_HISTORY_LIMIT));
}

/** "just now", "5 min ago", "3 h ago", "2 d ago": short enough for a 300 px list. */
export function relativeTime(timestamp: number, now: number): string {
  const seconds = Math.max(0, Math.floor((now - timestamp) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} d ago`;
}

/**
 * Entries from the server's feed (`GET /api/notifications`) merged into the inbox: unread, at the
 * time they happened, never twice (an id already in the inbox is skipped), newest first, the last
 * 50 kept.
 */
export function withFeedNotifications(
  list: readonly AppNotification[],
  entries: readonly FeedNotification[],
): readonly AppNotification[] {
  const known = new Set(list.map((entry) => entry.id));
  const added = entries
    .filter((entry) => !known.has(entry.id))
    .map((entry) =>
      Object.freeze({
        id: entry.id,
        title: entry.title,
        message: entry.message,
        severity: entry.severity,
        txId: null,
        timestamp: Date.parse(entry.at),
        read: false,
      }),
    );
  if (added.length === 0) return list;
  return Object.freeze(
    [...added, ...list]
      .sort((a, b) => b.timestamp - a.timestamp)
      .slice(0, NOTIFICATION_HISTORY_LIMIT),
  );
}

const feedCursorSchema = z.object({ userId: z.string(), since: z.string() });

/**
 * The instant the feed was read up to for this user, from its stored form; undefined for another
 * user's cursor or none (then the feed starts from the beginning: the server sends only what
 * happened since the user's account was made, at most 50).
 */
export function feedCursorFor(stored: string | null, userId: string): string | undefined {
  if (!stored) return undefined;
  try {
    const parsed = feedCursorSchema.safeParse(JSON.parse(stored));
    return parsed.success && parsed.data.userId === userId ? parsed.data.since : undefined;
  } catch {
    return undefined;
  }
}

/** The cursor after a feed answer: the newest instant seen, kept when the answer had nothing. */
export function nextFeedCursor(
  since: string | undefined,
  entries: readonly FeedNotification[],
): string | undefined {
  return entries.reduce<string | undefined>(
    (newest, entry) =>
      newest === undefined || Date.parse(entry.at) > Date.parse(newest) ? entry.at : newest,
    since,
  );
}
