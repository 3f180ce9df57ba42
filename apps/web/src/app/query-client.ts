import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/api-error';
import { sessionQueryKey } from '../features/session/session-api';

/**
 * Spec 1 §9: "The query cache never goes stale and has no retry." Queries that must be fresh (the
 * session, balances) say so themselves with their own staleTime or refetchInterval.
 *
 * Any 401 makes the session be asked again: when it really ended (expired, logged out elsewhere,
 * licence revoked), `/api/auth/me` answers null and the session guard sends the operator to
 * /login (spec 1 §4) instead of leaving a page full of failed panels.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => recheckSessionOn401(client, error) }),
    mutationCache: new MutationCache({ onError: (error) => recheckSessionOn401(client, error) }),
    defaultOptions: {
      queries: { staleTime: Number.POSITIVE_INFINITY, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return client;
}

function recheckSessionOn401(client: QueryClient, error: unknown): void {
  if (error instanceof ApiError && error.status === 401) {
    void client.invalidateQueries({ queryKey: sessionQueryKey, exact: true });
  }
}
