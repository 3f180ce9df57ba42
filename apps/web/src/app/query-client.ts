import { QueryClient } from '@tanstack/react-query';

/**
 * Spec 1 §9: "The query cache never goes stale and has no retry." Queries that must be fresh (the
 * session, balances) say so themselves with their own staleTime or refetchInterval.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Number.POSITIVE_INFINITY, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
