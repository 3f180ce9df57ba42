import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/api-error';
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
  return client;
}

export function recheckSessionOnDenial(client: QueryClient, error: unknown): void {
  // Spec 2 §6: a 403 can mean the session is no longer valid too (a revoked licence). Asking
  // costs one call and changes nothing while the session holds.
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
    void client.invalidateQueries({ queryKey: sessionQueryKey, exact: true });
  }
}
