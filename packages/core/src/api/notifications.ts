import { z } from 'zod';

/**
 * `GET /api/notifications?since=`: what the server has to tell the signed-in operator's inbox
 * (today: who joined their licence). Newest first, at most `NOTIFICATION_FEED_LIMIT` entries, each
 * shaped like an inbox entry of spec 1 §3 so the web app can merge it as it is.
 */
export const NOTIFICATION_FEED_LIMIT = 50;

export const notificationFeedQuerySchema = z.object({
  /** Only entries strictly later than this instant (ISO 8601, as an earlier answer gave it). */
  since: z.iso
    .datetime({ offset: true, message: 'since must be an ISO 8601 date and time' })
    .optional(),
});
export type NotificationFeedQuery = z.input<typeof notificationFeedQuerySchema>;

export const feedNotificationSchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  message: z.string(),
  severity: z.enum(['info', 'success', 'warning', 'error']),
  /** ISO 8601, milliseconds, UTC. */
  at: z.string(),
});
export type FeedNotification = z.infer<typeof feedNotificationSchema>;

export const notificationFeedResponseSchema = z.object({
  notifications: z.array(feedNotificationSchema).max(NOTIFICATION_FEED_LIMIT),
});
export type NotificationFeedResponse = z.infer<typeof notificationFeedResponseSchema>;
