import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase, withTenant } from '../../packages/db/src/index.js';
const handle = await openDatabase({ kind: 'pglite', dataDir: '/tmp/valspeed/pglite' });
const { db } = handle;
const tenant = (await db.execute<{ id: string }>(sql`select id from tenants order by created_at limit 1`)).rows[0]!.id;
const q = async (label: string, s: ReturnType<typeof sql>) => {
  const ts: number[] = [];
  let n = 0;
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    const r = await withTenant(db, tenant, (tx) => tx.execute(s));
    n = r.rows.length;
    ts.push(performance.now() - t);
  }
  console.log(label, n, ts.map((t) => t.toFixed(0)).join(' '));
};
await q('two-level', sql`
  select mint, max(decimals) d, sum(n) instances, sum(f) funded, sum(a) amount, count(*) filter (where f > 0) holders from (
    select t.mint, t.wallet_id, max(t.decimals) decimals, count(*) n, count(*) filter (where t.amount > 0) f, sum(t.amount) a
    from wallet_token_accounts t where t.tenant_id = ${tenant}::uuid
      and t.wallet_id not in (select id from wallets where tenant_id = ${tenant}::uuid and archived_at is not null)
    group by t.mint, t.wallet_id) g group by mint`);
await q('one-level no holders', sql`
    select t.mint, max(t.decimals) decimals, count(*) n, count(*) filter (where t.amount > 0) f, sum(t.amount) a
    from wallet_token_accounts t where t.tenant_id = ${tenant}::uuid group by t.mint`);
await handle.close();
