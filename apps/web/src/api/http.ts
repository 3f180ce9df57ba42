import type { z } from 'zod';
import { ApiError, NetworkError } from './api-error';

export interface ApiRequest<T> {
  readonly method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  readonly body?: unknown;
  readonly schema: z.ZodType<T>;
  readonly signal?: AbortSignal;
}

/**
 * The one way the web app talks to the server: same-origin JSON with the session cookie. Answers
 * are validated with the shared contract so a server/client mismatch fails loudly here, not as
 * `undefined` deep inside a component.
 */
export async function apiRequest<T>(path: string, request: ApiRequest<T>): Promise<T> {
  return (await apiCall(path, request)).data;
}

/** Like `apiRequest`, for the calls whose success status carries meaning (201 versus 202). */
export async function apiCall<T>(
  path: string,
  request: ApiRequest<T>,
): Promise<{ status: number; data: T }> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: request.method ?? 'GET',
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: request.body === undefined ? null : JSON.stringify(request.body),
      signal: request.signal ?? null,
    });
  } catch (error) {
    throw new NetworkError(error instanceof Error ? error.message : 'Network request failed', {
      cause: error,
    });
  }
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, text);
  return { status: response.status, data: request.schema.parse(text ? JSON.parse(text) : {}) };
}
