// Server-side figures for `GET /api/valuation` (issue 18 "Speed": ≤ 200 ms on the server for
// 50,000 wallets holding 150,000 token accounts over 500 mints; refreshing 500 mints' prices in
// ≤ 10 provider calls).
//
//   npx tsx bench/valuation/run.ts [--wallets 50000] [--mints 500] [--runs 15] [--db pglite|postgres]
//
// Seeds one tenant through `seedWallets` (3 token accounts a wallet, every 4th empty), prices
// every mint and SOL from loopback providers in Jupiter's real shape, and asks the real app over
// `inject`. The first request refreshes the prices (its provider calls are counted); the timed
// runs follow with the prices cached (the market's clock stands still, so nothing goes stale) and
// the tenant's holdings cached while its version stands still; the last runs change one wallet
// first, so they show the cost of reading the wallets changed since (decision 031).
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { withTenant } from '../../packages/db/src/index.js';
import {
  createManualClock,
  valuationSchema,
  type DatabaseKind,
} from '../../packages/core/src/index.js';
import { seedWallets } from '../../apps/server/src/testing/seed-wallets';
import { startFakeMarket } from '../../apps/server/src/testing/fake-market';
import { createOperator, createTestApp } from '../../apps/server/src/testing/test-app';
import { flag as arg, quantile } from '../request-times';

const WALLETS = Number(arg('--wallets', '50000'));
const MINTS = Number(arg('--mints', '500'));
const RUNS = Number(arg('--runs', '15'));
const KIND = arg('--db', 'pglite') as DatabaseKind;
const SOL_MINT = 'So11111111111111111111111111111111111111112';

const fake = await startFakeMarket();
const clock = createManualClock(Date.now());
const harness = await createTestApp(KIND, { clock, market: fake.market(clock) });
try {
  const operator = await createOperator(harness.app, 'bench-valuation@example.com');
  const started = performance.now();
  const seeded = await seedWallets(harness.database.db, operator.tenantId, {
    count: WALLETS,
    tokensPerWallet: 3,
    mintCount: MINTS,
    // Every 7th account empty (closable): 7 and 500 share no factor, so every mint has balances.
    zeroEvery: 7,
  });
  console.log(
    `seeded ${seeded.wallets} wallets, ${seeded.tokenAccounts} token accounts over ${seeded.mints.length} mints on ${KIND} in ${Math.round(performance.now() - started)} ms`,
  );
  if (KIND === 'postgres') await harness.database.db.execute('analyze');
  fake.jupiterPrices.set(SOL_MINT, 150);
  seeded.mints.forEach((mint, n) => fake.jupiterPrices.set(mint, 0.001 * (n + 1)));

  const valuation = async () => {
    const before = performance.now();
    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/valuation',
      cookies: { fleet_session: operator.cookie },
    });
    const ms = performance.now() - before;
    if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
    return { ms, body: valuationSchema.parse(response.json()) };
  };

  const cold = await valuation();
  const priceCalls = fake.requests.filter((r) => r.startsWith('GET /jupiter/price/v3'));
  const otherCalls = fake.requests.length - priceCalls.length;
  const idsPerCall = priceCalls.map(
    (r) => decodeURIComponent(r).split('ids=')[1]?.split(',').length ?? 0,
  );
  console.log(
    `refresh: ${cold.ms.toFixed(0)} ms, ${priceCalls.length} Jupiter price calls (ids per call: ${idsPerCall.join(', ')}), ${otherCalls} other provider calls`,
  );
  const { tokens, portfolio } = cold.body.stats;
  console.log(
    `valued ${tokens.uniqueAssets} assets (${tokens.pricedAssets} priced, ${tokens.unpricedAssets} not priced), ${tokens.assetInstances} instances, portfolio $${portfolio.totalValueUsd?.toFixed(2) ?? '—'}`,
  );

  const times: number[] = [];
  const callsBefore = fake.requests.length;
  for (let run = 0; run < RUNS; run += 1) times.push((await valuation()).ms);
  console.log(
    `GET /api/valuation with prices cached, ${RUNS} runs: median ${quantile(times, 0.5).toFixed(1)} ms, p95 ${quantile(times, 0.95).toFixed(1)} ms, min ${Math.min(...times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms; provider calls during the runs: ${fake.requests.length - callsBefore}`,
  );

  // After a change: one wallet renamed moves the tenant's version, so the wallets changed since the
  // kept holdings are read (decision 031; before it, the holdings were read whole).
  const changed: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    await withTenant(harness.database.db, operator.tenantId, (tx) =>
      tx.execute(
        sql`update wallets set name = ${`bench ${run}`} where id = (select id from wallets order by id limit 1)`,
      ),
    );
    changed.push((await valuation()).ms);
  }
  console.log(
    `GET /api/valuation after a change (changed wallets read), ${changed.length} runs: median ${quantile(changed, 0.5).toFixed(1)} ms, p95 ${quantile(changed, 0.95).toFixed(1)} ms`,
  );
} finally {
  await harness.close();
  await fake.close();
}
