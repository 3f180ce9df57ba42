// Server-side figures for `GET /api/transactions` (issue 19: the history must stay fast with
// 100,000 ledger transactions).
//
//   DATABASE_URL=postgres://… npx tsx bench/transaction-history/run.ts [--db pglite|postgres]
//     [--operations 5000] [--per-operation 20] [--runs 15] [--explain]
//
// Seeds one tenant's ledger in SQL (operations of 20 transactions of 2 items each; 1 in 20
// transactions left planned, 3 % failed, 2 % expired, the rest confirmed; 5,000 wallets) and a
// second tenant with a tenth of it, then times the service's page (the cursor lookup and the page
// query, each in its tenant transaction, as the route runs them) and prints the plans.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { withTenant, type FleetDatabase } from '../../packages/db/src/index.js';
import { createTestDatabase } from '../../packages/db/src/testing/index.js';
import type { DatabaseKind, TransactionHistoryQuery } from '../../packages/core/src/index.js';
import { createTransactionHistoryService } from '../../apps/server/src/transaction-history/transaction-history-service';
import {
  historyPageQuery,
  historyPositionOf,
} from '../../apps/server/src/transaction-history/transaction-history-repository';
import { decodeHistoryCursor } from '../../apps/server/src/master-wallet/history-cursor';
import type { Actor } from '../../apps/server/src/http/actor';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? (args[at + 1] ?? fallback) : fallback;
};
const KIND = arg('--db', 'pglite') as DatabaseKind;
const OPERATIONS = Number(arg('--operations', '5000'));
const PER_OPERATION = Number(arg('--per-operation', '20'));
const RUNS = Number(arg('--runs', '15'));
const EXPLAIN = args.includes('--explain');
const WALLETS = 5_000;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
};

/** `operations` operations of `perOperation` transactions of 2 items each, in chunks of 250. */
async function seedLedger(db: FleetDatabase, tenantId: string, operations: number) {
  const base = Date.parse('2026-01-01T00:00:00.000Z');
  for (let first = 0; first < operations; first += 250) {
    const last = Math.min(operations, first + 250) - 1;
    await db.execute(sql`
      insert into operation_plans (id, tenant_id, kind, plan, created_at, expires_at)
      select encode(sha256(convert_to(${tenantId} || ':' || n, 'UTF8')), 'hex'), ${tenantId}::uuid,
        case n % 10 when 0 then 'sol.aggregate' when 1 then 'sol.double_distribution' else 'sol.distribute' end,
        '{}'::jsonb, to_timestamp(${base / 1000} + n * 60), to_timestamp(${base / 1000} + n * 60 + 600)
      from generate_series(${first}::int, ${last}::int) n`);
    await db.execute(sql`
      insert into operations (id, tenant_id, kind, plan_id, parameters, status, totals, created_at, updated_at)
      select md5(${tenantId} || ':op:' || n)::uuid, ${tenantId}::uuid,
        case n % 10 when 0 then 'sol.aggregate' when 1 then 'sol.double_distribution' else 'sol.distribute' end,
        encode(sha256(convert_to(${tenantId} || ':' || n, 'UTF8')), 'hex'), '{}'::jsonb, 'succeeded', '{}'::jsonb,
        to_timestamp(${base / 1000} + n * 60), to_timestamp(${base / 1000} + n * 60)
      from generate_series(${first}::int, ${last}::int) n`);
    await db.execute(sql`
      insert into operation_items (id, tenant_id, operation_id, leg, from_address, to_address, lamports, position)
      select md5(${tenantId} || ':item:' || n || ':' || k)::uuid, ${tenantId}::uuid,
        md5(${tenantId} || ':op:' || n)::uuid, 'direct',
        case when n % 10 = 0 then 'W' || lpad(((n * ${PER_OPERATION * 2} + k) % ${WALLETS})::text, 43, '0') else 'Master' || repeat('1', 38) end,
        case when n % 10 = 0 then 'Master' || repeat('1', 38) else 'W' || lpad(((n * ${PER_OPERATION * 2} + k) % ${WALLETS})::text, 43, '0') end,
        1000000 + k, k
      from generate_series(${first}::int, ${last}::int) n, generate_series(0, ${PER_OPERATION * 2 - 1}) k`);
    await db.execute(sql`
      insert into ledger_transactions (id, tenant_id, operation_id, state, signature, last_valid_block_height,
        failure_reason, position, created_at, updated_at)
      select md5(${tenantId} || ':tx:' || n || ':' || t)::uuid, ${tenantId}::uuid,
        md5(${tenantId} || ':op:' || n)::uuid,
        case when (n + t) % 20 = 0 then 'planned' when (n + t) % 100 < 3 then 'failed'
          when (n + t) % 100 < 5 then 'expired' else 'confirmed' end,
        case when (n + t) % 20 = 0 then null else md5(${tenantId} || ':sig:' || n || ':' || t) || md5(n || ':' || t) end,
        case when (n + t) % 20 = 0 then null else 100 end,
        case when (n + t) % 20 <> 0 and (n + t) % 100 < 3 then 'InsufficientFundsForRent' end,
        t, to_timestamp(${base / 1000} + n * 60 + t * 0.01), to_timestamp(${base / 1000} + n * 60 + t)
      from generate_series(${first}::int, ${last}::int) n, generate_series(0, ${PER_OPERATION - 1}) t`);
    await db.execute(sql`
      insert into ledger_transaction_items (tenant_id, transaction_id, item_id, position)
      select ${tenantId}::uuid, md5(${tenantId} || ':tx:' || n || ':' || t)::uuid,
        md5(${tenantId} || ':item:' || n || ':' || (t * 2 + p))::uuid, p
      from generate_series(${first}::int, ${last}::int) n, generate_series(0, ${PER_OPERATION - 1}) t,
        generate_series(0, 1) p`);
  }
}

const database = await createTestDatabase(KIND);
try {
  const { db } = database;
  const tenants = await db.execute<{ id: string }>(
    sql`insert into tenants (id) values (gen_random_uuid()), (gen_random_uuid()) returning id`,
  );
  const [mine = '', theirs = ''] = tenants.rows.map((row) => row.id);
  const started = performance.now();
  await seedLedger(db, mine, OPERATIONS);
  await seedLedger(db, theirs, Math.ceil(OPERATIONS / 10));
  await db.execute(sql`analyze`);
  const counted = await db.execute<{ all: number; listed: number }>(
    sql`select count(*)::int as all, count(*) filter (where state <> 'planned')::int as listed
      from ledger_transactions where tenant_id = ${mine}::uuid`,
  );
  console.log(
    `seeded ${counted.rows[0]?.all} transactions (${counted.rows[0]?.listed} listed) for the tenant, a tenth of it for another, on ${KIND} in ${Math.round(performance.now() - started)} ms`,
  );

  const history = createTransactionHistoryService({ db });
  const actor: Actor = {
    tenantId: mine,
    user: { id: '', email: 'bench@example.com', role: 'operator' },
  };
  const middle = await history.page(actor, { filter: 'all', limit: 500 });
  let cursor = middle.nextCursor ?? undefined;
  // A cursor half way down: 100 pages of 500.
  for (let page = 1; page < 100 && cursor; page += 1) {
    cursor =
      (await history.page(actor, { filter: 'all', limit: 500, cursor })).nextCursor ?? undefined;
  }
  const wallet = `W${'0'.repeat(39)}1234` as TransactionHistoryQuery['wallet'];
  const master = `Master${'1'.repeat(38)}` as TransactionHistoryQuery['wallet'];
  const cases: [string, TransactionHistoryQuery][] = [
    ['first page, all, 100', { filter: 'all', limit: 100 }],
    ['first page, ops, 100', { filter: 'ops', limit: 100 }],
    ['first page, trades (none), 100', { filter: 'trades', limit: 100 }],
    ['page 50,001–50,100 (cursor)', { filter: 'all', limit: 100, ...(cursor ? { cursor } : {}) }],
    ['one wallet, 100', { filter: 'all', limit: 100, wallet }],
    ['the master (in every transaction), 100', { filter: 'all', limit: 100, wallet: master }],
    ['first page, all, 500', { filter: 'all', limit: 500 }],
  ];
  for (const [label, query] of cases) {
    const times: number[] = [];
    let rows = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const before = performance.now();
      rows = (await history.page(actor, query)).transactions.length;
      times.push(performance.now() - before);
    }
    console.log(
      `${label}: ${rows} rows, median ${quantile(times, 0.5).toFixed(1)} ms, p95 ${quantile(times, 0.95).toFixed(1)} ms`,
    );
    if (EXPLAIN) {
      const plan = await withTenant(db, mine, async (tx) => {
        const after = query.cursor
          ? await historyPositionOf(tx, decodeHistoryCursor(query.cursor).id)
          : undefined;
        return tx.execute<Record<string, string>>(
          sql`explain (analyze, costs off) ${historyPageQuery({
            tenantId: mine,
            filter: query.filter,
            wallet: query.wallet,
            after,
            limit: query.limit + 1,
          })}`,
        );
      });
      console.log(plan.rows.map((row) => `    ${Object.values(row)[0] ?? ''}`).join('\n'));
    }
  }
  const before = performance.now();
  let exported = 0;
  for await (const record of history.records(actor, { filter: 'all' })) if (record) exported += 1;
  console.log(
    `the whole history for the CSV: ${exported} records in ${Math.round(performance.now() - before)} ms`,
  );
} finally {
  await database.close();
}
