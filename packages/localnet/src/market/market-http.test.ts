import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestBed, type TestBed } from './sandbox-test-bed.js';
import { SOL_MINT } from './swap/swap-quote.js';

let bed: TestBed;

beforeAll(async () => {
  bed = await startTestBed({ market: { seed: 'router', profiles: { jupiter: { rps: 2 } } } });
});

afterAll(async () => {
  await bed.close();
});

describe('the sandbox market router', () => {
  it('answers 429 with Retry-After once a provider is over its rate limit', async () => {
    const path = `/jupiter/price/v3?ids=${SOL_MINT}`;
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 4; i++) {
      const reply = await bed.get(path);
      statuses.push(reply.status);
      if (reply.status === 429) retryAfter = reply.headers.get('retry-after');
    }
    expect(statuses.slice(0, 2)).toEqual([200, 200]);
    expect(statuses).toContain(429);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(bed.market.counters('jupiter').rateLimited).toBeGreaterThan(0);
  });

  it('adds a provider with one line, behind its own fault profile', async () => {
    bed.market.register('echo', {
      handle: (request) => ({
        status: 200,
        json: { path: request.path, q: request.query.get('q') },
      }),
    });
    expect(await bed.get('/echo/some/path?q=1')).toMatchObject({
      status: 200,
      body: { path: '/some/path', q: '1' },
    });
    bed.market.setProfile('echo', { errorRate: 1, errorKind: 'http-503' });
    expect((await bed.get('/echo/x')).status).toBe(503);
    expect((await bed.get('/nobody/here')).status).toBe(404);
  });

  it('leaves the RPC paths to the RPC', async () => {
    const health = await fetch(`${bed.localnet.url}/health`);
    expect(await health.text()).toBe('ok');
  });
});
