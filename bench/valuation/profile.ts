// Where the time of a holdings reload goes, statement by statement (SQL + transfer, then parse),
// on a database seeded once and kept between runs:
//
//   npx tsx bench/valuation/profile.ts --db postgres --url postgres://…/valspeed_prof
//   npx tsx bench/valuation/profile.ts --db pglite --dir /tmp/valspeed/pglite
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase, withTenant } from '../../packages/db/src/index.js';
import { seedWallets } from '../../apps/server/src/testing/seed-wallets';
import { readHoldings, readMintNames } from '../../apps/server/src/valuation/valuation-repository';
import {
  applyHoldings,
  buildHoldings,
  heldMints,
  holdingsFigures,
  holdingsForValues,
} from '../../apps/server/src/valuation/holdings-model';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? (args[at + 1] ?? fallback) : fallback;
};
const kind = arg('--db', 'pglite');
const runs = Number(arg('--runs', '5'));
const handle = await openDatabase(
  kind === 'postgres'
    ? { kind: 'postgres', url: arg('--url', '') }
    : { kind: 'pglite', dataDir: arg('--dir', '/tmp/valspeed/pglite') },
);
await migrateDatabase(handle);
const { db } = handle;
const found = await db.execute<{ id: string }>(
  sql`select id from tenants order by created_at limit 1`,
);
let tenantId = found.rows[0]?.id;
if (tenantId === undefined) {
  const created = await db.execute<{ id: string }>(
    sql`insert into tenants default values returning id`,
  );
  tenantId = created.rows[0]?.id ?? '';
  const started = performance.now();
  await seedWallets(db, tenantId, {
    count: 50_000,
    tokensPerWallet: 3,
    mintCount: 500,
    zeroEvery: 7,
  });
  if (kind === 'postgres') await db.execute(sql`analyze`);
  console.log(`seeded in ${Math.round(performance.now() - started)} ms`);
}
const tenant = tenantId;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const time = async (label: string, work: () => unknown) => {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const before = performance.now();
    await work();
    times.push(performance.now() - before);
  }
  console.log(
    `${label.padEnd(48)} median ${median(times).toFixed(1)} ms (${times.map((t) => t.toFixed(0)).join(' ')})`,
  );
};
const inTenant = <T>(work: Parameters<typeof withTenant<T>>[2]) => withTenant(db, tenant, work);

await time('empty tenant transaction', () => inTenant(() => Promise.resolve()));
await time('readHoldings (whole)', () => inTenant((tx) => readHoldings(tx, tenant, null)));
const whole = await inTenant((tx) => readHoldings(tx, tenant, null));
console.log(
  `holdings text: wallets ${whole.wallets.length} chars, accounts ${whole.accounts.length} chars`,
);
await time('buildHoldings', () => buildHoldings(whole));
const model = buildHoldings(whole);
await time('readMintNames', () => inTenant((tx) => readMintNames(tx, heldMints(model))));
const names = await inTenant((tx) => readMintNames(tx, heldMints(model)));
await time('holdingsFigures + holdingsForValues', () => {
  holdingsFigures(model, names, { address: null, walletId: null });
  holdingsForValues(model);
});
await time('whole SQL without transfer (lengths only)', () =>
  inTenant((tx) =>
    tx.execute(sql`
    select
      (select length(string_agg(id::text || ' ' || coalesce(lamports, 0)::text, ','))
        from wallets where tenant_id = ${tenant}::uuid and archived_at is null) as wallets,
      (select length(string_agg(wallet_id::text || ' ' || mint || ' ' || amount::text || ' ' || decimals::text, ','))
        from wallet_token_accounts where tenant_id = ${tenant}::uuid) as accounts`),
  ),
);
const change = (statement: ReturnType<typeof sql>) => inTenant((tx) => tx.execute(statement));
const delta = async (label: string, statement: ReturnType<typeof sql>) => {
  const read: number[] = [];
  const apply: number[] = [];
  const changes: number[] = [];
  let changed = '';
  for (let run = 0; run < runs; run++) {
    const before = await inTenant((tx) => readHoldings(tx, tenant, null));
    const c0 = performance.now();
    await change(statement);
    changes.push(performance.now() - c0);
    const t0 = performance.now();
    const got = await inTenant((tx) => readHoldings(tx, tenant, before.seen));
    const t1 = performance.now();
    if (got.changed === null) buildHoldings(got);
    else applyHoldings(model, new Set(got.changed.split(',')), got);
    read.push(t1 - t0);
    apply.push(performance.now() - t1);
    changed = got.changed === null ? 'all (whole read)' : String(got.changed.split(',').length);
  }
  console.log(
    `${label.padEnd(48)} change ${median(changes).toFixed(1)} ms, read ${median(read).toFixed(1)} ms (${read.map((t) => t.toFixed(0)).join(' ')}), apply ${median(apply).toFixed(1)} ms (${apply.map((t) => t.toFixed(0)).join(' ')}); changed ${changed}`,
  );
};
await delta(
  'one wallet renamed',
  sql`update wallets set name = 'p' || now()::text where id = (select id from wallets order by id limit 1)`,
);
await delta(
  'one token account changed',
  sql`update wallet_token_accounts set amount = amount + 1 where token_account = (select token_account from wallet_token_accounts order by token_account limit 1)`,
);
await delta(
  '1,000 wallets rescanned',
  sql`update wallets set lamports = lamports + 1 where id in (select id from wallets order by id limit 1000)`,
);
if (args.includes('--all'))
  await delta(
    'every wallet rescanned',
    sql`update wallets set lamports = lamports where tenant_id = ${tenant}::uuid`,
  );
await handle.close();
