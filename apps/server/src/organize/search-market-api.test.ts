import { readFileSync } from 'node:fs';
import { schema } from '@fleet/db';
import { searchResponseSchema } from '@fleet/core';
import { testDatabaseKinds } from '@fleet/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeMarket, type FakeMarket } from '../testing/fake-market';
import { createOperator, createTestApp, type Operator, type TestApp } from '../testing/test-app';
import { insertWallets } from './organize-fixtures';

/** DexScreener's recorded search answer (Jupiter's JUP on Solana, and one pair on Ethereum). */
const DEX_SEARCH = readFileSync(
  new URL('../../../../packages/market/src/dexscreener/fixtures/search.json', import.meta.url),
  'utf8',
);
const JUP = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';
const HELD = 'JupHeLd1111111111111111111111111111111111111';

// Spec 1 §2: the header search finds tokens, the tenant's held ones first, then the market's.
describe.each(testDatabaseKinds)('header search with the market on %s', (kind) => {
  let fake: FakeMarket;
  let harness: TestApp;
  let app: FastifyInstance;
  let operator: Operator;

  beforeAll(async () => {
    fake = await startFakeMarket();
    harness = await createTestApp(kind, { market: fake.market() });
    app = harness.app;
    operator = await createOperator(app, 'search-market@example.com');
    await harness.database.db
      .insert(schema.mints)
      .values({ mint: HELD, symbol: 'JUPH', name: 'Held Jup', decimals: 6, program: 'spl-token' })
      .onConflictDoNothing();
    await insertWallets(harness.database.db, operator.tenantId, [
      { name: 'Holder', tokens: [{ mint: HELD, amount: 1n }] },
    ]);
  });
  afterAll(async () => {
    await harness.close();
    await fake.close();
  });

  const search = async (q: string) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/search?q=${encodeURIComponent(q)}`,
      cookies: { fleet_session: operator.cookie },
    });
    expect(response.statusCode).toBe(200);
    return searchResponseSchema.parse(response.json());
  };

  it("lists the tenant's held token first, then the market's Solana tokens, marked as such", async () => {
    fake.dexReply = { status: 200, body: DEX_SEARCH, contentType: 'application/json' };
    const { tokens } = await search('jup');
    expect(tokens).toEqual([
      { mint: HELD, symbol: 'JUPH', name: 'Held Jup' },
      { mint: JUP, symbol: 'JUP', name: 'Jupiter', source: 'market' },
    ]);
    expect(
      fake.requests.some((r) => r.startsWith('GET /dexscreener/latest/dex/search?q=jup')),
    ).toBe(true);
  });

  it('still answers the held tokens when the market search fails, and logs why', async () => {
    fake.dexReply = { status: 500, body: '<html>down</html>', contentType: 'text/html' };
    const { tokens } = await search('juph');
    expect(tokens).toEqual([{ mint: HELD, symbol: 'JUPH', name: 'Held Jup' }]);
    expect(harness.logs.join('\n')).toContain('market token search failed');
  });
});
