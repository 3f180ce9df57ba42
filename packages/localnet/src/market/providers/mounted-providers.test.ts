import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestBed, type TestBed } from '../sandbox-test-bed.js';

let bed: TestBed;

beforeAll(async () => {
  bed = await startTestBed({
    market: { seed: 'mounted', activity: { autoStart: false, migrationSol: 2, traders: 3 } },
  });
});

afterAll(async () => {
  await bed.close();
});

/** The first message of `socket` that `match` accepts (bounded: 10 s). */
function nextMessage(socket: WebSocket, match: (message: unknown) => boolean): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no matching message in 10 s')), 10_000);
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as unknown;
      if (!match(message)) return;
      clearTimeout(timer);
      resolve(message);
    });
  });
}

// Issue 18: each provider answers at its own prefix under the one market URL, from the one
// market state: the token a generator trade moved has the same price at DexScreener,
// GeckoTerminal and Moralis, and the PumpPortal stream announces a launch as it lands.
describe('the data providers under the sandbox market URL', () => {
  it('price one token alike at DexScreener, GeckoTerminal and Moralis', async () => {
    const generator = bed.market.activity;
    if (generator === null) throw new Error('no generator');
    for (let i = 0; i < 5; i++) await generator.step();
    const token = bed.market.view.tokens().find((t) => bed.market.view.poolsOf(t.mint).length > 0);
    if (!token) throw new Error('no pooled token');

    const dex = await bed.get(`/dexscreener/tokens/v1/solana/${token.mint}`);
    expect(dex.status).toBe(200);
    const pairs = dex.body as { baseToken: { address: string }; priceUsd: string }[];
    expect(pairs[0]?.baseToken.address).toBe(token.mint);

    const gecko = await bed.get(`/geckoterminal/api/v2/networks/solana/tokens/${token.mint}`);
    expect(gecko.status).toBe(200);
    const attributes = (gecko.body as { data: { attributes: { price_usd: string } } }).data
      .attributes;

    const moralis = await bed.get(`/moralis/token/mainnet/${token.mint}/price`);
    expect(moralis.status).toBe(200);
    const usdPrice = (moralis.body as { usdPrice: number }).usdPrice;

    const dexPrice = Number(pairs[0]?.priceUsd);
    expect(dexPrice).toBeGreaterThan(0);
    expect(Number(attributes.price_usd)).toBeCloseTo(dexPrice, 6);
    expect(usdPrice).toBeCloseTo(dexPrice, 6);
  });

  it('limits GeckoTerminal to its published 30 calls a minute', async () => {
    bed.market.resetCounters('geckoterminal');
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await bed.get('/geckoterminal/api/v2/networks/solana/pools/nope')).status);
    }
    // The bucket holds one call at 0.5/s: the second within the same moment is refused.
    expect(statuses).toContain(429);
  });

  it('streams a launch to a PumpPortal subscriber at /pumpportal/api/data', async () => {
    const generator = bed.market.activity;
    if (generator === null) throw new Error('no generator');
    const url = `${bed.market.url.replace(/^http/, 'ws')}/pumpportal/api/data`;
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    try {
      const acked = nextMessage(
        socket,
        (m) => typeof m === 'object' && m !== null && 'message' in m,
      );
      socket.send(JSON.stringify({ method: 'subscribeNewToken' }));
      await acked;
      const created = nextMessage(
        socket,
        (m) =>
          typeof m === 'object' && m !== null && (m as { txType?: string }).txType === 'create',
      );
      const mint = await generator.launch();
      expect(await created).toMatchObject({ mint, txType: 'create' });
    } finally {
      socket.close();
    }
  });

  it('refuses plain HTTP on the stream path', async () => {
    expect((await bed.get('/pumpportal/api/data')).status).toBe(426);
  });
});
