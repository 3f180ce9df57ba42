import { createManualClock } from '@fleet/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonReply, startFakeMarket, type FakeMarket } from '../testing/fake-market';
import { newTestKeypair } from '../testing/keypairs';
import {
  createMarketFigures,
  MARKET_MIN_WAIT_MS,
  MARKET_WAIT_MS,
  PAIR_FIGURES_REFRESH_MS,
} from './market-figures';

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
const jupiterCalls = (fake: FakeMarket) =>
  fake.requests.filter((r) => r.startsWith('GET /jupiter/price/v3')).length;
/** Until `arrived` holds: a request on its way to the loopback provider (bounded). */
async function untilArrived(arrived: () => boolean) {
  for (let turn = 0; turn < 200 && !arrived(); turn++)
    await new Promise((resolve) => setTimeout(resolve, 5));
  expect(arrived()).toBe(true);
}

/** Figures over `fake` on a clock that moves only when told; a provider error fails the test. */
function figuresOnStillClock(fake: FakeMarket) {
  const clock = createManualClock(Date.now());
  const figures = createMarketFigures({
    market: fake.market(clock),
    clock,
    onError: (error) => {
      throw error;
    },
  });
  return { clock, figures };
}

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
      clock,
      onError: (error) => errors.push(error),
    });
    const answer = await figures.figures([MINT], [MINT]);
    expect(answer.pending).toBe(false);
    expect(answer.figures.get(MINT)).toEqual({
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
    const { clock, figures } = figuresOnStillClock(fake);
    const before = dexCalls(fake);
    expect((await figures.figures([MINT], [])).figures.get(MINT)).toEqual({
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
    expect((await figures.figures([MINT], [])).figures.get(MINT)?.fdvUsd).toBe(1_000);
    let fdv = (await figures.figures([MINT], [])).figures.get(MINT)?.fdvUsd;
    for (let turn = 0; turn < 200 && fdv !== 3_000; turn++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      fdv = (await figures.figures([MINT], [])).figures.get(MINT)?.fdvUsd;
    }
    expect(fdv).toBe(3_000);
    // One refresh, however many requests came while it ran.
    expect(dexCalls(fake)).toBe(before + 2);
  });

  it('answers after the wait with what it keeps, says the rest is pending, and reads it once for the next answer', async () => {
    fake.dexReply = jsonReply([dexPair(2_000)]);
    const { clock, figures } = figuresOnStillClock(fake);
    const before = dexCalls(fake);
    const release = fake.holdReplies();
    const first = figures.figures([MINT], [MINT]);
    await untilArrived(() => dexCalls(fake) === before + 1);
    clock.advance(MARKET_WAIT_MS);
    const answer = await first;
    expect(answer.pending).toBe(true);
    expect(answer.figures.get(MINT)).toEqual({
      priceUsd: null,
      fdvUsd: null,
      liquidityUsd: null,
      logoUrl: null,
    });
    // A request while the read is under way waits on that read instead of starting another.
    const second = figures.figures([MINT], [MINT]);
    release();
    const next = await second;
    expect(next.pending).toBe(false);
    expect(next.figures.get(MINT)).toEqual({
      priceUsd: 1.25,
      fdvUsd: 2_000,
      liquidityUsd: 2_000,
      logoUrl: 'https://img.example/tok.png',
    });
    expect(dexCalls(fake)).toBe(before + 1);
  });

  it('keeps the last price while a slow provider is read again past the wait, not pending', async () => {
    fake.dexReply = jsonReply([dexPair(1_000)]);
    const { clock, figures } = figuresOnStillClock(fake);
    expect((await figures.figures([MINT], [MINT])).figures.get(MINT)?.priceUsd).toBe(1.25);
    // Past every cache's age, with Jupiter slow: the answer does not wait for it.
    clock.advance(60 * 60_000);
    fake.jupiterPrices.set(MINT, 1.5);
    const release = fake.holdReplies();
    const asked = jupiterCalls(fake);
    const late = figures.figures([MINT], [MINT]);
    await untilArrived(() => jupiterCalls(fake) === asked + 1);
    clock.advance(MARKET_WAIT_MS);
    const answer = await late;
    release();
    expect(answer.pending).toBe(false);
    expect(answer.figures.get(MINT)?.priceUsd).toBe(1.25);
    let price = answer.figures.get(MINT)?.priceUsd;
    for (let turn = 0; turn < 200 && price !== 1.5; turn++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      price = (await figures.figures([MINT], [MINT])).figures.get(MINT)?.priceUsd;
    }
    expect(price).toBe(1.5);
    fake.jupiterPrices.set(MINT, 1.25);
  });

  it('counts the wait from when the request began: one whose database reads took long waits the least', async () => {
    const { clock, figures } = figuresOnStillClock(fake);
    const release = fake.holdReplies();
    const askedAt = clock.now() - MARKET_WAIT_MS;
    const late = figures.figures([newTestKeypair().address], [], askedAt);
    clock.advance(MARKET_MIN_WAIT_MS - 1);
    let settled = false;
    void late.then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    clock.advance(1);
    expect((await late).pending).toBe(true);
    release();
  });
});
