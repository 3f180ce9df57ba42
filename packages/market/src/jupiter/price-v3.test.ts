import { systemClock } from '@fleet/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createProviderAccount } from '../budget/provider-account';
import {
  fixtureText,
  json,
  startFakeProvider,
  type FakeProviderServer,
} from '../testing/fake-provider-server';
import { createJupiterPriceClient } from './price-v3';

let server: FakeProviderServer;
beforeEach(async () => {
  server = await startFakeProvider(() => 0);
});
afterEach(async () => {
  await server.close();
});

const clientFor = (apiKey = 'test-key') =>
  createJupiterPriceClient(
    createProviderAccount({
      provider: 'jupiter',
      buckets: { default: { requests: 60, perMs: 60_000 } },
      fetch,
      clock: systemClock,
    }),
    { baseUrl: server.url, apiKey },
  );

/** Distinct base58 strings that look like mints. */
const mints = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => `Mint${String(i).padStart(4, 'x')}1111111111111111111111111111111`,
  );

describe('Jupiter Price API v3', () => {
  it('reads its published answer, sending the key in x-api-key', async () => {
    server.route(/GET \/price\/v3/, () => json(fixtureText(import.meta.url, 'price-v3.json')));
    const prices = await clientFor().prices([
      'So11111111111111111111111111111111111111112',
      'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN',
    ]);
    expect(prices.get('So11111111111111111111111111111111111111112')).toMatchObject({
      usdPrice: 147.48,
      decimals: 9,
      blockId: 348004023,
      priceChange24h: 1.29,
      liquidity: 621679197.67,
    });
    expect(prices.size).toBe(3);
    expect(server.requests[0]?.headers['x-api-key']).toBe('test-key');
  });

  it('asks for 50 ids a call: 120 mints are three calls', async () => {
    server.route(/GET \/price\/v3/, (r) => {
      const ids = (r.query.get('ids') ?? '').split(',');
      return json(
        Object.fromEntries(ids.map((id) => [id, { usdPrice: 1.5, decimals: 6, blockId: 1 }])),
      );
    });
    const prices = await clientFor().prices(mints(120));
    expect(prices.size).toBe(120);
    const sizes = server.requests.map((r) => (r.query.get('ids') ?? '').split(',').length);
    expect(sizes.sort((a, b) => b - a)).toEqual([50, 50, 20]);
  });

  it('leaves out the mints Jupiter does not price', async () => {
    server.route(/GET \/price\/v3/, () =>
      json({ So11111111111111111111111111111111111111112: { usdPrice: 150 } }),
    );
    const prices = await clientFor().prices([
      'So11111111111111111111111111111111111111112',
      'Unknown1111111111111111111111111111111111111',
    ]);
    expect([...prices.keys()]).toEqual(['So11111111111111111111111111111111111111112']);
  });
});
