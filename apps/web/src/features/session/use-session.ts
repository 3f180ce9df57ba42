import type { SessionResponse } from '@fleet/core';
import { useQuery } from '@tanstack/react-query';
import { fetchSession, sessionQueryKey } from './session-api';

/**
 * Spec 1 §4: the session is fetched on entering a protected page; a failure counts as signed out.
 * Refetched on every mount of a guard so a session ended elsewhere is noticed on navigation.
 */
export function useSession() {
  return useQuery<SessionResponse | null>({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => fetchSession(signal),
    staleTime: 0,
  });
}

export function useIsSignedIn(): boolean {
  const { data } = useSession();
  return Boolean(data);
}
