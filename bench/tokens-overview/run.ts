// Server-side figures for `GET /api/tokens/aggregated` (issue 20 "Speed": ≤ 200 ms on the server
// for 50,000 wallets holding 150,000 token accounts over 500 mints), and for one token's holders.
//
//   npx tsx bench/tokens-overview/run.ts [--wallets 50000] [--mints 500] [--runs 15] [--db pglite|postgres]
//   (npm run bench:tokens-overview -- --db postgres)
//
// Seeds one tenant through `seedWallets` (3 token accounts a wallet, every 7th empty, inserted
// 5,000 rows a statement), turns the first tenth of the mints into 0-decimal ones (NFTs by spec 2
// §3's rule), and has loopback providers price every mint (Jupiter Price v3's shape) and give each
// a DexScreener pair. Times are `app.inject` request to reply in the server process, session check
// included. The first request reads the prices and the pairs (its provider calls are counted);
// the runs after it find the prices cached (the market's clock stands still) and the tenant's
// sums kept while its version stands still; the runs "after one wallet changed" rename a wallet
// first, so the valuation's kept holdings read the changed wallets (decision 031) and each mint's
// last scan is read again; the runs after 2,001 changed wallets read the holdings whole.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { withTenant } from '../../packages/db/src/index.js';
import {
  aggregatedTokensResponseSchema,
  createManualClock,
  tokenHoldersResponseSchema,
  type DatabaseKind,
} from '../../packages/core/src/index.js';
import { seedWallets } from '../../apps/server/src/testing/seed-wallets';
import { jsonReply, startFakeMarket } from '../../apps/server/src/testing/fake-market';
import { createOperator, createTestApp } from '../../apps/server/src/testing/test-app';
import { flag as arg, timesLine } from '../request-times';

const WALLETS = Number(arg('--wallets', '50000'));
const MINTS = Number(arg('--mints', '500'));
const RUNS = Number(arg('--runs', '15'));
const KIND = arg('--db', 'pglite') as DatabaseKind;
const SOL_MINT = 'So11111111111111111111111111111111111111112';

const fake = await startFakeMarket();
const clock = createManualClock(Date.now());
const harness = await createTestApp(KIND, { clock, market: fake.market(clock) });
try {
  const operator = await createOperator(harness.app, 'bench-tokens@example.com');
  const { db } = harness.database;
  const started = performance.now();
  const seeded = await seedWallets(db, operator.tenantId, {
    count: WALLETS,
    tokensPerWallet: 3,
    mintCount: MINTS,
    // 7 and 500 share no factor, so every mint has balances and empty accounts.
    zeroEvery: 7,
  });
  const nfts = seeded.mints.slice(0, Math.ceil(MINTS / 10));
  await withTenant(db, operator.tenantId, (tx) =>
    tx.execute(
      sql`update wallet_token_accounts set decimals = 0 where mint in (select unnest(string_to_array(${nfts.join(',')}, ',')))`,
    ),
  );
  console.log(
    `seeded ${seeded.wallets} wallets, ${seeded.tokenAccounts} token accounts over ${seeded.mints.length} mints (${nfts.length} with 0 decimals) on ${KIND} in ${Math.round(performance.now() - started)} ms`,
  );
  if (KIND === 'postgres') await db.execute('analyze');

  fake.jupiterPrices.set(SOL_MINT, 150);
  seeded.mints.forEach((mint, n) => fake.jupiterPrices.set(mint, 0.001 * (n + 1)));
  // One answer for every /tokens/v1 call: each mint's pair (the client keeps the ones it asked).
  fake.dexReply = jsonReply(
    seeded.mints.map((mint, n) => ({
      chainId: 'solana',
      dexId: 'raydium',
      pairAddress: mint,
      baseToken: { address: mint, name: `Bench token ${n}`, symbol: `BT${n}` },
      quoteToken: { address: SOL_MINT, name: 'Wrapped SOL', symbol: 'SOL' },
      priceUsd: String(0.001 * (n + 1)),
      liquidity: { usd: 1_000 * (n + 1) },
      fdv: 100_000 * (n + 1),
      info: { imageUrl: `https://img.example/${n}.png` },
    })),
  );

  const request = async (url: string) => {
    const before = performance.now();
    const response = await harness.app.inject({
      method: 'GET',
      url,
      cookies: { fleet_session: operator.cookie },
    });
    const ms = performance.now() - before;
    if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
    return { ms, body: response.json<unknown>(), bytes: response.rawPayload.length };
  };
  const aggregated = async (query = '') => {
    const { ms, body, bytes } = await request(`/api/tokens/aggregated${query}`);
    return { ms, bytes, body: aggregatedTokensResponseSchema.parse(body) };
  };

  const cold = await aggregated();
  const jupiterCalls = fake.requests.filter((r) => r.startsWith('GET /jupiter/price/v3')).length;
  const dexCalls = fake.requests.filter((r) => r.startsWith('GET /dexscreener/tokens/v1')).length;
  const { tokens, counts } = cold.body;
  console.log(
    `first request (prices and pairs read): ${cold.ms.toFixed(0)} ms, ${jupiterCalls} Jupiter price calls, ${dexCalls} DexScreener tokens calls, ${fake.requests.length - jupiterCalls - dexCalls} other provider calls`,
  );
  console.log(
    `answered ${tokens.length} mints (${(cold.bytes / 1024).toFixed(0)} KiB): counts ${JSON.stringify(counts)}; ${tokens.filter((t) => t.valueTotal !== null).length} valued, ${tokens.filter((t) => t.fdvUsd !== null).length} with fdv; ${tokens.reduce((sum, t) => sum + t.accountCount, 0)} accounts, top ${tokens[0]?.symbol ?? '—'} $${tokens[0]?.valueTotal?.toFixed(2) ?? '—'}`,
  );

  const callsBefore = fake.requests.length;
  const cached: number[] = [];
  for (let run = 0; run < RUNS; run += 1) cached.push((await aggregated()).ms);
  console.log(
    `${timesLine('GET /api/tokens/aggregated, nothing changed (sums kept)', cached)}; provider calls during the runs: ${fake.requests.length - callsBefore}`,
  );

  const sorted: number[] = [];
  for (let run = 0; run < RUNS; run += 1)
    sorted.push((await aggregated('?type=spl&sort=name&order=asc')).ms);
  console.log(
    timesLine('GET /api/tokens/aggregated?type=spl&sort=name&order=asc, sums kept', sorted),
  );

  // After a change: one wallet renamed moves the tenant's version, so the valuation's kept holdings
  // read the wallets changed since (decision 031) and each mint's last scan is read again.
  const changed: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    await withTenant(db, operator.tenantId, (tx) =>
      tx.execute(
        sql`update wallets set name = ${`bench ${run}`} where id = (select id from wallets order by id limit 1)`,
      ),
    );
    changed.push((await aggregated()).ms);
  }
  console.log(timesLine('GET /api/tokens/aggregated after one wallet changed', changed));

  // After a large change (a scan of the whole fleet, an import): past 2,000 changed wallets the
  // holdings are read whole, as on a process's first request.
  const whole: number[] = [];
  for (let run = 0; run < Math.min(RUNS, 5); run += 1) {
    await withTenant(db, operator.tenantId, (tx) =>
      tx.execute(
        sql`update wallets set name = ${`bulk ${run}`} where id in (select id from wallets order by id limit 2001)`,
      ),
    );
    whole.push((await aggregated()).ms);
  }
  console.log(
    timesLine('GET /api/tokens/aggregated after 2,001 wallets changed (whole read)', whole),
  );

  const mint = seeded.mints[MINTS - 1] ?? '';
  const holderTimes: number[] = [];
  let holderCount = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const { ms, body } = await request(`/api/token/${mint}/holders`);
    holderTimes.push(ms);
    holderCount = tokenHoldersResponseSchema.parse(body).holders.length;
  }
  console.log(timesLine(`GET /api/token/{mint}/holders (${holderCount} holders)`, holderTimes));
} finally {
  await harness.close();
  await fake.close();
}
