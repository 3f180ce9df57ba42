import type { AddressInfo } from 'node:net';

import { createManualClock } from '@fleet/core';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';

import { createMarket, type Market } from './create-market';
import { jupiterLimit } from './jupiter/jupiter-config';
import type { PumpEvent } from './pumpportal/pump-events';

let server: WebSocketServer | null = null;
let market: Market | null = null;
afterEach(async () => {
  market?.close();
  await new Promise<void>((resolve) =>
    server === null ? resolve() : server.close(() => resolve()),
  );
  server = null;
});

describe('the market', () => {
  it('reports every HTTP provider before any call, and uses the keyless Jupiter budget without a key', () => {
    market = createMarket({ fetch, clock: createManualClock(0) });
    expect(
      market.stats().map((s) => [s.provider, s.calls, s.cacheHits, s.rateLimited, s.errors]),
    ).toEqual([
      ['jupiter', 0, 0, 0, 0],
      ['dexscreener', 0, 0, 0, 0],
      ['geckoterminal', 0, 0, 0, 0],
      ['moralis', 0, 0, 0, 0],
    ]);
    expect(jupiterLimit({})).toEqual({ requests: 30, perMs: 60_000 });
    expect(jupiterLimit({ apiKey: 'k' })).toEqual({ requests: 60, perMs: 60_000 });
  });

  it('shares one PumpPortal socket between its listeners and adds it to the stats', async () => {
    server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => server?.once('listening', () => resolve()));
    let connections = 0;
    server.on('connection', (socket) => {
      connections++;
      socket.on('message', () =>
        socket.send(
          JSON.stringify({ signature: 's', mint: 'm', txType: 'migrate', pool: 'pump-amm' }),
        ),
      );
    });
    const { port } = server.address() as AddressInfo;
    market = createMarket({
      fetch,
      clock: createManualClock(0),
      pumpportal: { url: `ws://127.0.0.1:${port}` },
    });
    const first: PumpEvent[] = [];
    const second: PumpEvent[] = [];
    market.pumpPortal().listen((e) => first.push(e));
    market.pumpPortal().listen((e) => second.push(e));
    market.pumpPortal().subscribeMigration();
    for (let step = 0; step < 200 && second.length === 0; step++)
      await new Promise((resolve) => setTimeout(resolve, 5));
    expect(connections).toBe(1);
    expect(first).toEqual(second);
    expect(first[0]).toMatchObject({ kind: 'migration', mint: 'm' });
    expect(market.stats().find((s) => s.provider === 'pumpportal')).toMatchObject({
      calls: 1,
      errors: 0,
    });
  });
});
