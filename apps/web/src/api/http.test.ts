import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from './api-error';
import type { StreamEvent } from './event-stream';
import { apiDownload, apiEventStream } from './http';

afterEach(() => {
  vi.unstubAllGlobals();
});

function answer(response: Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return Promise.resolve(response);
  });
  return calls;
}

describe('apiDownload', () => {
  it('posts JSON with the session cookie and returns the file with its server name', async () => {
    const calls = answer(
      new Response('address\nAddr1\n', {
        status: 200,
        headers: {
          'content-type': 'text/csv',
          'content-disposition': 'attachment; filename="fleet-wallets.csv"',
        },
      }),
    );
    const file = await apiDownload('/api/wallets/export', {
      method: 'POST',
      body: { format: 'csv' },
    });
    expect(file.filename).toBe('fleet-wallets.csv');
    expect(await file.blob.text()).toBe('address\nAddr1\n');
    expect(calls[0]?.init).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      body: '{"format":"csv"}',
    });
  });

  it('throws the server sentence as an ApiError when the answer is not OK', async () => {
    answer(new Response(JSON.stringify({ error: 'Too many requests' }), { status: 429 }));
    const failure = apiDownload('/api/wallets/export', { method: 'POST', body: {} });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toThrow('Too many requests');
  });

  it('throws a NetworkError when no answer came', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(apiDownload('/api/wallets/export', {})).rejects.toBeInstanceOf(NetworkError);
  });
});

/** A body that arrives in the given chunks, one read at a time; counts whether it was cancelled. */
function chunkedBody(chunks: readonly string[]) {
  const encoder = new TextEncoder();
  const state = { cancelled: false, sent: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks[state.sent];
      state.sent += 1;
      if (next === undefined) controller.close();
      else controller.enqueue(encoder.encode(next));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { body, state };
}

const SSE = { 'content-type': 'text/event-stream; charset=utf-8' };
/** The buffered answer's events, as a route that answers `{ events: [{ event, data }] }` has them. */
const buffered = (answer: unknown): StreamEvent[] =>
  (answer as { events: { event: string; data: unknown }[] }).events.map((event) => ({
    type: event.event,
    data: JSON.stringify(event.data),
  }));

describe('apiEventStream', () => {
  it('posts JSON asking for an event stream and hands over each event whatever the chunk boundaries', async () => {
    const { body } = chunkedBody([
      'event: start\ndata: {"n":',
      '1}\n\nevent: done\n',
      'data: {}\n\n',
    ]);
    const calls = answer(new Response(body, { status: 200, headers: SSE }));
    const events: StreamEvent[] = [];
    await apiEventStream('/api/work', {
      method: 'POST',
      body: { planId: 'p' },
      onEvent: (event) => {
        events.push(event);
      },
    });
    expect(events).toEqual([
      { type: 'start', data: '{"n":1}' },
      { type: 'done', data: '{}' },
    ]);
    expect(calls[0]?.init).toMatchObject({ method: 'POST', body: '{"planId":"p"}' });
    expect(new Headers(calls[0]?.init.headers).get('accept')).toBe('text/event-stream');
  });

  it('stops reading when an event says stop: nothing after it is handed over', async () => {
    const { body, state } = chunkedBody([
      'event: error\ndata: {"message":"x"}\n\nevent: late\ndata: {}\n\n',
      'event: later\ndata: {}\n\n',
    ]);
    answer(new Response(body, { status: 200, headers: SSE }));
    const types: string[] = [];
    await apiEventStream('/api/work', {
      onEvent: (event) => {
        types.push(event.type);
        return event.type === 'error' ? 'stop' : undefined;
      },
    });
    expect(types).toEqual(['error']);
    expect(state.cancelled).toBe(true);
  });

  it('reads a buffered JSON answer as its events when the route offers one', async () => {
    answer(
      Response.json({
        events: [
          { event: 'start', data: { n: 1 } },
          { event: 'done', data: {} },
        ],
      }),
    );
    const types: string[] = [];
    await apiEventStream('/api/work', {
      buffered,
      onEvent: (event) => {
        types.push(event.type);
      },
    });
    expect(types).toEqual(['start', 'done']);
  });

  it('asks for the buffered JSON when this client cannot read a body as it arrives', async () => {
    const calls = answer(Response.json({ events: [{ event: 'done', data: {} }] }));
    vi.stubGlobal('ReadableStream', undefined);
    const types: string[] = [];
    await apiEventStream('/api/work', {
      method: 'POST',
      body: {},
      buffered,
      onEvent: (event) => {
        types.push(event.type);
      },
    });
    expect(new Headers(calls[0]?.init.headers).get('accept')).toBe('application/json');
    expect(types).toEqual(['done']);
  });

  it('refuses a JSON answer where only a stream will do', async () => {
    answer(Response.json({ events: [] }));
    await expect(apiEventStream('/api/work', { onEvent: () => undefined })).rejects.toBeInstanceOf(
      NetworkError,
    );
  });

  it('throws a refusal before the stream as an ApiError with the status text', async () => {
    answer(
      new Response(JSON.stringify({ error: 'Plan not found' }), {
        status: 404,
        statusText: 'Not Found',
      }),
    );
    const failure = apiEventStream('/api/work', { onEvent: () => undefined });
    await expect(failure).rejects.toMatchObject({
      status: 404,
      statusText: 'Not Found',
      serverMessage: 'Plan not found',
    });
  });
});
