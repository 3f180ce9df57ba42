import { systemClock } from '@fleet/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createProviderAccount } from '../budget/provider-account';
import { isMarketError } from '../errors/market-error';
import {
  fixtureText,
  json,
  startFakeProvider,
  type FakeProviderServer,
} from '../testing/fake-provider-server';
import { createMoralisClient } from './moralis-client';

const JUP = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';
let server: FakeProviderServer;
beforeEach(async () => {
  server = await startFakeProvider(() => 0);
});
afterEach(async () => {
  await server.close();
});

const account = () =>
  createProviderAccount({
    provider: 'moralis',
    buckets: { default: { requests: 5, perMs: 1_000 } },
    fetch,
    clock: systemClock,
  });

describe('Moralis', () => {
  it('reads a Solana token price on the mainnet path with the key in X-API-Key', async () => {
    server.route(/GET \/token\/mainnet\/JUP\w+\/price$/, () =>
      json(fixtureText(import.meta.url, 'token-price.json')),
    );
    const price = await createMoralisClient(account(), {
      baseUrl: server.url,
      apiKey: 'm-key',
    }).tokenPrice(JUP);
    expect(price).toMatchObject({ usdPrice: 0.4821, exchangeName: 'Raydium AMM v4' });
    expect(price.nativePrice?.value).toBe('3270000');
    expect(server.requests[0]?.headers['x-api-key']).toBe('m-key');
  });

  it('refuses to call without a key', async () => {
    const client = createMoralisClient(account(), { baseUrl: server.url });
    expect(client.configured).toBe(false);
    const outcome = await client.tokenPrice(JUP).catch((e: unknown) => e);
    expect(isMarketError(outcome, 'MARKET__NOT_CONFIGURED')).toBe(true);
    expect(server.requests).toHaveLength(0);
  });
});
