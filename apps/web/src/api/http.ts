import type { z } from 'zod';
import { ApiError, NetworkError } from './api-error';
import { filenameFromContentDisposition } from './content-disposition';
import { createEventStreamParser, type StreamEvent } from './event-stream';

export interface ApiRequest<T> {
  readonly method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  readonly body?: unknown;
  readonly schema: z.ZodType<T>;
  readonly signal?: AbortSignal;
  /** Extra request headers (the admin console's `x-admin-token`). */
  readonly headers?: Readonly<Record<string, string>>;
  /** `no-store` for answers that must never come from the browser's HTTP cache (balances). */
  readonly cache?: RequestCache;
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
  const response = await send(path, request, 'application/json');
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, text);
  return { status: response.status, data: request.schema.parse(text ? JSON.parse(text) : {}) };
}

export type DownloadRequest = Omit<ApiRequest<never>, 'schema'>;

export interface DownloadedFile {
  readonly blob: Blob;
  /** The name from the server's Content-Disposition header, when it sent one. */
  readonly filename: string | undefined;
}

/**
 * A call whose answer is a file (the wallet export): same session cookie and error handling as
 * `apiRequest`, but the body comes back as a Blob instead of being parsed as JSON.
 */
export async function apiDownload(path: string, request: DownloadRequest): Promise<DownloadedFile> {
  const response = await send(path, request, '*/*');
  if (!response.ok) throw new ApiError(response.status, await response.text());
  return {
    blob: await response.blob(),
    filename: filenameFromContentDisposition(response.headers.get('content-disposition')),
  };
}

/**
 * A GET answered as server-sent events (long work that reports progress on its own connection):
 * each event is handed to `onEvent` as it arrives; resolves when the server ends the stream. A
 * refusal before the stream starts (401, 400, …) throws the same `ApiError` as `apiRequest`.
 */
export async function apiEventStream(
  path: string,
  request: { readonly signal?: AbortSignal; readonly onEvent: (event: StreamEvent) => void },
): Promise<void> {
  const response = await send(
    path,
    { cache: 'no-store', ...(request.signal ? { signal: request.signal } : {}) },
    'text/event-stream',
  );
  if (!response.ok) throw new ApiError(response.status, await response.text());
  if (!response.body) throw new NetworkError('The server sent no event stream');
  const parser = createEventStreamParser();
  const decoder = new TextDecoder();
  const reader = response.body.getReader();
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        throw new NetworkError(
          error instanceof Error ? error.message : 'The event stream broke off',
          { cause: error },
        );
      }
      if (chunk.done) break;
      for (const event of parser.push(decoder.decode(chunk.value, { stream: true }))) {
        request.onEvent(event);
      }
    }
  } finally {
    reader.releaseLock();
  }
}

async function send(path: string, request: DownloadRequest, accept: string): Promise<Response> {
  try {
    return await fetch(path, {
      method: request.method ?? 'GET',
      credentials: 'same-origin',
      headers: {
        ...request.headers,
        accept,
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(request.cache ? { cache: request.cache } : {}),
      body: request.body === undefined ? null : JSON.stringify(request.body),
      signal: request.signal ?? null,
    });
  } catch (error) {
    throw new NetworkError(error instanceof Error ? error.message : 'Network request failed', {
      cause: error,
    });
  }
}
