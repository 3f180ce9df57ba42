import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { privateKeysStore } from '../features/import/private-keys-store';
import { sessionQueryKey } from '../features/session/session-api';
import { createQueryClient } from './query-client';

const signedIn = {
  user: { id: 'u1', email: 'ops@example.com', role: 'operator' },
  license: { key: 'FLEET-X', tier: 'pro', expires_at: '2027-01-01T00:00:00Z' },
  tenant: { id: 't1' },
};

describe('the query client', () => {
  it('asks for the session again when any query is answered 401', async () => {
    const client = createQueryClient();
    client.setQueryData(sessionQueryKey, signedIn);
    await expect(
      client.fetchQuery({
        queryKey: ['master-wallet'],
        queryFn: () => Promise.reject(new ApiError(401, '{"error":"Not signed in"}')),
      }),
    ).rejects.toThrow('Not signed in');
    expect(client.getQueryState(sessionQueryKey)?.isInvalidated).toBe(true);
  });

  it('asks for the session again when a query is answered 403', async () => {
    const client = createQueryClient();
    client.setQueryData(sessionQueryKey, signedIn);
    await expect(
      client.fetchQuery({
        queryKey: ['search', 'alpha'],
        queryFn: () => Promise.reject(new ApiError(403, '{"error":"Licence revoked"}')),
      }),
    ).rejects.toThrow('Licence revoked');
    expect(client.getQueryState(sessionQueryKey)?.isInvalidated).toBe(true);
  });

  it('leaves the session alone for other failures', async () => {
    const client = createQueryClient();
    client.setQueryData(sessionQueryKey, signedIn);
    await expect(
      client.fetchQuery({
        queryKey: ['master-wallet'],
        queryFn: () => Promise.reject(new ApiError(500, '')),
      }),
    ).rejects.toThrow('HTTP 500');
    expect(client.getQueryState(sessionQueryKey)?.isInvalidated).toBe(false);
  });

  it('asks for the session again when a mutation is answered 401', async () => {
    const client = createQueryClient();
    client.setQueryData(sessionQueryKey, signedIn);
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => Promise.reject(new ApiError(401, '')),
    });
    await expect(mutation.execute(undefined)).rejects.toThrow('HTTP 401');
    expect(client.getQueryState(sessionQueryKey)?.isInvalidated).toBe(true);
  });

  it('never retries and never goes stale by default (spec 1 §9)', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.retry).toBe(false);
    expect(defaults.queries?.staleTime).toBe(Number.POSITIVE_INFINITY);
    expect(defaults.mutations?.retry).toBe(false);
  });

  it('forgets pasted private keys when someone else signs in, or nobody is', () => {
    const client = createQueryClient();
    client.setQueryData(sessionQueryKey, signedIn);
    privateKeysStore.update((state) => ({ ...state, text: 'keys pasted by u1' }));
    client.setQueryData(sessionQueryKey, signedIn);
    expect(privateKeysStore.get().text).toBe('keys pasted by u1');
    client.setQueryData(sessionQueryKey, { ...signedIn, user: { ...signedIn.user, id: 'u2' } });
    expect(privateKeysStore.get().text).toBe('');
    privateKeysStore.update((state) => ({ ...state, text: 'keys pasted by u2' }));
    client.setQueryData(sessionQueryKey, null);
    expect(privateKeysStore.get().text).toBe('');
  });
});
