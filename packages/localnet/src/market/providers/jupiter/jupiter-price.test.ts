import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestBed, type TestBed } from '../../sandbox-test-bed.js';
import { SOL_MINT } from '../../swap/swap-quote.js';

let bed: TestBed;

beforeAll(async () => {
  bed = await startTestBed();
});

afterAll(async () => {
  await bed.close();
});

describe('Jupiter price v3', () => {
  it('prices SOL at the drifting SOL/USD and tokens from their pools, in Jupiter’s shape', async () => {
    const usdc = bed.token('USDC');
    const helio = bed.token('HELIO');
    const nft = bed.market.view.tokens().find((t) => t.kind === 'nft');
    const ids = [SOL_MINT, usdc.mint, helio.mint, nft?.mint ?? ''].join(',');
    const { status, body } = await bed.get(`/jupiter/price/v3?ids=${ids}`);
    expect(status).toBe(200);
    const prices = body as Record<string, Record<string, unknown>>;
    expect(Object.keys(prices).sort()).toEqual([SOL_MINT, usdc.mint, helio.mint].sort());
    expect(prices[SOL_MINT]).toMatchObject({
      usdPrice: bed.market.view.solUsd().price,
      decimals: 9,
      priceChange24h: expect.any(Number) as unknown,
      blockId: expect.any(Number) as unknown,
      liquidity: expect.any(Number) as unknown,
      createdAt: expect.any(String) as unknown,
    });
    expect(prices[usdc.mint]?.['usdPrice']).toBeCloseTo(1, 6);
    expect(prices[helio.mint]?.['usdPrice']).toBeCloseTo(12.5, 4);
    expect(prices[helio.mint]?.['decimals']).toBe(8);
  });

  it('refuses more than 50 ids and malformed addresses', async () => {
    const many = Array.from({ length: 51 }, () => bed.token('USDC').mint);
    // Duplicates collapse: 51 copies of one mint is one id.
    expect((await bed.get(`/jupiter/price/v3?ids=${many.join(',')}`)).status).toBe(200);
    const distinct = bed.market.view.tokens().map((t) => t.mint);
    const fake = Array.from(
      { length: 51 - distinct.length },
      (_, i) =>
        `${'1'.repeat(31)}${'23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'[i] ?? 'A'}`,
    );
    const tooMany = await bed.get(`/jupiter/price/v3?ids=${[...distinct, ...fake].join(',')}`);
    expect(tooMany.status).toBe(400);
    const malformed = await bed.get('/jupiter/price/v3?ids=not-a-mint');
    expect(malformed).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/Invalid mint/) as unknown },
    });
    expect((await bed.get('/jupiter/price/v3')).status).toBe(400);
  });
});
