import type { NotificationSeverity } from './notifications';

/**
 * Spec 1 §4 names three ways to show a notification: toast, banner and modal. A caller that names
 * any other kind (a typo, a kind from a newer server) gets only a console warning (spec 1 §8):
 * the operator never sees a broken message, and nothing throws.
 */
export const NOTIFICATION_KINDS = ['toast', 'banner', 'modal'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface PresentedNotification {
  readonly title: string;
  readonly message?: string;
  readonly severity?: NotificationSeverity;
  readonly txId?: string;
  readonly durationMs?: number;
}

export type Presenters = Readonly<
  Record<NotificationKind, (notification: PresentedNotification) => void>
> & { readonly warn: (message: string) => void };

export function isNotificationKind(kind: string): kind is NotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(kind);
}

/** Hands the notification to the presenter of its kind; false when the kind is unknown. */
export function presentNotification(
  kind: string,
  notification: PresentedNotification,
  presenters: Presenters,
): boolean {
  if (!isNotificationKind(kind)) {
    presenters.warn(`Unknown notification type "${kind}": "${notification.title}" not shown`);
    return false;
  }
  presenters[kind](notification);
  return true;
}
