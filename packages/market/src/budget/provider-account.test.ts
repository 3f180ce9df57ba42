import { createManualClock, systemClock } from '@fleet/core';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { isMarketError } from '../errors/market-error';
import {
  driveClock,
  json,
  startFakeProvider,
  type FakeProviderServer,
} from '../testing/fake-provider-server';
import { createProviderAccount } from './provider-account';

const schema = z.looseObject({ price: z.number() });
let server: FakeProviderServer;

afterEach(async () => {
  await server.close();
});

describe('a provider account', () => {
  it('waits out a 429’s Retry-After on the test clock, then gets its answer', async () => {
    const clock = createManualClock(1_000_000);
    server = await startFakeProvider(() => clock.now());
    let calls = 0;
    server.route(/GET \/price/, () =>
      ++calls === 1
        ? { status: 429, headers: { 'retry-after': '3' }, body: 'slow down' }
        : json({ price: 2 }),
    );
    const account = createProviderAccount({
      provider: 'dexscreener',
      buckets: { pairs: { requests: 300, perMs: 60_000 } },
      fetch,
      clock,
      timeoutMs: 3_600_000,
      maxWaitMs: 3_600_000,
    });
    const answer = await driveClock(
      clock,
      account.request({ endpoint: 'price', bucket: 'pairs', url: `${server.url}/price`, schema }),
      100,
    );
    expect(answer.price).toBe(2);
    const [first, second] = server.requests;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(3_000);
    expect(account.stats()).toMatchObject({ calls: 2, rateLimited: 1, errors: 0 });
  });

  it('backs off exponentially on 429s without Retry-After and gives up with a reason', async () => {
    const clock = createManualClock(0);
    server = await startFakeProvider(() => clock.now());
    server.route(/GET \/price/, () => ({ status: 429, body: '' }));
    const account = createProviderAccount({
      provider: 'geckoterminal',
      buckets: { default: { requests: 30, perMs: 60_000 } },
      fetch,
      clock,
      timeoutMs: 3_600_000,
      maxWaitMs: 3_600_000,
      max429Retries: 3,
    });
    const outcome = await driveClock(
      clock,
      account
        .request({ endpoint: 'price', bucket: 'default', url: `${server.url}/price`, schema })
        .catch((e: unknown) => e),
      50,
    );
    expect(isMarketError(outcome, 'MARKET__RATE_LIMITED')).toBe(true);
    const gaps = server.requests.slice(1).map((r, i) => r.at - (server.requests[i]?.at ?? 0));
    expect(gaps.length).toBe(3);
    expect(gaps[0]).toBeGreaterThanOrEqual(1_000);
    expect(gaps[1]).toBeGreaterThanOrEqual(2_000);
    expect(gaps[2]).toBeGreaterThanOrEqual(4_000);
    expect(account.stats()).toMatchObject({ calls: 4, rateLimited: 4 });
  });

  it('treats 429s to one burst as one step of the back-off, and cools 1.5–2 s once they reach 0.3 of 20', async () => {
    const clock = createManualClock(0);
    server = await startFakeProvider(() => clock.now());
    const refused = new Set<string>();
    server.route(/GET \/p\//, (r) => {
      if (refused.has(r.path)) return json({ price: 1 });
      refused.add(r.path);
      return { status: 429, body: '' };
    });
    const account = createProviderAccount({
      provider: 'dexscreener',
      buckets: { pairs: { requests: 300, perMs: 60_000 } },
      fetch,
      clock,
      timeoutMs: 3_600_000,
      maxWaitMs: 3_600_000,
      random: () => 0.5,
    });
    const all = Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        account.request({ endpoint: 'p', bucket: 'pairs', url: `${server.url}/p/${i}`, schema }),
      ),
    );
    await driveClock(clock, all, 50);
    const retried = server.requests.slice(6).map((r) => r.at);
    // Six refusals, all to the same burst: a 1 s back-off, raised to 1.75 s because 6 of 6
    // answers were 429s — not doubled per refusal up to 32 s.
    expect(Math.min(...retried)).toBeGreaterThanOrEqual(1_750);
    expect(Math.max(...retried)).toBeLessThan(4_000);
  });

  it('never sends more than its limit in a window (counted by the server)', async () => {
    const clock = createManualClock(0);
    server = await startFakeProvider(() => clock.now());
    server.route(/GET \/p\//, (r) => json({ price: Number(r.path.slice(3)) }));
    const account = createProviderAccount({
      provider: 'geckoterminal',
      buckets: { default: { requests: 10, perMs: 60_000 } },
      fetch,
      clock,
      timeoutMs: 3_600_000,
      maxWaitMs: 3_600_000,
    });
    const all = Promise.all(
      Array.from({ length: 35 }, (_, i) =>
        account.request({ endpoint: 'p', bucket: 'default', url: `${server.url}/p/${i}`, schema }),
      ),
    );
    const answers = await driveClock(clock, all, 1_000, 1_000);
    expect(answers.map((a) => a.price)).toEqual(Array.from({ length: 35 }, (_, i) => i));
    const perWindow = new Map<number, number>();
    for (const r of server.requests)
      perWindow.set(Math.floor(r.at / 60_000), (perWindow.get(Math.floor(r.at / 60_000)) ?? 0) + 1);
    expect([...perWindow.values()]).toEqual([10, 10, 10, 5]);
  });

  it('serves a fresh answer from its cache and shares a request in flight, counting both as hits', async () => {
    const clock = createManualClock(0);
    server = await startFakeProvider(() => clock.now());
    server.route(/GET \/price/, () => json({ price: 7 }));
    const account = createProviderAccount({
      provider: 'jupiter',
      buckets: { default: { requests: 60, perMs: 60_000 } },
      fetch,
      clock,
    });
    const ask = () =>
      account.request({
        endpoint: 'price',
        bucket: 'default',
        url: `${server.url}/price`,
        schema,
        staleMs: 15_000,
      });
    await Promise.all([ask(), ask()]);
    await ask();
    clock.advance(15_000);
    await ask();
    expect(server.requests.length).toBe(2);
    expect(account.stats()).toMatchObject({ calls: 2, cacheHits: 2 });
  });

  it('turns HTML, truncated JSON, wrong types and error statuses into reasons, and counts them', async () => {
    server = await startFakeProvider(() => 0);
    server.route(/GET \/html/, () => ({
      headers: { 'content-type': 'text/html' },
      body: '<html>502 Bad Gateway</html>',
    }));
    server.route(/GET \/truncated/, () => json('{"price": 1'));
    server.route(/GET \/wrong/, () => json({ price: 'cheap' }));
    server.route(/GET \/down/, () => ({ status: 503, body: '<h1>Service Unavailable</h1>' }));
    const account = createProviderAccount({
      provider: 'dexscreener',
      buckets: { pairs: { requests: 300, perMs: 60_000 } },
      fetch,
      clock: systemClock,
    });
    const fail = (path: string) =>
      account
        .request({ endpoint: path, bucket: 'pairs', url: `${server.url}/${path}`, schema })
        .then(
          () => 'answered',
          (e: unknown) => (e instanceof Error ? e.message : String(e)),
        );
    expect(await fail('html')).toBe('dexscreener html answered something that is not JSON');
    expect(await fail('truncated')).toBe(
      'dexscreener truncated answered something that is not JSON',
    );
    expect(await fail('wrong')).toMatch(/^dexscreener wrong answered an unexpected shape: price: /);
    expect(await fail('down')).toBe('Request to dexscreener failed with status 503');
    expect(account.stats()).toMatchObject({
      calls: 4,
      errors: 4,
      lastError: 'Request to dexscreener failed with status 503',
    });
  });

  it('gives up on a provider that hangs after its timeout', async () => {
    server = await startFakeProvider(() => 0);
    server.route(/GET \/price/, () => ({ hang: true }));
    const account = createProviderAccount({
      provider: 'moralis',
      buckets: { default: { requests: 5, perMs: 1_000 } },
      fetch,
      clock: systemClock,
      timeoutMs: 150,
    });
    const outcome = await account
      .request({ endpoint: 'price', bucket: 'default', url: `${server.url}/price`, schema })
      .catch((e: unknown) => e);
    expect(isMarketError(outcome, 'MARKET__TIMEOUT')).toBe(true);
    expect(account.stats()).toMatchObject({ timeouts: 1, errors: 1 });
  });
});
