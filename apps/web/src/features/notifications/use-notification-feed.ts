import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  fetchNotificationFeed,
  NOTIFICATION_FEED_INTERVAL_MS,
  notificationFeedQueryKey,
} from './notification-feed-api';
import { receiveServerNotifications, serverFeedCursor } from './notification-store';

/**
 * Brings the server's notifications (who joined this licence) into the inbox: once when the
 * signed-in console loads, then every minute while it is in view. Each answer starts where the
 * last one ended, for this user, so nothing arrives twice.
 */
export function useNotificationFeed(userId: string | undefined): void {
  const { data } = useQuery({
    queryKey: [...notificationFeedQueryKey, userId],
    queryFn: ({ signal }) =>
      userId === undefined
        ? Promise.resolve([])
        : fetchNotificationFeed(serverFeedCursor(userId), signal),
    enabled: userId !== undefined,
    refetchInterval: NOTIFICATION_FEED_INTERVAL_MS,
  });
  useEffect(() => {
    if (userId !== undefined && data !== undefined && data.length > 0) {
      receiveServerNotifications(userId, data);
    }
  }, [userId, data]);
}
