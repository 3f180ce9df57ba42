import { createManualClock } from '@fleet/core';
import { createLocalnet, type Localnet } from '@fleet/localnet';
import { address } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { randomAddress } from '../testing/fixtures';
import { startMisbehavingEndpoint } from '../testing/misbehaving-endpoint';
import { createEndpointPool } from './endpoint-pool';

describe('the endpoint pool', () => {
  let localnet: Localnet;

  beforeAll(async () => {
    localnet = await createLocalnet({
      endpoints: {
        good: {},
        other: {},
        paced: { rps: 20 },
        storm: { rps: 1 },
        narrow: { rps: 5 },
        broken: { errorRate: 1, errorKind: 'http-500' },
        rpcBroken: { errorRate: 1, errorKind: 'json-rpc' },
        down: { outage: true },
        hangs: { outage: 'hang' },
        lagging: { lagSlots: 200 },
      },
    });
  });
  afterAll(async () => {
    await localnet.close();
  });

  const url = (name: string): string => localnet.endpoints[name]?.url ?? '';
  const balances = (pool: ReturnType<typeof createEndpointPool>, owner: string, n: number) =>
    Promise.all(Array.from({ length: n }, () => pool.rpc.getBalance(address(owner)).send()));

  it('keeps u64 amounts above 2^53 exact through kit', async () => {
    const owner = randomAddress();
    await localnet.admin.fund(owner, 9_007_199_254_740_993n);
    const pool = createEndpointPool({ endpoints: [url('good')] });
    const { value } = await pool.rpc.getBalance(address(owner)).send();
    expect(value).toBe(9_007_199_254_740_993n);
  });

  it('spreads calls over its endpoints and counts them per endpoint and per method', async () => {
    const pool = createEndpointPool({ endpoints: [url('good'), url('other')] });
    await balances(pool, randomAddress(), 40);
    const stats = pool.stats();
    expect(stats.endpoints).toEqual([
      expect.stringMatching(/^127\.0\.0\.1:\d+ #1$/),
      expect.stringMatching(/^127\.0\.0\.1:\d+ #2$/),
    ]);
    const hits = Object.values(stats.endpointHits);
    expect(hits.reduce((a, b) => a + b, 0)).toBe(40);
    expect(Math.min(...hits)).toBeGreaterThan(0);
    expect(stats.rpcMethods).toEqual({ getBalance: 40 });
    expect(stats.details.every((d) => d.health === 'healthy')).toBe(true);
  });

  it('paces an endpoint under its configured rate, so the provider never answers 429', async () => {
    localnet.admin.resetCounters('paced');
    const pool = createEndpointPool({ endpoints: [`${url('paced')}#rps=20`] });
    const started = Date.now();
    await balances(pool, randomAddress(), 40);
    expect(localnet.admin.counters('paced').rateLimited).toBe(0);
    expect(Date.now() - started).toBeGreaterThan(1_500);
    expect(pool.stats().details[0]?.pacedRps).toBeCloseTo(19.4);
  });

  it('moves calls off an endpoint in a 429 storm, honouring its Retry-After', async () => {
    localnet.admin.resetCounters('storm');
    const pool = createEndpointPool({ endpoints: [url('storm'), url('good')] });
    // The first burst meets the limit blind: the storm endpoint answers 429 with Retry-After 1 s.
    await balances(pool, randomAddress(), 20);
    const first = pool.stats().details[0];
    expect(first?.rateLimited).toBeGreaterThan(0);
    expect(first?.coolingDownMs).toBeGreaterThan(500);
    // While it rests, every call goes to the other endpoint.
    await balances(pool, randomAddress(), 40);
    const [storm, good] = pool.stats().details;
    expect(storm?.hits).toBe(first?.hits);
    expect(good?.hits).toBeGreaterThanOrEqual(40);
    expect(localnet.admin.counters('storm').rateLimited).toBe(storm?.rateLimited);
  });

  it('waits out a 429 storm on its only endpoint and learns the rate, rather than failing', async () => {
    localnet.admin.resetCounters('narrow');
    const pool = createEndpointPool({ endpoints: [url('narrow')] });
    const results = await balances(pool, randomAddress(), 20);
    expect(results).toHaveLength(20);
    const [narrow] = pool.stats().details;
    expect(narrow?.rateLimited).toBeGreaterThan(0);
    expect(narrow?.pacedRps).not.toBeNull();
  });

  it('fails reads over from 500s and JSON-RPC internal errors, and parks the broken endpoint', async () => {
    const pool = createEndpointPool({
      endpoints: [url('broken'), url('rpcBroken'), url('good')],
    });
    await balances(pool, randomAddress(), 30);
    const [broken, rpcBroken, good] = pool.stats().details;
    expect(good?.hits).toBeGreaterThanOrEqual(30);
    expect(broken?.errors).toBeGreaterThan(0);
    expect(broken?.lastError).toBe('HTTP 500');
    expect(rpcBroken?.lastError).toMatch(/JSON-RPC error -32603/);
    expect(broken?.health).toBe('down');
  });

  it('times out an endpoint that hangs and fails the read over', async () => {
    const hanging = await startMisbehavingEndpoint('hang');
    try {
      const pool = createEndpointPool({ endpoints: [hanging.url, url('good')], timeoutMs: 300 });
      const started = Date.now();
      await balances(pool, randomAddress(), 6);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(hanging.requests()).toBeGreaterThan(0);
      expect(pool.stats().details[0]?.timeouts).toBeGreaterThan(0);
    } finally {
      await hanging.close();
    }
  });

  it('refuses garbage answers (HTML, a result of the wrong shape) and fails over', async () => {
    const html = await startMisbehavingEndpoint('html');
    const wrong = await startMisbehavingEndpoint('wrong-shape');
    try {
      const pool = createEndpointPool({ endpoints: [html.url, wrong.url, url('good')] });
      const owner = randomAddress();
      await localnet.admin.fund(owner, 1_000_000_005n);
      const values = await balances(pool, owner, 10);
      expect(values.map((v) => v.value)).toEqual(Array.from({ length: 10 }, () => 1_000_000_005n));
      const [htmlStats, wrongStats] = pool.stats().details;
      expect(htmlStats?.lastError).toBe('answer is not JSON');
      expect(wrongStats?.lastError).toMatch(/bad getBalance answer/);
    } finally {
      await Promise.all([html.close(), wrong.close()]);
    }
  });

  it('names every endpoint by host when none answers, never its path or API key', async () => {
    const hanging = await startMisbehavingEndpoint('hang');
    const html = await startMisbehavingEndpoint('html');
    try {
      const pool = createEndpointPool({
        endpoints: [hanging.url, html.url, `${url('down')}?api-key=secret-api-key`],
        timeoutMs: 200,
      });
      const error = await pool.rpc
        .getBalance(address(randomAddress()))
        .send()
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(Error);
      const message = (error as Error).message;
      expect(message).toMatch(/^No RPC endpoint answered getBalance \(/);
      expect(message).toContain('no answer within 200 ms');
      expect(message).toContain('answer is not JSON');
      expect(message).toMatch(/connection failed/);
      expect(message).not.toContain('secret-api-key');
      expect(message).not.toContain('/rpc/');
    } finally {
      await Promise.all([hanging.close(), html.close()]);
    }
  });

  it('never repeats a send that may have reached a node', async () => {
    localnet.admin.resetCounters('broken');
    localnet.admin.resetCounters('rpcBroken');
    const pool = createEndpointPool({ endpoints: [url('broken'), url('rpcBroken')] });
    await expect(pool.call('sendTransaction', ['AQ==', { encoding: 'base64' }])).rejects.toThrow(
      /No RPC endpoint answered sendTransaction/,
    );
    const sends = (name: string) =>
      localnet.admin.counters(name).requestsByMethod.sendTransaction ?? 0;
    expect(sends('broken') + sends('rpcBroken')).toBe(1);
  });

  it('stops a waiting call as soon as its caller aborts', async () => {
    const pool = createEndpointPool({ endpoints: [`${url('good')}#rps=0.1`] });
    await pool.rpc.getBalance(address(randomAddress())).send(); // spends the only token
    const controller = new AbortController();
    const waiting = pool.rpc
      .getBalance(address(randomAddress()))
      .send({ abortSignal: controller.signal });
    setTimeout(() => controller.abort(new Error('operator cancelled')), 50);
    await expect(waiting).rejects.toThrow('operator cancelled');
    expect(pool.waiting()).toBe(0);
  });

  it('times out a localnet endpoint whose outage hangs, and reads from another', async () => {
    const pool = createEndpointPool({ endpoints: [url('hangs'), url('good')], timeoutMs: 300 });
    const started = Date.now();
    await balances(pool, randomAddress(), 6);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(pool.stats().details[0]?.lastError).toBe('no answer within 300 ms');
  });

  it('fails a read over from a lagging endpoint that has not reached minContextSlot', async () => {
    localnet.admin.advanceSlots(300);
    const slot = localnet.admin.getSlot();
    const owner = randomAddress();
    await localnet.admin.fund(owner, 2_000_000_000n);
    const pool = createEndpointPool({ endpoints: [url('lagging'), url('good')] });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        pool.rpc.getBalance(address(owner), { minContextSlot: slot }).send(),
      ),
    );
    expect(answers.map((a) => a.value)).toEqual(Array.from({ length: 8 }, () => 2_000_000_000n));
    const [lagging] = pool.stats().details;
    expect(lagging?.lastError).toMatch(/JSON-RPC error -32016/);
  });

  it('waits out a Retry-After on its injected clock: no second request until that time passes', async () => {
    const endpoint = await startMisbehavingEndpoint('limited-once');
    try {
      const clock = createManualClock(Date.parse('2026-11-25T12:00:00Z'));
      const pool = createEndpointPool({ endpoints: [endpoint.url], clock, random: () => 0.5 });
      const answer = pool.call('getSlot', []);
      // The 429 has come back once the call queues again for the endpoint's cool-down.
      for (let i = 0; i < 200 && pool.waiting() === 0; i++)
        await new Promise((r) => setTimeout(r, 10));
      expect(pool.waiting()).toBe(1);
      expect(pool.stats().details[0]?.coolingDownMs).toBe(30_000);

      clock.advance(29_999);
      expect(pool.waiting()).toBe(1);
      expect(endpoint.requests()).toBe(1);

      clock.advance(1);
      await expect(answer).resolves.toBe(42n);
      expect(endpoint.requests()).toBe(2);
      expect(pool.stats().endpoint429s).toEqual({ [pool.stats().endpoints[0] ?? '']: 1 });
    } finally {
      await endpoint.close();
    }
  });

  describe('pinned to one endpoint', () => {
    it('sends every call of a pinned RPC to the one endpoint it named', async () => {
      const pool = createEndpointPool({ endpoints: [url('good'), url('other')] });
      const pinned = pool.pinned();
      await Promise.all(
        Array.from({ length: 12 }, () => pinned.rpc.getBalance(address(randomAddress())).send()),
      );
      const { endpointHits } = pool.stats();
      expect(endpointHits[pinned.label]).toBe(12);
      expect(Object.values(endpointHits).reduce((a, b) => a + b, 0)).toBe(12);
    });

    it('pins the healthiest endpoint, not one the pool has parked', async () => {
      const pool = createEndpointPool({ endpoints: [url('broken'), url('good')] });
      await balances(pool, randomAddress(), 10);
      const [broken, good] = pool.stats().details;
      expect(broken?.health).toBe('down');
      expect(pool.pinned().label).toBe(good?.label);
    });

    it('throws rather than failing over when its endpoint does not answer', async () => {
      const pool = createEndpointPool({ endpoints: [url('down'), url('good')] });
      const pinned = pool.pinned();
      expect(pinned.label).toBe(pool.stats().endpoints[0]);
      await expect(pinned.rpc.getSlot().send()).rejects.toThrow(/No RPC endpoint answered getSlot/);
      const [down, good] = pool.stats().details;
      expect(down?.errors).toBe(1);
      expect(good?.hits).toBe(0);
    });

    it("waits for its endpoint's budget on the pool's clock, like any call", async () => {
      const clock = createManualClock(Date.parse('2026-11-25T12:00:00Z'));
      const pool = createEndpointPool({
        endpoints: [`${url('good')}#rps=1`, url('other')],
        clock,
        random: () => 0.5,
      });
      const pinned = pool.pinned();
      expect(pinned.label).toBe(pool.stats().endpoints[0]);
      await pinned.rpc.getSlot().send();
      const second = pinned.rpc.getSlot().send();
      for (let i = 0; i < 100 && pool.waiting() === 0; i++)
        await new Promise((r) => setTimeout(r, 10));
      // The other endpoint is idle, yet the pinned call waits for its own endpoint's next token.
      expect(pool.waiting()).toBe(1);
      clock.advance(1_031); // 1 / 0.97 s, rounded up
      await expect(second).resolves.toEqual(expect.any(BigInt));
      expect(pool.stats().details.map((d) => d.hits)).toEqual([2, 0]);
    });
  });
});
