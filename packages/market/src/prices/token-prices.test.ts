import { createManualClock } from '@fleet/core';
import { afterEach, describe, expect, it } from 'vitest';

import { json } from '../testing/fake-provider-server';
import { startMarketTestBed, type MarketTestBed } from '../testing/market-test-bed';

let bed: MarketTestBed;
afterEach(async () => {
  await bed.close();
});

const mints = (n: number, tag = 'M') =>
  Array.from(
    { length: n },
    (_, i) => `${tag}${String(i).padStart(4, 'x')}111111111111111111111111111111111`,
  );
const pair = (mint: string, priceUsd: string) => ({
  chainId: 'solana',
  dexId: 'raydium',
  pairAddress: `P${mint.slice(1)}`,
  baseToken: { address: mint, name: 'T', symbol: 'T' },
  quoteToken: {
    address: 'So11111111111111111111111111111111111111112',
    name: 'Wrapped SOL',
    symbol: 'SOL',
  },
  priceNative: '0.01',
  priceUsd,
  liquidity: { usd: 10_000, base: 1, quote: 1 },
});

describe('token prices for a tenant’s mints', () => {
  it('prices 500 mints in 10 Jupiter calls when Jupiter knows them all', async () => {
    bed = await startMarketTestBed(createManualClock(0), fetch);
    bed.server.route(/GET \/jupiter\/price\/v3/, (r) =>
      json(
        Object.fromEntries(
          (r.query.get('ids') ?? '')
            .split(',')
            .map((id) => [id, { usdPrice: 2.5, decimals: 6, blockId: 9 }]),
        ),
      ),
    );
    const prices = await bed.market.tokenPrices(mints(500));
    expect(prices.size).toBe(500);
    expect(
      [...prices.values()].every(
        (p) => p.status === 'known' && p.value === 2.5 && p.source === 'jupiter',
      ),
    ).toBe(true);
    expect(bed.calls('jupiter')).toBe(10);
    expect(bed.calls('dexscreener')).toBe(0);
  });

  it('asks DexScreener, 30 a call, for what Jupiter left out, and says why a mint has no price', async () => {
    bed = await startMarketTestBed(createManualClock(0), fetch, { moralis: {} });
    const all = mints(100);
    const jupiterKnows = new Set(all.slice(0, 40));
    const unknown = all[99] ?? '';
    bed.server.route(/GET \/jupiter\/price\/v3/, (r) =>
      json(
        Object.fromEntries(
          (r.query.get('ids') ?? '')
            .split(',')
            .filter((id) => jupiterKnows.has(id))
            .map((id) => [id, { usdPrice: 1 }]),
        ),
      ),
    );
    bed.server.route(/GET \/dexscreener\/tokens\/v1\/solana\//, (r) =>
      json(
        decodeURIComponent(r.path.split('/').pop() ?? '')
          .split(',')
          .filter((id) => id !== unknown)
          .map((id) => pair(id, '0.75')),
      ),
    );
    const prices = await bed.market.tokenPrices(all);
    expect(bed.calls('jupiter')).toBe(2);
    expect(bed.calls('dexscreener')).toBe(2);
    expect(prices.get(all[0] ?? '')).toMatchObject({
      status: 'known',
      source: 'jupiter',
      value: 1,
    });
    expect(prices.get(all[50] ?? '')).toMatchObject({
      status: 'known',
      source: 'dexscreener',
      value: 0.75,
    });
    expect(prices.get(unknown)).toEqual({
      status: 'unavailable',
      reasons: [`jupiter has no price for ${unknown}`, `dexscreener has no price for ${unknown}`],
    });
  });

  it('falls through a failed Jupiter batch and a 50× jump, never storing the bad price', async () => {
    const clock = createManualClock(0);
    bed = await startMarketTestBed(clock, fetch, { moralis: {} });
    const [a = '', b = ''] = mints(2);
    let aPrice = 1.5;
    let jupiterDown = false;
    bed.server.route(/GET \/jupiter\/price\/v3/, () =>
      jupiterDown
        ? { status: 500, body: 'upstream error' }
        : json({ [a]: { usdPrice: aPrice }, [b]: { usdPrice: 3 } }),
    );
    bed.server.route(/GET \/dexscreener\/tokens\/v1\/solana\//, () =>
      json([pair(a, '1.55'), pair(b, '3.05')]),
    );
    await bed.market.tokenPrices([a, b]);
    aPrice = 100;
    clock.advance(20_000);
    const jumped = await bed.market.tokenPrices([a, b]);
    expect(jumped.get(a)).toMatchObject({ status: 'known', source: 'dexscreener', value: 1.55 });
    expect(jumped.get(b)).toMatchObject({ status: 'known', source: 'jupiter', value: 3 });
    jupiterDown = true;
    clock.advance(20_000);
    const down = await bed.market.tokenPrices([a, b]);
    expect(down.get(b)).toMatchObject({ status: 'known', source: 'dexscreener', value: 3.05 });
    expect(bed.market.stats()[0]?.lastError).toBe('Request to jupiter failed with status 500');
  });
  it('asks Jupiter again on the next refresh after refusing its price, instead of reusing the refused answer for its stale time', async () => {
    const clock = createManualClock(0);
    bed = await startMarketTestBed(clock, fetch);
    const [a = ''] = mints(1);
    let aPrice = 0;
    bed.server.route(/GET \/jupiter\/price\/v3/, () => json({ [a]: { usdPrice: aPrice } }));
    bed.server.route(/GET \/dexscreener\/tokens\/v1\/solana\//, () => json([pair(a, '2.4')]));
    const refused = await bed.market.tokenPrices([a]);
    expect(refused.get(a)).toMatchObject({ status: 'known', source: 'dexscreener', value: 2.4 });

    // Jupiter has corrected itself; 1 s later is well inside its 15 s stale time.
    aPrice = 2.5;
    clock.advance(1_000);
    const again = await bed.market.tokenPrices([a]);
    expect(bed.calls('jupiter')).toBe(2);
    expect(again.get(a)).toMatchObject({ status: 'known', source: 'jupiter', value: 2.5 });
  });
});
