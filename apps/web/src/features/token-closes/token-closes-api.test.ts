import type { CloseTokensEvent } from '@fleet/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { streamCloseTokens } from './token-closes-api';

afterEach(() => {
  vi.unstubAllGlobals();
});

const JOB_ID = '6f1d2c3b-4a5e-4f60-8a71-92b3c4d5e6f7';
const start: CloseTokensEvent = { event: 'start', data: { totalWallets: 1, jobId: JOB_ID } };
const done: CloseTokensEvent = {
  event: 'done',
  data: {
    totalWallets: 1,
    totalClosedAccounts: 2,
    totalSkippedAccounts: 0,
    totalRentLamports: '4078560',
    totalFeeLamports: '5000',
    profitLamports: '4073560',
  },
};

function answer(response: Response): RequestInit[] {
  const calls: RequestInit[] = [];
  vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
    calls.push(init);
    return Promise.resolve(response);
  });
  return calls;
}

const sse = (events: readonly CloseTokensEvent[]) =>
  events.map((event) => `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`).join('');

describe('the close-tokens stream', () => {
  it('hands over each event of spec 2 §7 read through the contract, and nothing after an error', async () => {
    answer(
      new Response(sse([start, { event: 'error', data: { message: 'RPC down' } }, done]), {
        headers: { 'content-type': 'text/event-stream; charset=utf-8' },
      }),
    );
    const events: CloseTokensEvent[] = [];
    await streamCloseTokens('a'.repeat(64), { onEvent: (event) => events.push(event) });
    expect(events.map((event) => event.event)).toEqual(['start', 'error']);
  });

  it('reads the buffered answer of a client that cannot stream as the same events', async () => {
    const calls = answer(
      Response.json({
        jobId: JOB_ID,
        operationId: null,
        events: [start, done],
        done: done.data,
        error: null,
      }),
    );
    vi.stubGlobal('ReadableStream', undefined);
    const events: CloseTokensEvent[] = [];
    await streamCloseTokens('a'.repeat(64), { onEvent: (event) => events.push(event) });
    expect(events).toEqual([start, done]);
    expect(new Headers(calls[0]?.headers).get('accept')).toBe('application/json');
    expect(calls[0]?.body).toBe(JSON.stringify({ planId: 'a'.repeat(64) }));
  });

  it('refuses an event the contract does not know', async () => {
    answer(
      new Response('event: done\ndata: {"totalWallets":"many"}\n\n', {
        headers: { 'content-type': 'text/event-stream' },
      }),
    );
    await expect(streamCloseTokens('a'.repeat(64), { onEvent: () => undefined })).rejects.toThrow();
  });
});
