import { createManualClock, systemClock } from '@fleet/core';
import { afterEach, describe, expect, it } from 'vitest';

import { json, type Reply } from '../testing/fake-provider-server';
import { startMarketTestBed, type MarketTestBed } from '../testing/market-test-bed';
import { SOL_MINT } from './sol-price';

let bed: MarketTestBed;
afterEach(async () => {
  await bed.close();
});

const jupiterSol = (usdPrice: unknown): Reply =>
  json({ [SOL_MINT]: { usdPrice, decimals: 9, blockId: 1 } });
const geckoSol = (price: string): Reply =>
  json({
    data: {
      id: `solana_${SOL_MINT}`,
      type: 'token',
      attributes: { address: SOL_MINT, name: 'Wrapped SOL', symbol: 'SOL', price_usd: price },
    },
  });
const dexSol = (priceUsd: string): Reply =>
  json([
    {
      chainId: 'solana',
      dexId: 'raydium',
      pairAddress: '58oQChx4yWmvKdwLLZzBi4ChoCc2fqCUWBkwMihLYQo2',
      baseToken: { address: SOL_MINT, name: 'Wrapped SOL', symbol: 'SOL' },
      quoteToken: {
        address: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
        name: 'USD Coin',
        symbol: 'USDC',
      },
      priceNative: priceUsd,
      priceUsd,
      liquidity: { usd: 9120334.55, base: 30911.2, quote: 4563221.1 },
    },
  ]);

describe('the SOL price', () => {
  it('comes from the price service first, with its source and time, and holds 60 s', async () => {
    const clock = createManualClock(1_000_000);
    bed = await startMarketTestBed(clock, fetch);
    bed.server.route(/GET \/jupiter\/price\/v3/, () => jupiterSol(147.48));
    expect(await bed.market.solPrice()).toEqual({
      status: 'known',
      value: 147.48,
      source: 'jupiter',
      at: 1_000_000,
    });
    clock.advance(59_000);
    await bed.market.solPrice();
    expect(bed.calls('jupiter')).toBe(1);
    clock.advance(1_000);
    await bed.market.solPrice();
    expect(bed.calls('jupiter')).toBe(2);
  });

  it('drops a hanging price service after its timeout and takes the market-data service’s', async () => {
    bed = await startMarketTestBed(systemClock, fetch, { timeoutMs: 150 });
    bed.server.route(/GET \/jupiter\/price\/v3/, () => ({ hang: true }));
    bed.server.route(/GET \/geckoterminal\/api\/v2\/networks\/solana\/tokens\/So1/, () =>
      geckoSol('147.51'),
    );
    const price = await bed.market.solPrice();
    expect(price).toMatchObject({ status: 'known', value: 147.51, source: 'geckoterminal' });
    expect(bed.market.stats().find((s) => s.provider === 'jupiter')).toMatchObject({
      timeouts: 1,
      errors: 1,
    });
  });

  it('says "Invalid SOL price from {provider}" for zero, negative and NaN, and is unavailable when all fail — never 0', async () => {
    const clock = createManualClock(0);
    bed = await startMarketTestBed(clock, fetch);
    bed.server.route(/GET \/jupiter\/price\/v3/, () => jupiterSol(0));
    bed.server.route(/GET \/geckoterminal\//, () => geckoSol('-147.5'));
    bed.server.route(/GET \/dexscreener\//, () => dexSol('NaN'));
    const price = await bed.market.solPrice();
    expect(price).toEqual({
      status: 'unavailable',
      reasons: [
        'Invalid SOL price from jupiter: price is zero',
        'Invalid SOL price from geckoterminal: price is negative',
        'Invalid SOL price from dexscreener: price is not a number',
      ],
    });
    expect(bed.market.stats().map((s) => s.lastError)).toEqual([
      'Invalid SOL price from jupiter: price is zero',
      'Invalid SOL price from dexscreener: price is not a number',
      'Invalid SOL price from geckoterminal: price is negative',
      null,
    ]);
  });

  it('drops HTML and truncated answers to the DEX pair service', async () => {
    const clock = createManualClock(0);
    bed = await startMarketTestBed(clock, fetch);
    bed.server.route(/GET \/jupiter\//, () => ({
      headers: { 'content-type': 'text/html' },
      body: '<!doctype html><title>Just a moment...</title>',
    }));
    bed.server.route(/GET \/geckoterminal\//, () =>
      json('{"data":{"id":"solana_So1","type":"token","attrib'),
    );
    bed.server.route(/GET \/dexscreener\//, () => dexSol('147.42'));
    expect(await bed.market.solPrice()).toMatchObject({
      status: 'known',
      value: 147.42,
      source: 'dexscreener',
    });
  });

  it('refuses a price 50× the last one within a minute and keeps looking', async () => {
    const clock = createManualClock(0);
    bed = await startMarketTestBed(clock, fetch);
    let jupiter = 147.48;
    bed.server.route(/GET \/jupiter\/price\/v3/, () => jupiterSol(jupiter));
    bed.server.route(/GET \/geckoterminal\//, () => geckoSol('147.9'));
    await bed.market.solPrice();
    jupiter = 147.48 * 60;
    clock.advance(60_000);
    const price = await bed.market.solPrice();
    expect(price).toMatchObject({ status: 'known', value: 147.9, source: 'geckoterminal' });
  });
  it('asks every provider again when all their SOL prices were refused, within their stale time', async () => {
    const clock = createManualClock(0);
    bed = await startMarketTestBed(clock, fetch);
    let jupiter: unknown = 0;
    bed.server.route(/GET \/jupiter\/price\/v3/, () => jupiterSol(jupiter));
    bed.server.route(/GET \/geckoterminal\//, () => geckoSol('-1'));
    bed.server.route(/GET \/dexscreener\//, () => dexSol('0'));
    expect(await bed.market.solPrice()).toMatchObject({ status: 'unavailable' });

    jupiter = 147.5;
    clock.advance(5_000);
    expect(await bed.market.solPrice()).toMatchObject({
      status: 'known',
      value: 147.5,
      source: 'jupiter',
    });
    expect(bed.calls('jupiter')).toBe(2);
  });
});
