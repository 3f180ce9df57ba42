import { readFileSync } from 'node:fs';

import { createManualClock } from '@fleet/core';
import { afterEach, describe, expect, it } from 'vitest';

import { json } from '../testing/fake-provider-server';
import { startMarketTestBed, type MarketTestBed } from '../testing/market-test-bed';

const fixture = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');
let bed: MarketTestBed;
afterEach(async () => {
  await bed.close();
});

describe('market search and trending', () => {
  it('answers a search with one result per Solana token, figures as DexScreener gave them, cached 30 s', async () => {
    const clock = createManualClock(0);
    bed = await startMarketTestBed(clock, fetch);
    bed.server.route(/GET \/dexscreener\/latest\/dex\/search/, () =>
      json(fixture('dexscreener/fixtures/search.json')),
    );
    const results = await bed.market.searchTokens('JUP');
    expect(results).toEqual([
      {
        mint: 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN',
        symbol: 'JUP',
        name: 'Jupiter',
        priceUsd: 0.4821,
        marketCapUsd: 1505332110,
        liquidityUsd: 2210331.4,
        volume24hUsd: 1203344.1,
        pairAddress: '8sLdRqDhVBWHxUqq1LtFyhyJ8YjbFWRhqqpmGFzePMvh',
        createdAt: 1706659380000,
        logoUrl:
          'https://dd.dexscreener.com/ds-data/tokens/solana/JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN.png',
        dexUrl: 'https://dexscreener.com/solana/8sldrqdhvbwhxuqq1ltfyhyj8yjbfwrhqqpmgfzepmvh',
        socials: { website: null, twitter: null, telegram: null },
      },
    ]);
    clock.advance(29_000);
    await bed.market.searchTokens('JUP');
    expect(bed.calls('dexscreener')).toBe(1);
  });

  it('lists the boosted Solana tokens with their deepest pair’s figures in one /tokens call', async () => {
    bed = await startMarketTestBed(createManualClock(0), fetch);
    bed.server.route(/GET \/dexscreener\/token-boosts\/top\/v1/, () =>
      json(fixture('dexscreener/fixtures/token-boosts-top.json')),
    );
    bed.server.route(/GET \/dexscreener\/tokens\/v1\/solana\//, () => json('[]'));
    const items = await bed.market.trending();
    expect(items).toEqual([
      {
        boost: {
          tokenAddress: '9BB6NFEcjBCtnNLFko2FqVQBq8HHM13kCyYcdQbgpump',
          icon: '0e9a1c1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6',
          description: 'The community coin of the pump.',
          totalAmount: 5000,
          url: 'https://dexscreener.com/solana/9bb6nfecjbctnnlfko2fqvqbq8hhm13kcyycdqbgpump',
        },
        stats: null,
      },
    ]);
    expect(bed.calls('dexscreener')).toBe(2);
  });
});
