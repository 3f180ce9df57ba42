import { systemClock } from '@fleet/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createProviderAccount } from '../budget/provider-account';
import {
  fixtureText,
  json,
  startFakeProvider,
  type FakeProviderServer,
} from '../testing/fake-provider-server';
import { createDexScreenerClient, deepestPair } from './dexscreener-client';

const SOL = 'So11111111111111111111111111111111111111112';
let server: FakeProviderServer;
beforeEach(async () => {
  server = await startFakeProvider(() => 0);
});
afterEach(async () => {
  await server.close();
});

const client = () =>
  createDexScreenerClient(
    createProviderAccount({
      provider: 'dexscreener',
      buckets: { pairs: { requests: 300, perMs: 60_000 }, other: { requests: 60, perMs: 60_000 } },
      fetch,
      clock: systemClock,
    }),
    { baseUrl: server.url },
  );

describe('DexScreener', () => {
  it('reads a token’s pairs, prices from strings and sizes from numbers, and finds the deepest', async () => {
    server.route(/GET \/token-pairs\/v1\/solana\/So1/, () =>
      json(fixtureText(import.meta.url, 'token-pairs.json')),
    );
    const pairs = await client().tokenPairs(SOL);
    expect(pairs).toHaveLength(2);
    expect(pairs[0]).toMatchObject({
      priceUsd: 147.42,
      priceNative: 147.42,
      fdv: 88212331221,
      pairCreatedAt: 1697623140000,
    });
    expect(pairs[0]?.volume?.h24).toBe(48210334.12);
    expect(pairs[0]?.info?.socials?.[0]).toEqual({ type: 'twitter', url: 'https://x.com/solana' });
    expect(deepestPair(pairs, SOL)?.dexId).toBe('orca');
  });

  it('asks /tokens/v1 for 30 mints a call', async () => {
    server.route(/GET \/tokens\/v1\/solana\//, () => json('[]'));
    const mints = Array.from(
      { length: 75 },
      (_, i) => `Mint${String(i).padStart(3, 'x')}11111111111111111111111111111111`,
    );
    await client().tokens(mints);
    const sizes = server.requests.map(
      (r) => decodeURIComponent(r.path.split('/').pop() ?? '').split(',').length,
    );
    expect(sizes.sort((a, b) => b - a)).toEqual([30, 30, 15]);
  });

  it('searches and keeps Solana pairs only', async () => {
    server.route(/GET \/latest\/dex\/search/, () =>
      json(fixtureText(import.meta.url, 'search.json')),
    );
    const pairs = await client().search('JUP');
    expect(server.requests[0]?.query.get('q')).toBe('JUP');
    expect(pairs.map((p) => p.baseToken.symbol)).toEqual(['JUP']);
    expect(pairs[0]?.liquidity?.usd).toBe(2210331.4);
  });

  it('lists the top boosts on Solana, on its own budget', async () => {
    server.route(/GET \/token-boosts\/top\/v1/, () =>
      json(fixtureText(import.meta.url, 'token-boosts-top.json')),
    );
    const boosts = await client().topBoosts();
    expect(boosts).toHaveLength(1);
    expect(boosts[0]).toMatchObject({
      tokenAddress: '9BB6NFEcjBCtnNLFko2FqVQBq8HHM13kCyYcdQbgpump',
      totalAmount: 5000,
      amount: 500,
      description: 'The community coin of the pump.',
    });
  });
});
