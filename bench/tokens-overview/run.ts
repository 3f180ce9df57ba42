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
// per-mint sums read from the parts migration 0034's triggers keep (decision 034); the runs
// "after one wallet changed" rename a wallet first, so each mint's last scan is read again; then a
// rescan of every wallet piles up parts, and a second process answers its first request.
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
import {
  writeRefreshedBalances,
  type ScannedTokenAccount,
} from '../../apps/server/src/wallets/repository/wallet-balances';
import { jsonReply, startFakeMarket } from '../../apps/server/src/testing/fake-market';
import {
  createOperator,
  createSecondTestApp,
  createTestApp,
} from '../../apps/server/src/testing/test-app';
import { flag as arg, timesLine } from '../request-times';

const WALLETS = Number(arg('--wallets', '50000'));
const MINTS = Number(arg('--mints', '500'));
const RUNS = Number(arg('--runs', '15'));
const KIND = arg('--db', 'pglite') as DatabaseKind;
const SOL_MINT = 'So11111111111111111111111111111111111111112';

const fake = await startFakeMarket();
const clock = createManualClock(Date.now());
const market = fake.market(clock);
const harness = await createTestApp(KIND, { clock, market });
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
    `${timesLine('GET /api/tokens/aggregated, nothing changed', cached)}; provider calls during the runs: ${fake.requests.length - callsBefore}`,
  );

  const sorted: number[] = [];
  for (let run = 0; run < RUNS; run += 1)
    sorted.push((await aggregated('?type=spl&sort=name&order=asc')).ms);
  console.log(timesLine('GET /api/tokens/aggregated?type=spl&sort=name&order=asc', sorted));

  // After a change: one wallet renamed moves the tenant's version, so each mint's last scan is
  // read again.
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

  // After a scan of the whole fleet: every funded account's balance changes, 500 wallets a
  // statement as a scan's batches write them, so the triggers append a part per mint per batch
  // (decision 034). The same rescan with the summing triggers disabled shows what they cost.
  // Through the scans' writer (`writeRefreshedBalances`, as the final truth and sync scans
  // write a batch), every funded balance one more than stored.
  const rescan = async (label: string) => {
    let took = 0;
    for (let offset = 0; offset < WALLETS; offset += 500) {
      const rows = await withTenant(db, operator.tenantId, (tx) =>
        tx.execute<{
          wallet_id: string;
          lamports: string;
          token_account: string;
          mint: string;
          program: string;
          amount: string;
          decimals: number;
        }>(sql`select w.id as wallet_id, coalesce(w.lamports, 0)::text as lamports, t.token_account,
            t.mint, t.program, t.amount::text as amount, t.decimals
          from (select id, lamports from wallets order by id offset ${offset} limit 500) w
          join wallet_token_accounts t on t.wallet_id = w.id`),
      );
      const reads = new Map<string, { lamports: bigint; tokens: ScannedTokenAccount[] }>();
      for (const row of rows.rows) {
        const read = reads.get(row.wallet_id) ?? { lamports: BigInt(row.lamports), tokens: [] };
        const amount = BigInt(row.amount);
        read.tokens.push({
          account: row.token_account,
          mint: row.mint,
          program: row.program,
          amount: amount > 0n ? amount + 1n : 0n,
          decimals: row.decimals,
          lamports: 2_039_280n,
          frozen: false,
          withheldAmount: 0n,
        });
        reads.set(row.wallet_id, read);
      }
      scannedAt = new Date(scannedAt.getTime() + 1_000);
      const before = performance.now();
      await withTenant(db, operator.tenantId, (tx) =>
        writeRefreshedBalances(
          tx,
          operator.tenantId,
          [...reads].map(([walletId, read]) => ({ walletId, ...read, droppedTokenAccounts: [] })),
          scannedAt,
        ),
      );
      took += performance.now() - before;
    }
    console.log(`${label}: ${Math.round(took)} ms writing`);
  };
  let scannedAt = new Date();
  const summing = ['insert', 'update', 'delete'].map(
    (op) => `wallet_token_accounts_summed_on_${op}`,
  );
  for (const trigger of summing)
    await db.execute(sql.raw(`alter table wallet_token_accounts disable trigger ${trigger}`));
  await rescan('rescan of every wallet, 500 a batch, summing triggers disabled');
  for (const trigger of summing)
    await db.execute(sql.raw(`alter table wallet_token_accounts enable trigger ${trigger}`));
  // The disabled rescan's changes were not summed: count afresh once, as migration 0034 does.
  await db.execute(sql`delete from mint_holding_parts`);
  await db.execute(sql`
    insert into mint_holding_parts (tenant_id, mint, accounts, funded, holders, amount)
    select tenant_id, mint, count(*), count(*) filter (where amount > 0),
      count(distinct wallet_id) filter (where amount > 0), coalesce(sum(amount) filter (where amount > 0), 0)
    from wallet_token_accounts group by tenant_id, mint`);
  await rescan('rescan of every wallet, 500 a batch, summing triggers on');
  const parts = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from mint_holding_parts`,
  );
  const afterScan: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    afterScan.push((await aggregated()).ms);
    // The first read folds the parts in the background; give it its moment.
    if (run === 0) await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  console.log(
    timesLine(
      `GET /api/tokens/aggregated after the rescan (${parts.rows[0]?.n ?? 0} parts left by the writer's folds)`,
      afterScan,
    ),
  );

  // A second server process over the same database: its first request keeps nothing of the
  // tenant yet. With the first process's market (its prices and pairs already read) the time is
  // the server's own; with a market of its own it also reads every price and pair, all of it on
  // the bench's still clock, or at most MARKET_WAIT_MS of it on the system clock, as in
  // production (the answer then says the market is pending).
  const firstRequest = async (label: string, variant: 'shared' | 'own' | 'own, system clock') => {
    const firsts: number[] = [];
    let pending = 0;
    for (let run = 0; run < Math.min(RUNS, 5); run += 1) {
      const second = await createSecondTestApp(
        harness,
        variant === 'own, system clock'
          ? { market: fake.market() }
          : { clock, market: variant === 'own' ? fake.market(clock) : market },
      );
      try {
        const before = performance.now();
        const response = await second.app.inject({
          method: 'GET',
          url: '/api/tokens/aggregated',
          cookies: { fleet_session: operator.cookie },
        });
        if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
        firsts.push(performance.now() - before);
        if (aggregatedTokensResponseSchema.parse(response.json()).marketPending) pending += 1;
      } finally {
        await second.close();
      }
    }
    console.log(
      `${timesLine(label, firsts)}; ${pending} of ${firsts.length} answers market-pending`,
    );
  };
  await firstRequest('GET /api/tokens/aggregated, first request of a second process', 'shared');
  await firstRequest(
    'GET /api/tokens/aggregated, first request of a second process with its own market',
    'own',
  );
  await firstRequest(
    'GET /api/tokens/aggregated, first request of a second process with its own market, system clock',
    'own, system clock',
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
