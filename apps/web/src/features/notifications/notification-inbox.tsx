import { useEffect, useState } from 'react';
import { useExplorerLinks } from '../explorer/use-explorer-links';
import { cn } from '../../ui/cn';
import { clearNotifications, markAllNotificationsRead } from './notification-store';
import {
  relativeTime,
  unreadCount,
  type AppNotification,
  type NotificationSeverity,
} from './notifications';

const severityDot: Record<NotificationSeverity, string> = {
  info: 'bg-fg-muted',
  success: 'bg-success',
  warning: 'bg-warning',
  error: 'bg-danger',
};

/** The inbox list (spec 1 §2): 300 px high, newest first, Clear All and Mark all as read. */
export function NotificationInbox({
  notifications,
}: {
  readonly notifications: readonly AppNotification[];
}) {
  const now = useMinuteClock();
  const unread = unreadCount(notifications);
  return (
    <div>
      <div className="flex items-center justify-between gap-2 border-b border-border px-3 py-2">
        <h2 className="text-sm font-bold tracking-wide">Notifications</h2>
        <div className="flex gap-1">
          <button
            type="button"
            onClick={markAllNotificationsRead}
            disabled={unread === 0}
            className="rounded px-2 py-1 text-xs text-fg-muted hover:bg-surface-sunken hover:text-fg disabled:cursor-not-allowed disabled:opacity-50"
          >
            Mark all as read
          </button>
          <button
            type="button"
            onClick={clearNotifications}
            disabled={notifications.length === 0}
            className="rounded px-2 py-1 text-xs text-fg-muted hover:bg-surface-sunken hover:text-fg disabled:cursor-not-allowed disabled:opacity-50"
          >
            Clear All
          </button>
        </div>
      </div>
      <ul aria-label="Notification list" className="h-[300px] overflow-y-auto">
        {notifications.length === 0 ? (
          <li className="flex h-full items-center justify-center text-sm text-fg-muted">
            No notifications yet
          </li>
        ) : (
          notifications.map((notification) => (
            <NotificationRow key={notification.id} notification={notification} now={now} />
          ))
        )}
      </ul>
    </div>
  );
}

function NotificationRow({
  notification,
  now,
}: {
  readonly notification: AppNotification;
  readonly now: number;
}) {
  const explorer = useExplorerLinks();
  const link = notification.txId ? explorer.tx(notification.txId) : undefined;
  return (
    <li
      className={cn(
        'flex gap-2 border-b border-border px-3 py-2 last:border-b-0',
        !notification.read && 'bg-surface-sunken/60',
      )}
    >
      <span
        className={cn('mt-1.5 size-2 shrink-0 rounded-full', severityDot[notification.severity])}
        aria-hidden
      />
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-2">
          <p className={cn('truncate text-sm', !notification.read && 'font-semibold')}>
            <span className="sr-only">
              {notification.severity}
              {notification.read ? '' : ', unread'}:{' '}
            </span>
            {notification.title}
          </p>
          <time
            dateTime={new Date(notification.timestamp).toISOString()}
            title={new Date(notification.timestamp).toLocaleString()}
            className="shrink-0 text-[11px] text-fg-muted"
          >
            {relativeTime(notification.timestamp, now)}
          </time>
        </div>
        {notification.message ? (
          // Messages carry base58 addresses, which the uppercase text style would misspell.
          <p className="mt-0.5 text-xs break-words text-fg-muted normal-case">
            {notification.message}
          </p>
        ) : null}
        {link ? (
          <a
            href={link}
            target="_blank"
            rel="noreferrer noopener"
            className="mt-0.5 inline-block text-xs text-accent underline"
          >
            View transaction
          </a>
        ) : null}
      </div>
    </li>
  );
}

/** "5 min ago" must move on while the list is open, but a minute's precision is enough. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
