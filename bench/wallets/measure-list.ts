// Server-side figures for `GET /api/wallets?mode=slim` at N wallets, without a browser (issue 6
// "Speed": ≤ 150 ms server time at the median and ≤ 3 MB compressed at 50,000 wallets; decision
// 011). `bench/wallets/table.ts` is the benchmark of record with Chromium.
//
//   npx tsx bench/wallets/measure-list.ts [--wallets 50000] [--runs 9] [--db pglite|postgres]
//
// Seeds one tenant through `seedWallets`, then asks the real app over `inject`: the slim list
// answered from the list cache (nothing changed), written afresh after one wallet is renamed, and
// the full list. Server time is the route's own Server-Timing figure.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { DatabaseKind } from '../../packages/core/src/index.js';
import { withTenant } from '../../packages/db/src/index.js';
import { seedWallets } from '../../apps/server/src/testing/seed-wallets';
import { createOperator, createTestApp } from '../../apps/server/src/testing/test-app';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? (args[at + 1] ?? fallback) : fallback;
};
const WALLETS = Number(arg('--wallets', '50000'));
const RUNS = Number(arg('--runs', '9'));
const KIND = arg('--db', 'pglite') as DatabaseKind;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const harness = await createTestApp(KIND);
try {
  const operator = await createOperator(harness.app, 'bench@example.com');
  const started = performance.now();
  const seeded = await seedWallets(harness.database.db, operator.tenantId, { count: WALLETS });
  console.log(
    `seeded ${seeded.wallets} wallets, ${seeded.tokenAccounts} token accounts on ${KIND} in ${Math.round(performance.now() - started)} ms`,
  );
  if (KIND === 'postgres') await harness.database.db.execute('analyze');

  const get = async (url: string, encoding: string) => {
    const response = await harness.app.inject({
      method: 'GET',
      url,
      cookies: { fleet_session: operator.cookie },
      headers: { 'accept-encoding': encoding },
    });
    if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
    const timing = /dur=([\d.]+);desc="(\w+)"/.exec(String(response.headers['server-timing']));
    return { ms: Number(timing?.[1]), how: timing?.[2], bytes: response.rawPayload.length };
  };
  const rename = (n: number) =>
    withTenant(harness.database.db, operator.tenantId, (tx) =>
      tx.execute(
        sql`update wallets set name = ${`bench ${n}`} where id = (select id from wallets order by id limit 1)`,
      ),
    );

  const slim = '/api/wallets?mode=slim&summary=true';
  for (const encoding of ['br', 'gzip', 'identity']) {
    const written: number[] = [];
    const cached: number[] = [];
    let bytes = 0;
    for (let run = 0; run < RUNS; run += 1) {
      await rename(run);
      const first = await get(slim, encoding);
      if (first.how === 'written') written.push(first.ms);
      const second = await get(slim, encoding);
      if (second.how === 'cached') cached.push(second.ms);
      bytes = second.bytes;
    }
    console.log(
      `slim ${encoding.padEnd(8)} unchanged median ${median(cached).toFixed(1)} ms (${cached.length} runs), ` +
        `after a change median ${median(written).toFixed(0)} ms (${written.length} runs), ${(bytes / 1e6).toFixed(2)} MB on the wire`,
    );
  }
  const full: number[] = [];
  for (let run = 0; run < 3; run += 1) {
    const before = performance.now();
    await get('/api/wallets', 'br');
    full.push(performance.now() - before);
  }
  console.log(`full br         median ${median(full).toFixed(0)} ms through inject`);
} finally {
  await harness.close();
}
