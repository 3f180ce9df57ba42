import { beforeAll, describe, expect, it, vi } from 'vitest';
import type * as NotificationStore from '../notifications/notification-store';
import type * as ChangeSession from './change-session';
import { createQueryClient } from '../../app/query-client';
import { sessionQueryKey } from './session-api';

const sessionOf = (userId: string) => ({
  user: { id: userId, email: `${userId}@example.com`, role: 'operator' },
  license: { key: `FLEET-${userId}`, tier: 'pro', expires_at: '2027-01-01T00:00:00Z' },
  tenant: { id: `tenant-${userId}` },
});

// The inbox store reads localStorage when it loads: give it one first (the tests run in Node).
let store: typeof NotificationStore;
let changeSession: typeof ChangeSession.changeSession;
beforeAll(async () => {
  const items = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  });
  vi.stubGlobal('window', { addEventListener: () => {}, removeEventListener: () => {} });
  store = await import('../notifications/notification-store');
  ({ changeSession } = await import('./change-session'));
});

const inbox = () => store.notificationsNow();

describe('changing the session', () => {
  it('drops every answer cached under the previous session before setting the new one', () => {
    const client = createQueryClient();
    changeSession(client, sessionOf('a'));
    client.setQueryData(['wallets', 'slim'], { wallets: ['of tenant a'] });
    client.setQueryData(['groups'], ['of tenant a']);
    changeSession(client, sessionOf('b'));
    expect(client.getQueryData(['wallets', 'slim'])).toBeUndefined();
    expect(client.getQueryData(['groups'])).toBeUndefined();
    expect(client.getQueryData(sessionQueryKey)).toEqual(sessionOf('b'));
    changeSession(client, null);
    expect(client.getQueryData(sessionQueryKey)).toBeNull();
  });

  it('resets the cache when a session refetch finds someone else signed in (another tab)', async () => {
    const client = createQueryClient();
    changeSession(client, sessionOf('a'));
    client.setQueryData(['wallets', 'slim'], { wallets: ['of tenant a'] });
    await client.fetchQuery({
      queryKey: sessionQueryKey,
      queryFn: () => Promise.resolve(sessionOf('b')),
      staleTime: 0,
    });
    expect(client.getQueryData(['wallets', 'slim'])).toBeUndefined();
    client.setQueryData(['wallets', 'slim'], { wallets: ['of tenant b'] });
    await client.fetchQuery({
      queryKey: sessionQueryKey,
      queryFn: () => Promise.resolve(sessionOf('b')),
      staleTime: 0,
    });
    expect(client.getQueryData(['wallets', 'slim'])).toEqual({ wallets: ['of tenant b'] });
  });

  it('keeps the inbox for its own user only, and empties it on logout', () => {
    const client = createQueryClient();
    changeSession(client, sessionOf('a'));
    store.notify({ title: 'Wallet not found', message: 'an address of tenant a' });
    changeSession(client, sessionOf('a'));
    expect(inbox().map((entry) => entry.title)).toEqual(['Wallet not found']);
    changeSession(client, sessionOf('b'));
    expect(inbox()).toEqual([]);
    store.notify({ title: 'for b' });
    changeSession(client, null);
    expect(inbox()).toEqual([]);
  });
});
