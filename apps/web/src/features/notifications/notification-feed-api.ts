import { notificationFeedResponseSchema, type FeedNotification } from '@fleet/core';
import { apiRequest } from '../../api/http';

export const notificationFeedQueryKey = ['notifications', 'feed'] as const;

/** How often a signed-in console asks for new server notifications (besides once per load). */
export const NOTIFICATION_FEED_INTERVAL_MS = 60_000;

/** The server's notifications for the signed-in operator after `since`, newest first. */
export async function fetchNotificationFeed(
  since: string | undefined,
  signal?: AbortSignal,
): Promise<readonly FeedNotification[]> {
  const query = since === undefined ? '' : `?${new URLSearchParams({ since }).toString()}`;
  const answer = await apiRequest(`/api/notifications${query}`, {
    schema: notificationFeedResponseSchema,
    ...(signal ? { signal } : {}),
  });
  return answer.notifications;
}
