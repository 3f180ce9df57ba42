import {
  createManualClock,
  priceResponseSchema,
  scanDetailsSchema,
  solPriceSchema,
  type ManualClock,
} from '@fleet/core';
import { testDatabaseKinds } from '@fleet/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeMarket, type FakeMarket } from '../testing/fake-market';
import { newTestKeypair } from '../testing/keypairs';
import { createOperator, createTestApp, type Operator, type TestApp } from '../testing/test-app';

const SOL_MINT = 'So11111111111111111111111111111111111111112';
const PRICED = newTestKeypair().address;
const UNKNOWN = newTestKeypair().address;

// Issue 18: the price routes answer the market's fallback chain in Jupiter's shape, refuse bad
// ids with a 400 that says why, and never stand a 0 in for a price nobody gave.
describe.each(testDatabaseKinds)('market price routes on %s', (kind) => {
  let fake: FakeMarket;
  let harness: TestApp;
  let app: FastifyInstance;
  let operator: Operator;
  // The market holds Jupiter's answers 60 s for SOL, good or bad: tests move this clock past it.
  let clock: ManualClock;

  beforeAll(async () => {
    fake = await startFakeMarket();
    fake.jupiterPrices.set(PRICED, 1.25);
    clock = createManualClock(Date.now());
    harness = await createTestApp(kind, { clock, market: fake.market(clock) });
    app = harness.app;
    operator = await createOperator(app, 'prices@example.com');
  });
  afterAll(async () => {
    await harness.close();
    await fake.close();
  });

  const get = (url: string, as: Operator | null = operator) =>
    app.inject({
      method: 'GET',
      url,
      ...(as === null ? {} : { cookies: { fleet_session: as.cookie } }),
    });

  it('need a session', async () => {
    expect((await get(`/api/jupiter/price?ids=${PRICED}`, null)).statusCode).toBe(401);
    expect((await get('/api/market/sol-price', null)).statusCode).toBe(401);
  });

  it('answer known mints in Jupiter Price v3 shape and leave unknown mints out', async () => {
    const response = await get(`/api/jupiter/price?ids=${PRICED},${UNKNOWN},${PRICED}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const prices = priceResponseSchema.parse(response.json());
    expect(Object.keys(prices)).toEqual([PRICED]);
    expect(prices[PRICED]).toMatchObject({ usdPrice: 1.25, source: 'jupiter' });
  });

  it.each([
    ['no ids at all', '/api/jupiter/price', 'ids is required'],
    ['an empty list', '/api/jupiter/price?ids=', 'at least one'],
    ['only commas', '/api/jupiter/price?ids=,,,', 'at least one'],
    ['a malformed address', '/api/jupiter/price?ids=not-a-mint', 'Not a mint address'],
    ['a 0OIl address', `/api/jupiter/price?ids=${'0'.repeat(44)}`, 'Not a mint address'],
    [
      'one good and one bad address',
      `/api/jupiter/price?ids=${PRICED},${PRICED.slice(0, 20)}`,
      'Not a mint address',
    ],
    [
      '101 ids',
      `/api/jupiter/price?ids=${Array.from({ length: 101 }, () => newTestKeypair().address).join(',')}`,
      'at most 100',
    ],
    [
      '10,000 ids',
      `/api/jupiter/price?ids=${Array.from({ length: 10_000 }, () => PRICED).join(',')}`,
      'at most 100',
    ],
    ['ids given twice', `/api/jupiter/price?ids=${PRICED}&ids=${UNKNOWN}`, ''],
  ])('refuse %s with a 400 that says why', async (_what, url, words) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'REQUEST__INVALID_INPUT' });
    expect(response.json<{ error: string }>().error).toContain(words);
  });

  it('read the SOL price as unavailable with every reason when no provider prices it, never 0', async () => {
    fake.jupiterReply = { status: 500, body: '<html>oops</html>', contentType: 'text/html' };
    const response = await get('/api/market/sol-price');
    expect(response.statusCode).toBe(200);
    const price = solPriceSchema.parse(response.json());
    expect(price.status).toBe('unavailable');
    if (price.status !== 'unavailable') return;
    expect(price.message).toBe('SOL price unavailable');
    expect(price.reasons.join(' | ')).toMatch(/jupiter: .*500/);
    expect(price.reasons.join(' | ')).toMatch(/geckoterminal: .*503/);
    expect(price.reasons.join(' | ')).toMatch(/dexscreener/);
    expect(JSON.stringify(price)).not.toMatch(/"priceUsd"/);
  });

  it("say 'Invalid SOL price from jupiter' when Jupiter answers a price of 0", async () => {
    fake.jupiterReply = null;
    fake.jupiterPrices.set(SOL_MINT, 0);
    clock.advance(61_000);
    const price = solPriceSchema.parse((await get('/api/market/sol-price')).json());
    expect(price).toMatchObject({
      status: 'unavailable',
      message: 'Invalid SOL price from jupiter',
    });
  });

  it('answer the SOL price with its source and age once a provider prices it', async () => {
    fake.jupiterPrices.set(SOL_MINT, 150.5);
    clock.advance(61_000);
    const price = solPriceSchema.parse((await get('/api/market/sol-price')).json());
    expect(price).toMatchObject({ status: 'known', priceUsd: 150.5, source: 'jupiter' });
    clock.advance(30_000);
    const later = solPriceSchema.parse((await get('/api/market/sol-price')).json());
    expect(later).toMatchObject({ status: 'known', priceUsd: 150.5, ageMs: 30_000 });
  });

  it('show the providers beside the RPC endpoints in Scan Details', async () => {
    const response = await get('/api/scan/details');
    const details = scanDetailsSchema.parse(response.json());
    const jupiter = details.providers?.find((p) => p.provider === 'jupiter');
    expect(jupiter?.calls).toBeGreaterThan(0);
    expect(jupiter?.errors).toBeGreaterThan(0);
    expect(details.providers?.map((p) => p.provider)).toEqual(
      expect.arrayContaining(['jupiter', 'dexscreener', 'geckoterminal', 'moralis']),
    );
  });
});
