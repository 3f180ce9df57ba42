// The Final Truth Scan job against the localnet, as bench/scan measures the scanner alone: three
// endpoints of 50 requests/s each, 50 ms latency with jitter, 2% injected errors; 10,000 wallets
// holding 0–3 token accounts each, stored in a test database. The job runs batch after batch
// (scanner call, then one write transaction per batch) through an in-memory job context. Prints
// the scan rate, successful requests/s against the pool's summed limit, the share of the time spent
// writing, and wallets whose stored balances differ from the chain. Figures only, no assertions.
//
//   npx tsx bench/final-truth-scan/run.ts [--wallets 10000] [--batch 500] [--db pglite|postgres]

import { createLocalnet, type EndpointCounters } from '@fleet/localnet';
import { sql } from 'drizzle-orm';
import { createEndpointPool } from '../../packages/chain/src/pool/endpoint-pool';
import { parseRpcUrlList } from '../../packages/chain/src/pool/endpoint-config';
import { createWalletScanner } from '../../packages/chain/src/scan/scan-wallets';
import { fundWallets } from '../../packages/chain/src/testing/fixtures';
import type { DatabaseKind, FinalTruthScanReport } from '../../packages/core/src/index';
import { withTenant } from '../../packages/db/src/index.js';
import { createTestDatabase } from '../../packages/db/src/testing/index.js';
import { memoryJobContext } from '../../apps/server/src/testing/memory-job-context';
import {
  createFinalTruthScanJob,
  type FinalTruthCheckpoint,
} from '../../apps/server/src/scans/final-truth-scan-job';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? (args[at + 1] ?? fallback) : fallback;
};
const WALLETS = Number(arg('--wallets', '10000'));
const BATCH = Number(arg('--batch', '500'));
const KIND = arg('--db', 'pglite') as DatabaseKind;
const RPS = 50;
const ENDPOINTS = ['a', 'b', 'c'] as const;
const MINTS = 12;
const profile = {
  rps: RPS,
  latencyMs: 50,
  jitterMs: 25,
  errorRate: 0.02,
  errorKind: 'http-503',
} as const;
const fmt = (n: number, digits = 1) => n.toFixed(digits);

const localnet = await createLocalnet({
  endpoints: Object.fromEntries(ENDPOINTS.map((name) => [name, profile])),
  onError: (error) => console.error('[localnet]', error),
});
const database = await createTestDatabase(KIND);
try {
  const { admin } = localnet;
  const setupStart = performance.now();
  const mints: string[] = [];
  for (let i = 0; i < MINTS; i++) {
    mints.push(
      await admin.createMint({ decimals: i % 10, program: i % 3 === 0 ? 'token-2022' : 'token' }),
    );
  }
  const funded = await fundWallets(admin, WALLETS, mints, 3);
  const { db } = database;
  const [tenant] = (
    await db.execute<{ id: string }>(sql`insert into tenants default values returning id`)
  ).rows;
  const tenantId = tenant?.id ?? '';
  const ids: string[] = [];
  for (let from = 0; from < funded.length; from += 1_000) {
    const values = sql.join(
      funded
        .slice(from, from + 1_000)
        .map(
          (wallet) =>
            sql`(${tenantId}::uuid, ${wallet.owner}, '\\x00'::bytea, 'bench', 1, 'manual')`,
        ),
      sql`, `,
    );
    const rows = await withTenant(db, tenantId, (tx) =>
      tx.execute<{ id: string }>(sql`insert into wallets
        (tenant_id, public_address, encrypted_key, key_algorithm, data_key_version, source_kind)
        values ${values} returning id`),
    );
    ids.push(...rows.rows.map((row) => row.id));
  }
  const tokenAccounts = funded.reduce((n, w) => n + w.tokens.size, 0);
  console.log(
    `setup: ${WALLETS} wallets (${tokenAccounts} token accounts over ${MINTS} mints) on chain and in ${KIND} in ${fmt((performance.now() - setupStart) / 1000)} s`,
  );

  const urls = ENDPOINTS.map((name) => `${localnet.endpoints[name]?.url ?? ''}#rps=${RPS}`);
  const pool = createEndpointPool({ endpoints: parseRpcUrlList(urls.join(',')) });
  const scanner = createWalletScanner({ pool });
  // Time inside the scanner versus the rest (the batch's read and write transactions, the job's
  // own writes, which here are in memory).
  let scanningMs = 0;
  const timed: typeof scanner = {
    mints: scanner.mints,
    rescan: (known, options) => scanner.rescan(known, options),
    scan: async (owners, options) => {
      const started = performance.now();
      try {
        return await scanner.scan(owners, options);
      } finally {
        scanningMs += performance.now() - started;
      }
    },
  };
  const job = createFinalTruthScanJob({ db, scanner: timed, batchSize: BATCH });
  const { context, state } = memoryJobContext<FinalTruthCheckpoint>(tenantId, undefined);
  for (const name of ENDPOINTS) admin.resetCounters(name);
  const started = performance.now();
  await job.run({ walletIds: ids }, context);
  const seconds = (performance.now() - started) / 1000;
  const served = ENDPOINTS.map((name) => admin.counters(name)).reduce(
    (acc: { calls: number; limited: number; errors: number }, c: EndpointCounters) => ({
      calls: acc.calls + c.totalCalls,
      limited: acc.limited + c.rateLimited,
      errors: acc.errors + c.errors,
    }),
    { calls: 0, limited: 0, errors: 0 },
  );
  const successful = served.calls - served.limited - served.errors;
  const limit = ENDPOINTS.length * RPS;

  // Every stored balance against what the localnet admin wrote on chain.
  const stored = await withTenant(db, tenantId, (tx) =>
    tx.execute<{ address: string; lamports: string | null; accounts: string }>(sql`
      select w.public_address as address, w.lamports::text as lamports,
        (select count(*) from wallet_token_accounts t where t.wallet_id = w.id)::text as accounts
      from wallets w`),
  );
  const byAddress = new Map(stored.rows.map((row) => [row.address, row]));
  let differing = 0;
  for (const wallet of funded) {
    const row = byAddress.get(wallet.owner);
    if (
      !row ||
      row.lamports !== wallet.lamports.toString() ||
      Number(row.accounts) !== wallet.tokens.size
    ) {
      differing += 1;
    }
  }
  const report = state.report as FinalTruthScanReport | undefined;
  const stats = report?.stats;
  console.log(
    `pool: ${ENDPOINTS.length} endpoints × ${RPS} req/s = ${limit} req/s summed limit; 50 ms + 0–25 ms latency, 2% HTTP 503`,
  );
  console.log(
    `\nfinal truth scan, batches of ${BATCH}: ${fmt(seconds)} s, ${fmt((WALLETS / seconds) * 60, 0)} wallets/min`,
  );
  console.log(
    `  batches written:                 ${stats?.batches ?? 0}; wallets scanned ${stats?.scannedWallets ?? 0}, failed ${stats?.failedWallets ?? 0}`,
  );
  console.log(`  RPC calls per wallet:            ${fmt((stats?.rpcCalls ?? 0) / WALLETS, 4)}`);
  console.log(
    `  successful requests/s:           ${fmt(successful / seconds)} of ${limit} = ${fmt((100 * successful) / seconds / limit)}%`,
  );
  console.log(
    `  successful requests/s scanning:  ${fmt(successful / (scanningMs / 1000))} of ${limit} = ${fmt((100 * successful) / (scanningMs / 1000) / limit)}% (time inside the scanner only)`,
  );
  console.log(
    `  time with no scan running:       ${fmt(seconds - scanningMs / 1000)} s (${fmt((100 * (seconds - scanningMs / 1000)) / seconds)}%: the first read, the last write; the others overlap the next scan)`,
  );
  console.log(
    `  429 share:                       ${fmt((100 * served.limited) / served.calls, 2)}% (${served.limited} of ${served.calls})`,
  );
  console.log(`  stored wallets differing from the chain: ${differing} of ${WALLETS}`);
} finally {
  await database.close();
  await localnet.close();
}
