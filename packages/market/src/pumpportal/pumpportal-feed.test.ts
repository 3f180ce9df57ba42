import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';

import { createManualClock } from '@fleet/core';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';

import type { PumpEvent } from './pump-events';
import {
  createPumpPortalFeed,
  reconnectDelayMs,
  type FeedStatus,
  type PumpPortalFeed,
} from './pumpportal-feed';

const messages = JSON.parse(
  readFileSync(new URL('./fixtures/messages.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

interface FakeStream {
  readonly url: string;
  readonly received: unknown[];
  readonly sockets: WebSocket[];
  close(): Promise<void>;
}

async function startStream(port = 0): Promise<FakeStream> {
  const server = new WebSocketServer({ host: '127.0.0.1', port, path: '/api/data' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const received: unknown[] = [];
  const sockets: WebSocket[] = [];
  server.on('connection', (socket) => {
    sockets.push(socket);
    // The feed sends text frames; `ws` hands them over as Buffers.
    socket.on('message', (data: Buffer) => {
      received.push(JSON.parse(data.toString('utf8')));
      socket.send(JSON.stringify(messages.ackNewToken));
    });
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${bound}/api/data`,
    received,
    sockets,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}

/** Lets sockets work between clock steps, until `check` holds (a bounded loop). */
async function until(check: () => boolean, advance?: () => void, maxSteps = 400): Promise<void> {
  for (let step = 0; step < maxSteps; step++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
    advance?.();
  }
  throw new Error('condition not reached');
}

let stream: FakeStream | null = null;
let feed: PumpPortalFeed | null = null;
afterEach(async () => {
  feed?.close();
  await stream?.close();
  stream = null;
  feed = null;
});

describe('the PumpPortal feed', () => {
  it('multiplexes every subscription over one socket and types the events', async () => {
    stream = await startStream();
    const clock = createManualClock(5_000);
    const events: PumpEvent[] = [];
    feed = createPumpPortalFeed({ url: stream.url, clock, onEvent: (e) => events.push(e) });
    feed.subscribeNewToken();
    feed.subscribeTokenTrade(['7GCihgDB8fe6KNjn2MYtkzZcRjQy3t9GHdC8uHYmW2hr']);
    feed.subscribeAccountTrade(['9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM']);
    feed.subscribeMigration();
    await until(() => stream !== null && stream.received.length >= 4);
    expect(stream.sockets).toHaveLength(1);
    expect(stream.received).toEqual([
      { method: 'subscribeNewToken' },
      { method: 'subscribeMigration' },
      { method: 'subscribeTokenTrade', keys: ['7GCihgDB8fe6KNjn2MYtkzZcRjQy3t9GHdC8uHYmW2hr'] },
      { method: 'subscribeAccountTrade', keys: ['9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'] },
    ]);
    const server = stream.sockets[0];
    for (const kind of ['newToken', 'trade', 'migration'])
      server?.send(JSON.stringify(messages[kind]));
    server?.send('<html>not json</html>');
    await until(() => events.length >= 3 && (feed?.stats().dropped ?? 0) >= 1);
    expect(events[0]).toMatchObject({
      kind: 'new-token',
      symbol: 'FLEET',
      creator: 'DkuQ3nvwXvEuqiDnNw3BHFFKCaiusW5LDqWjQHwwRFiT',
      initialBuy: { sol: 1, tokens: 35058823.529412 },
      receivedAt: 5_000,
    });
    expect(events[1]).toMatchObject({
      kind: 'trade',
      direction: 'buy',
      solAmount: 0.1,
      tokenAmount: 3251027.43,
    });
    expect(events[2]).toMatchObject({ kind: 'migration', pool: 'pump-amm' });
    // A second holder of the same token: nothing new on the wire, and one release keeps it.
    feed.subscribeTokenTrade(['7GCihgDB8fe6KNjn2MYtkzZcRjQy3t9GHdC8uHYmW2hr']);
    feed.unsubscribeTokenTrade(['7GCihgDB8fe6KNjn2MYtkzZcRjQy3t9GHdC8uHYmW2hr']);
    expect(feed.held().tokenTrades).toEqual(['7GCihgDB8fe6KNjn2MYtkzZcRjQy3t9GHdC8uHYmW2hr']);
    feed.unsubscribeTokenTrade(['7GCihgDB8fe6KNjn2MYtkzZcRjQy3t9GHdC8uHYmW2hr']);
    await until(() => (stream?.received.length ?? 0) >= 5);
    expect(stream.received).toHaveLength(5);
    expect(stream.received[4]).toEqual({
      method: 'unsubscribeTokenTrade',
      keys: ['7GCihgDB8fe6KNjn2MYtkzZcRjQy3t9GHdC8uHYmW2hr'],
    });
  });

  it('reconnects 750 ms after a drop and sends every held subscription again', async () => {
    stream = await startStream();
    const clock = createManualClock(0);
    const statuses: FeedStatus[] = [];
    feed = createPumpPortalFeed({
      url: stream.url,
      clock,
      onEvent: () => undefined,
      onStatus: (s) => statuses.push(s),
    });
    feed.subscribeNewToken();
    feed.subscribeTokenTrade([
      'MintA1111111111111111111111111111111111111',
      'MintB1111111111111111111111111111111111111',
    ]);
    await until(() => (stream?.received.length ?? 0) >= 2);
    stream.sockets[0]?.terminate();
    await until(() => statuses.some((s) => s.state === 'closed'));
    expect(statuses.find((s) => s.state === 'closed')).toEqual({
      state: 'closed',
      reconnectInMs: 750,
    });
    clock.advance(749);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stream.sockets).toHaveLength(1);
    clock.advance(1);
    await until(() => (stream?.received.length ?? 0) >= 4);
    expect(stream.sockets).toHaveLength(2);
    expect(stream.received.slice(2)).toEqual([
      { method: 'subscribeNewToken' },
      {
        method: 'subscribeTokenTrade',
        keys: [
          'MintA1111111111111111111111111111111111111',
          'MintB1111111111111111111111111111111111111',
        ],
      },
    ]);
  });

  it('backs off 750 ms doubling to 8 s while the stream is down', async () => {
    stream = await startStream();
    const url = stream.url;
    await stream.close();
    stream = null;
    const clock = createManualClock(0);
    const delays: number[] = [];
    feed = createPumpPortalFeed({
      url,
      clock,
      onEvent: () => undefined,
      onStatus: (s) => {
        if (s.state === 'closed') delays.push(s.reconnectInMs);
      },
    });
    feed.subscribeNewToken();
    for (let attempt = 0; attempt < 7; attempt++) {
      await until(() => delays.length > attempt);
      clock.advance(delays[attempt] ?? 0);
    }
    expect(delays).toEqual([750, 1_500, 3_000, 6_000, 8_000, 8_000, 8_000]);
    expect(feed.stats()).toMatchObject({ connects: 0, failedConnects: 7 });
    expect(reconnectDelayMs(10)).toBe(8_000);
  });
});
