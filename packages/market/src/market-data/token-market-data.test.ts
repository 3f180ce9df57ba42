import { readFileSync } from 'node:fs';

import { createManualClock } from '@fleet/core';
import { afterEach, describe, expect, it } from 'vitest';

import { driveClock, json } from '../testing/fake-provider-server';
import { startMarketTestBed, type MarketTestBed } from '../testing/market-test-bed';
import { bannerSummary } from './token-market-data';

const JUP = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';
const fixture = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');

let bed: MarketTestBed;
afterEach(async () => {
  await bed.close();
});

describe('the token banner’s market data', () => {
  it('comes from GeckoTerminal’s token and, 100 ms later, its top pool', async () => {
    const clock = createManualClock(1_764_230_000_000);
    bed = await startMarketTestBed(clock, fetch);
    bed.server.route(/GET \/geckoterminal\/api\/v2\/networks\/solana\/tokens\/JUP\w+$/, () =>
      json(fixture('geckoterminal/fixtures/token.json')),
    );
    bed.server.route(/GET \/geckoterminal\/api\/v2\/networks\/solana\/pools\/8sLd\w+$/, () =>
      json(fixture('geckoterminal/fixtures/pool.json')),
    );
    const data = await driveClock(clock, bed.market.tokenMarketData(JUP), 10);
    expect(data.symbol).toMatchObject({ status: 'known', value: 'JUP', source: 'geckoterminal' });
    expect(data.priceUsd).toMatchObject({ status: 'known', value: 0.4821 });
    expect(data.marketCapUsd).toMatchObject({ value: 1505332110.03 });
    expect(data.volumeUsd24h).toMatchObject({ value: 30210331.33 });
    expect(data.volumeUsd5m).toMatchObject({ value: 2101.2 });
    expect(data.priceChange24h).toMatchObject({ value: -2.71 });
    expect(data.pairAddress).toMatchObject({
      value: '8sLdRqDhVBWHxUqq1LtFyhyJ8YjbFWRhqqpmGFzePMvh',
    });
    expect(data.pairCreatedAt).toMatchObject({ value: Date.parse('2024-01-31T00:03:00Z') });
    const [token, pool] = bed.server.requests;
    expect((pool?.at ?? 0) - (token?.at ?? 0)).toBeGreaterThanOrEqual(100);
    expect(bed.calls('dexscreener')).toBe(0);
    expect(bannerSummary(data)).toEqual({ dataSource: 'geckoterminal', failedFields: [] });
  });

  it('falls to DexScreener when GeckoTerminal fails', async () => {
    const clock = createManualClock(0);
    bed = await startMarketTestBed(clock, fetch);
    bed.server.route(/GET \/geckoterminal\//, () => ({
      status: 500,
      body: 'Internal Server Error',
    }));
    bed.server.route(/GET \/dexscreener\/token-pairs\/v1\/solana\/JUP/, () =>
      json(
        `[${JSON.stringify(
          (JSON.parse(fixture('dexscreener/fixtures/search.json')) as { pairs: unknown[] })
            .pairs[0],
        )}]`,
      ),
    );
    const data = await driveClock(clock, bed.market.tokenMarketData(JUP), 10);
    expect(data.priceUsd).toMatchObject({ status: 'known', value: 0.4821, source: 'dexscreener' });
    expect(data.liquidityUsd).toMatchObject({
      status: 'known',
      value: 2210331.4,
      source: 'dexscreener',
    });
    expect(data.pairAddress).toMatchObject({
      value: '8sLdRqDhVBWHxUqq1LtFyhyJ8YjbFWRhqqpmGFzePMvh',
    });
  });

  it('asks GeckoTerminal again on the next refresh after refusing its price, rather than keeping the refused answer', async () => {
    const clock = createManualClock(0);
    bed = await startMarketTestBed(clock, fetch);
    let price = '0';
    bed.server.route(/GET \/geckoterminal\/api\/v2\/networks\/solana\/tokens\/JUP\w+$/, () =>
      json(
        fixture('geckoterminal/fixtures/token.json').replace(
          '"price_usd": "0.482100000000"',
          `"price_usd": "${price}"`,
        ),
      ),
    );
    bed.server.route(/GET \/geckoterminal\/api\/v2\/networks\/solana\/pools\/8sLd\w+$/, () =>
      json(fixture('geckoterminal/fixtures/pool.json')),
    );
    bed.server.route(/GET \/dexscreener\/token-pairs\/v1\/solana\/JUP/, () =>
      json(
        `[${JSON.stringify(
          (JSON.parse(fixture('dexscreener/fixtures/search.json')) as { pairs: unknown[] })
            .pairs[0],
        )}]`,
      ),
    );
    const tokenCalls = () => bed.server.requests.filter((r) => r.path.includes('/tokens/')).length;
    const refused = await driveClock(clock, bed.market.tokenMarketData(JUP), 10);
    expect(refused.priceUsd).toMatchObject({ status: 'known', source: 'dexscreener' });
    expect(tokenCalls()).toBe(1);

    price = '0.4821';
    clock.advance(1_000);
    const again = await driveClock(clock, bed.market.tokenMarketData(JUP), 10);
    expect(tokenCalls()).toBe(2);
    expect(again.priceUsd).toMatchObject({
      status: 'known',
      value: 0.4821,
      source: 'geckoterminal',
    });
  });

  it('takes names from the metadata lookup when both fail, and shows the rest as unavailable with reasons', async () => {
    const clock = createManualClock(0);
    bed = await startMarketTestBed(clock, fetch, {
      lookupMetadata: (mint) =>
        Promise.resolve(mint === JUP ? { name: 'Jupiter', symbol: 'JUP', image: null } : null),
    });
    bed.server.route(/GET \/geckoterminal\//, () => ({
      status: 500,
      body: 'Internal Server Error',
    }));
    bed.server.route(/GET \/dexscreener\//, () => json('[]'));
    const data = await driveClock(clock, bed.market.tokenMarketData(JUP), 10);
    expect(data.name).toMatchObject({ status: 'known', value: 'Jupiter', source: 'metadata' });
    expect(data.image.status).toBe('unavailable');
    expect(data.priceUsd).toEqual({
      status: 'unavailable',
      reasons: [
        'geckoterminal: Request to geckoterminal failed with status 500',
        'dexscreener: response contained no pairs',
        'metadata has no priceUsd',
      ],
    });
    expect(bannerSummary(data)).toMatchObject({ dataSource: 'metadata' });
    expect(bannerSummary(data).failedFields).toContain('priceUsd');
    expect(bannerSummary(data).failedFields).not.toContain('name');
  });
});
