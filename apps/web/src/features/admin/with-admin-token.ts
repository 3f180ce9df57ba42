import { currentAdminToken, signOutAdmin } from './admin-token-store';
import { isAdminLoggedOut } from './license-key-view';

export const ADMIN_SESSION_ENDED = 'Authentication failed';

/**
 * Runs one admin call with the current token. A 401 logs the console out (spec 1 §4) and the error
 * still reaches the caller, so the form that made the call can say what failed.
 */
export async function withAdminToken<T>(call: (token: string) => Promise<T>): Promise<T> {
  const token = currentAdminToken();
  if (!token) {
    signOutAdmin(ADMIN_SESSION_ENDED);
    throw new Error(ADMIN_SESSION_ENDED);
  }
  try {
    return await call(token);
  } catch (error) {
    if (isAdminLoggedOut(error)) signOutAdmin(ADMIN_SESSION_ENDED);
    throw error;
  }
}
