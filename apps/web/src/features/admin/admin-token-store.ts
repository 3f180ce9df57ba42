import { useSyncExternalStore } from 'react';

/**
 * The admin console's sign-in: the token lives in sessionStorage, so it survives a reload of the
 * console tab but not the closing of the browser, and it is never put in localStorage or a cookie.
 * `notice` says why the console was logged out (a 401 on any admin call, spec 1 §4).
 */
export interface AdminSession {
  readonly token: string | null;
  readonly notice: string | null;
}

const STORAGE_KEY = 'fleet.adminToken';
const listeners = new Set<() => void>();
let current: AdminSession = { token: readStored(), notice: null };

export function useAdminSession(): AdminSession {
  return useSyncExternalStore(subscribe, () => current);
}

/** The token for calls made outside React's render (mutations, query functions). */
export function currentAdminToken(): string | null {
  return current.token;
}

export function signInAdmin(token: string): void {
  store(token);
  update({ token, notice: null });
}

export function signOutAdmin(notice: string | null = null): void {
  store(null);
  update({ token: null, notice });
}

function update(next: AdminSession): void {
  current = next;
  for (const listener of listeners) listener();
}

function store(token: string | null): void {
  try {
    if (token) sessionStorage.setItem(STORAGE_KEY, token);
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (privacy mode): the token still holds until the page is reloaded.
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function readStored(): string | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}
