// The plans behind bench/tokens-overview/run.ts: seeds the same tenant and prints EXPLAIN ANALYZE
// of the held mints' scan times and of one mint's holders, on the database asked for.
//
//   npx tsx bench/tokens-overview/explain.ts [--wallets 50000] [--mints 500] [--db pglite|postgres]
import { sql } from 'drizzle-orm';
import { withTenant } from '../../packages/db/src/index.js';
import type { DatabaseKind } from '../../packages/core/src/index.js';
import { seedWallets } from '../../apps/server/src/testing/seed-wallets';
import { createOperator, createTestApp } from '../../apps/server/src/testing/test-app';
import {
  mintScanTimesStatement,
  tokenHoldersStatement,
} from '../../apps/server/src/tokens-overview/tokens-overview-repository';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? (args[at + 1] ?? fallback) : fallback;
};
const KIND = arg('--db', 'pglite') as DatabaseKind;
const harness = await createTestApp(KIND);
try {
  const operator = await createOperator(harness.app, 'bench-tokens-explain@example.com');
  const { db } = harness.database;
  const seeded = await seedWallets(db, operator.tenantId, {
    count: Number(arg('--wallets', '50000')),
    tokensPerWallet: 3,
    mintCount: Number(arg('--mints', '500')),
    zeroEvery: 7,
  });
  if (KIND === 'postgres') await db.execute('analyze');
  const explain = async (title: string, statement: ReturnType<typeof sql>) => {
    const plan = await withTenant(db, operator.tenantId, (tx) =>
      tx.execute<Record<string, string>>(sql`explain (analyze, buffers) ${statement}`),
    );
    console.log(`-- ${title}`);
    for (const row of plan.rows) console.log(Object.values(row)[0]);
  };
  await explain(
    'scan times of the held mints',
    mintScanTimesStatement(operator.tenantId, seeded.mints),
  );
  await explain('holders', tokenHoldersStatement(operator.tenantId, seeded.mints[0] ?? ''));
} finally {
  await harness.close();
}
