import { sessionResponseSchema } from '@fleet/core';
import { hashKey, MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/api-error';
import { privateKeysStore } from '../features/import/private-keys-store';
import { sessionQueryKey } from '../features/session/session-api';

/**
 * Spec 1 §9: "The query cache never goes stale and has no retry." Queries that must be fresh (the
 * session, balances) say so themselves with their own staleTime or refetchInterval.
 *
 * Any 401 or 403 makes the session be asked again: when it really ended (expired, logged out elsewhere,
 * licence revoked), `/api/auth/me` answers null and the session guard sends the operator to
 * /login (spec 1 §4) instead of leaving a page full of failed panels.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => recheckSessionOnDenial(client, error) }),
    mutationCache: new MutationCache({ onError: (error) => recheckSessionOnDenial(client, error) }),
    defaultOptions: {
      queries: { staleTime: Number.POSITIVE_INFINITY, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  resetOnIdentityChange(client);
  return client;
}

const sessionHash = hashKey(sessionQueryKey);

/**
 * Every cached answer belongs to the identity it was read under (nothing goes stale by itself
 * here), so when the signed-in user or tenant changes, all of them are reset: their data goes and
 * those on screen fetch again. However the change is learned: a sign-in or logout in this tab,
 * or a session refetch that finds another tab signed someone else in. Reset, not removed, so
 * mounted observers (the shell's session, the status bar) stay attached.
 */
function resetOnIdentityChange(client: QueryClient): void {
  let identity: string | undefined;
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (event.query.queryHash !== sessionHash) return;
    const next = identityOf(event.query.state.data);
    if (identity !== undefined && next !== identity) {
      void client.resetQueries({ predicate: (query) => query.queryHash !== sessionHash });
      // Keys pasted under one identity are never shown to the next one signed in in this tab.
      privateKeysStore.reset();
    }
    identity = next;
  });
}

function identityOf(session: unknown): string {
  const parsed = sessionResponseSchema.safeParse(session);
  return parsed.success ? `${parsed.data.user.id}@${parsed.data.tenant.id}` : 'signed out';
}

export function recheckSessionOnDenial(client: QueryClient, error: unknown): void {
  // Spec 2 §6 reads a 403 from search as an invalid session too. Fleet's server answers 401 for
  // an ended session, but asking again costs one call and changes nothing while it holds.
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
    void client.invalidateQueries({ queryKey: sessionQueryKey, exact: true });
  }
}
