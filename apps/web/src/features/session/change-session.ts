import type { SessionResponse } from '@fleet/core';
import type { QueryClient } from '@tanstack/react-query';
import { claimNotifications, clearNotifications } from '../notifications/notification-store';
import { sessionQueryKey } from './session-api';

/**
 * Signing in, activating or logging out in this tab. Setting the session resets every cached
 * answer when the identity changes (the query client's rule, which also covers a change noticed
 * from another tab); pending mutations are dropped with it. Logging out empties the inbox;
 * signing in keeps it only for the user who owns it.
 */
export function changeSession(client: QueryClient, session: SessionResponse | null): void {
  client.getMutationCache().clear();
  client.setQueryData(sessionQueryKey, session);
  if (session === null) clearNotifications();
  else claimNotifications(session.user.id);
}
