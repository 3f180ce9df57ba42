import { Bell } from 'lucide-react';
import { Popover } from 'radix-ui';
import { setInboxOpen, useInboxOpen } from './inbox-visibility';
import { NotificationInbox } from './notification-inbox';
import { useNotifications } from './notification-store';
import { badgeText, unreadCount } from './notifications';
import { useNotificationFeed } from './use-notification-feed';

/**
 * The header's bell (spec 1 §2): unread badge capped at "99+", the inbox in a popover. Shown only
 * to a signed-in operator, so it is also where the server's notifications are fetched for `userId`
 * (passed in by the shell: the session feature depends on notifications, not the other way).
 */
export function NotificationBell({ userId }: { readonly userId: string | undefined }) {
  useNotificationFeed(userId);
  const notifications = useNotifications();
  const open = useInboxOpen();
  const unread = unreadCount(notifications);
  const badge = badgeText(unread);
  return (
    <Popover.Root open={open} onOpenChange={setInboxOpen}>
      <Popover.Trigger asChild>
        <button
          type="button"
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
          className="relative inline-flex size-9 items-center justify-center rounded-md text-fg-muted hover:bg-surface-sunken hover:text-fg"
        >
          <Bell className="size-5" aria-hidden />
          {badge ? (
            <span
              aria-hidden
              data-testid="notification-badge"
              className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-danger px-1 text-center text-[10px] leading-5 font-bold text-white"
            >
              {badge}
            </span>
          ) : null}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          aria-label="Notifications"
          // The settings menu's "Inbox" item opens this list while that menu hands focus back to
          // its own button; only a click outside, Escape or the bell closes the list.
          onFocusOutside={(event) => event.preventDefault()}
          className="z-50 w-96 max-w-[calc(100vw-2rem)] rounded-md border border-border bg-surface-raised shadow-xl focus:outline-none"
        >
          <NotificationInbox notifications={notifications} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
