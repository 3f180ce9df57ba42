import { createManualClock } from '@fleet/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonReply, startFakeMarket, type FakeMarket } from '../testing/fake-market';
import { newTestKeypair } from '../testing/keypairs';
import { createMarketFigures, PAIR_FIGURES_REFRESH_MS } from './market-figures';

const MINT = newTestKeypair().address;
const dexPair = (fdv: number) => ({
  chainId: 'solana',
  dexId: 'raydium',
  pairAddress: newTestKeypair().address,
  baseToken: { address: MINT, name: 'Token', symbol: 'TOK' },
  quoteToken: {
    address: 'So11111111111111111111111111111111111111112',
    name: 'SOL',
    symbol: 'SOL',
  },
  priceUsd: '1.5',
  liquidity: { usd: 2_000 },
  fdv,
  info: { imageUrl: 'https://img.example/tok.png' },
});
const dexCalls = (fake: FakeMarket) =>
  fake.requests.filter((r) => r.startsWith('GET /dexscreener/tokens/v1')).length;

describe("the tokens overview's market figures", () => {
  let fake: FakeMarket;
  beforeAll(async () => {
    fake = await startFakeMarket();
    fake.jupiterPrices.set(MINT, 1.25);
  });
  afterAll(() => fake.close());

  it('leaves fdv, liquidity and the logo unknown when DexScreener fails, says so, and keeps the price', async () => {
    fake.dexReply = jsonReply({ error: 'down' }, 503);
    const clock = createManualClock(Date.now());
    const errors: unknown[] = [];
    const figures = createMarketFigures({
      market: fake.market(clock),
      now: () => clock.now(),
      onError: (error) => errors.push(error),
    });
    const answer = await figures.figures([MINT], [MINT]);
    expect(answer.get(MINT)).toEqual({
      priceUsd: 1.25,
      fdvUsd: null,
      liquidityUsd: null,
      logoUrl: null,
    });
    expect(errors).toHaveLength(1);
    // Not asked again on the next request: a provider that is down is not waited on each time.
    const calls = dexCalls(fake);
    await figures.figures([MINT], [MINT]);
    expect(dexCalls(fake)).toBe(calls);
  });

  it('asks DexScreener once for new mints, then again only after the refresh age, behind the answer', async () => {
    fake.dexReply = jsonReply([dexPair(1_000)]);
    const clock = createManualClock(Date.now());
    const figures = createMarketFigures({
      market: fake.market(clock),
      now: () => clock.now(),
      onError: (error) => {
        throw error;
      },
    });
    const before = dexCalls(fake);
    expect((await figures.figures([MINT], [])).get(MINT)).toEqual({
      priceUsd: null,
      fdvUsd: 1_000,
      liquidityUsd: 2_000,
      logoUrl: 'https://img.example/tok.png',
    });
    expect(dexCalls(fake)).toBe(before + 1);
    await figures.figures([MINT], []);
    expect(dexCalls(fake)).toBe(before + 1);

    fake.dexReply = jsonReply([dexPair(3_000)]);
    clock.advance(PAIR_FIGURES_REFRESH_MS);
    // The stale figures answer at once; the refresh runs after.
    expect((await figures.figures([MINT], [])).get(MINT)?.fdvUsd).toBe(1_000);
    let fdv = (await figures.figures([MINT], [])).get(MINT)?.fdvUsd;
    for (let turn = 0; turn < 200 && fdv !== 3_000; turn++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      fdv = (await figures.figures([MINT], [])).get(MINT)?.fdvUsd;
    }
    expect(fdv).toBe(3_000);
    // One refresh, however many requests came while it ran.
    expect(dexCalls(fake)).toBe(before + 2);
  });
});
