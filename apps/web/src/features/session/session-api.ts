import { sessionResponseSchema, type SessionResponse } from '@fleet/core';
import { z } from 'zod';
import { ApiError } from '../../api/api-error';
import { apiRequest } from '../../api/http';

export const sessionQueryKey = ['auth', 'me'] as const;

/** The current session, or null when the server says nobody is signed in (401). */
export async function fetchSession(signal?: AbortSignal): Promise<SessionResponse | null> {
  try {
    return await apiRequest('/api/auth/me', {
      schema: sessionResponseSchema,
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export async function logout(): Promise<void> {
  await apiRequest('/api/auth/logout', { method: 'POST', body: {}, schema: z.unknown() });
}
