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
  if (!response.ok) throw new ApiError(response.status, text, response.statusText);
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
  if (!response.ok) throw await refusal(response);
  return {
    blob: await response.blob(),
    filename: filenameFromContentDisposition(response.headers.get('content-disposition')),
  };
}

export interface EventStreamRequest {
  readonly method?: 'GET' | 'POST';
  readonly body?: unknown;
  readonly signal?: AbortSignal;
  /** Each event as it arrives; answering `'stop'` ends the reading there (the rest is dropped). */
  readonly onEvent: (event: StreamEvent) => void | 'stop';
  /**
   * For a route that answers the same work buffered as JSON when not asked for a stream: turns
   * that answer into its events. A client that cannot read a body as it arrives then asks for
   * JSON, and a JSON answer to a stream request (a proxy that buffers) is read the same way.
   * Without it only an event stream is accepted.
   */
  readonly buffered?: (answer: unknown) => readonly StreamEvent[];
}

/**
 * Long work answered as server-sent events (progress on the connection of the process doing it):
 * each event is handed to `onEvent` as it arrives; resolves when the server ends the stream or
 * `onEvent` stops it. A refusal before the stream starts (401, 400, …) throws the same `ApiError`
 * as `apiRequest`.
 */
export async function apiEventStream(path: string, request: EventStreamRequest): Promise<void> {
  const bufferedOnly = request.buffered !== undefined && !canReadBodiesAsTheyArrive();
  const response = await send(
    path,
    {
      cache: 'no-store',
      ...(request.method ? { method: request.method } : {}),
      ...(request.body === undefined ? {} : { body: request.body }),
      ...(request.signal ? { signal: request.signal } : {}),
    },
    bufferedOnly ? 'application/json' : 'text/event-stream',
  );
  if (!response.ok) throw await refusal(response);
  const isStream = (response.headers.get('content-type') ?? '').includes('text/event-stream');
  if (!isStream) {
    if (!request.buffered) throw new NetworkError('The server sent no event stream');
    const text = await readBody(response);
    deliver(request.buffered(text ? JSON.parse(text) : {}), request.onEvent);
    return;
  }
  const parser = createEventStreamParser();
  if (!response.body) {
    // A client without readable bodies still gets the whole stream, at once, when it ends.
    deliver(parser.push(await readBody(response)), request.onEvent);
    return;
  }
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
      if (deliver(parser.push(decoder.decode(chunk.value, { stream: true })), request.onEvent)) {
        await reader.cancel();
        break;
      }
    }
  } finally {
    reader.releaseLock();
  }
}

/** Hands events over in order; true when `onEvent` asked to stop. */
function deliver(
  events: readonly StreamEvent[],
  onEvent: (event: StreamEvent) => void | 'stop',
): boolean {
  for (const event of events) if (onEvent(event) === 'stop') return true;
  return false;
}

function canReadBodiesAsTheyArrive(): boolean {
  return (
    typeof ReadableStream === 'function' &&
    typeof Response === 'function' &&
    'body' in Response.prototype
  );
}

async function readBody(response: Response): Promise<string> {
  try {
    return await response.text();
  } catch (error) {
    throw new NetworkError(error instanceof Error ? error.message : 'The answer broke off', {
      cause: error,
    });
  }
}

async function refusal(response: Response): Promise<ApiError> {
  return new ApiError(response.status, await response.text(), response.statusText);
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
