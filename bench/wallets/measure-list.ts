// Quick figures for `GET /api/wallets?mode=slim` at N wallets (issue 6 "Speed": ≤ 150 ms server
// time at the median and ≤ 3 MB compressed at 50,000 wallets). Not the benchmark of record.
//
//   npx tsx bench/wallets/measure-list.ts [--wallets 50000] [--runs 15] [--db pglite|postgres]
//
// Seeds one tenant through `seedWallets` (apps/server/src/testing/seed-wallets.ts), then asks the
// real app over `inject` with `accept-encoding: br` / `gzip` and prints the median times and sizes.
import { performance } from 'node:perf_hooks';
import type { DatabaseKind } from '../../packages/core/src/index.js';
import { seedWallets } from '../../apps/server/src/testing/seed-wallets';
import { createOperator, createTestApp } from '../../apps/server/src/testing/test-app';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? (args[at + 1] ?? fallback) : fallback;
};
const WALLETS = Number(arg('--wallets', '50000'));
const RUNS = Number(arg('--runs', '15'));
const KIND = arg('--db', 'pglite') as DatabaseKind;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const harness = await createTestApp(KIND);
try {
  const operator = await createOperator(harness.app, 'bench@example.com');
  let started = performance.now();
  const seeded = await seedWallets(harness.database.db, operator.tenantId, { count: WALLETS });
  console.log(
    `seeded ${seeded.wallets} wallets, ${seeded.tokenAccounts} token accounts on ${KIND} in ${Math.round(performance.now() - started)} ms`,
  );
  if (KIND === 'postgres') await harness.database.db.execute('analyze');
  for (const [label, url, encoding] of [
    ['slim identity', '/api/wallets?mode=slim', 'identity'],
    ['slim gzip', '/api/wallets?mode=slim', 'gzip'],
    ['slim br', '/api/wallets?mode=slim', 'br'],
    ['slim+summary br', '/api/wallets?mode=slim&summary=true', 'br'],
    ['full br', '/api/wallets', 'br'],
  ] as const) {
    const times: number[] = [];
    let bytes = 0;
    let raw = 0;
    for (let run = 0; run < (label.startsWith('full') ? 3 : RUNS); run += 1) {
      started = performance.now();
      const response = await harness.app.inject({
        method: 'GET',
        url,
        cookies: { fleet_session: operator.cookie },
        headers: { 'accept-encoding': encoding },
      });
      times.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
      bytes = response.rawPayload.length;
      raw = Number(response.headers['x-uncompressed-length'] ?? bytes);
    }
    console.log(
      `${label.padEnd(16)} median ${median(times).toFixed(1)} ms  min ${Math.min(...times).toFixed(1)} ms  ${(bytes / 1e6).toFixed(2)} MB on the wire (${(raw / 1e6).toFixed(2)} MB raw)`,
    );
  }
} finally {
  await harness.close();
}
