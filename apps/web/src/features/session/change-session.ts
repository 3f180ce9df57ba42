import type { SessionResponse } from '@fleet/core';
import { hashKey, type QueryClient } from '@tanstack/react-query';
import { claimNotifications, clearNotifications } from '../notifications/notification-store';
import { sessionQueryKey } from './session-api';

const sessionHash = hashKey(sessionQueryKey);

/**
 * Signing in, activating or logging out starts the console over. Every cached answer was read
 * under the previous session (another licence's wallets, tags and groups, never stale by the
 * query client's rule), so all of them are reset: their data goes, and those on screen fetch
 * again under the new session. Queries are reset rather than removed so that mounted observers
 * (the shell's session, the status bar) stay attached. Logging out empties the inbox; signing
 * in keeps it only for the user who owns it.
 */
export function changeSession(client: QueryClient, session: SessionResponse | null): void {
  client.getMutationCache().clear();
  client.setQueryData(sessionQueryKey, session);
  void client.resetQueries({ predicate: (query) => query.queryHash !== sessionHash });
  if (session === null) clearNotifications();
  else claimNotifications(session.user.id);
}
