import type { BurnTokensEvent, BurnTokensPlanRequest } from '@fleet/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import { attachBurnTokens, planBurnTokens, streamBurnTokens } from './token-burns-api';

afterEach(() => {
  vi.unstubAllGlobals();
});

const JOB_ID = '6f1d2c3b-4a5e-4f60-8a71-92b3c4d5e6f7';
const PLAN_ID = 'b'.repeat(64);
const start: BurnTokensEvent = { event: 'start', data: { totalWallets: 1, jobId: JOB_ID } };
const done: BurnTokensEvent = {
  event: 'done',
  data: {
    totalWallets: 1,
    totalBurnedTokens: 2,
    totalClosedAccounts: 2,
    totalRentLamports: '4078560',
    totalFeeLamports: '5000',
    profitLamports: '4073560',
  },
};

function answer(response: Response): { url: string; init: RequestInit }[] {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return Promise.resolve(response);
  });
  return calls;
}

const sse = (events: readonly BurnTokensEvent[]) =>
  events.map((event) => `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`).join('');

describe('the burn stream', () => {
  it('hands over each event of spec 2 §7 read through the contract, and nothing after an error', async () => {
    const calls = answer(
      new Response(sse([start, { event: 'error', data: { message: 'RPC down' } }, done]), {
        headers: { 'content-type': 'text/event-stream; charset=utf-8' },
      }),
    );
    const events: BurnTokensEvent[] = [];
    await streamBurnTokens(PLAN_ID, { onEvent: (event) => events.push(event) });
    expect(events.map((event) => event.event)).toEqual(['start', 'error']);
    expect(calls[0]?.url).toBe('/api/solana/burn-tokens');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBe(JSON.stringify({ planId: PLAN_ID }));
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
    const events: BurnTokensEvent[] = [];
    await streamBurnTokens(PLAN_ID, { onEvent: (event) => events.push(event) });
    expect(events).toEqual([start, done]);
    expect(new Headers(calls[0]?.init.headers).get('accept')).toBe('application/json');
  });

  it('re-attaches to a job by its id', async () => {
    const calls = answer(
      new Response(sse([start, done]), { headers: { 'content-type': 'text/event-stream' } }),
    );
    const events: BurnTokensEvent[] = [];
    await attachBurnTokens(JOB_ID, { onEvent: (event) => events.push(event) });
    expect(calls[0]?.url).toBe(`/api/solana/burn-tokens/${JOB_ID}/events`);
    expect(events).toEqual([start, done]);
  });

  it('refuses an event the contract does not know', async () => {
    answer(
      new Response('event: done\ndata: {"totalWallets":"many"}\n\n', {
        headers: { 'content-type': 'text/event-stream' },
      }),
    );
    await expect(streamBurnTokens(PLAN_ID, { onEvent: () => undefined })).rejects.toThrow();
  });
});

describe('the burn plan call', () => {
  it('posts the request and hands back the server’s refusal as an ApiError', async () => {
    const calls = answer(
      Response.json(
        {
          code: 'TOKEN_BURN__NOTHING_TO_BURN',
          error: 'Nothing to burn - No token balances below the threshold found in scope.',
        },
        { status: 400 },
      ),
    );
    const request: BurnTokensPlanRequest = {
      walletAddresses: [],
      threshold: { kind: 'usd', belowUsd: '1' },
      unpricedMints: [],
      rentDestination: 'master',
    };
    const refused = await planBurnTokens(request).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 400, code: 'TOKEN_BURN__NOTHING_TO_BURN' });
    expect(calls[0]?.url).toBe('/api/solana/burn-tokens/plan');
    expect(JSON.parse(typeof calls[0]?.init.body === 'string' ? calls[0].init.body : '')).toEqual(
      request,
    );
  });
});
