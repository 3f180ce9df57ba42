// Search figures (issue 6: "p95 ≤ 25 ms at 100,000 wallets"). Figures only, no assertions.
//
//   npx tsx bench/search/run.ts [--wallets 100000] [--queries 500]
//
// For each database kind (PGlite always, the Postgres server too when DATABASE_URL is set): a
// fresh migrated database and the whole server in-process, one operator whose tenant gets N wallets
// by bulk INSERT (44-character base58-looking addresses, one in ten named), a few tags, groups and
// token accounts, then ANALYZE (as autovacuum would). Then a mix of searches through `app.inject`:
// substrings (3–10 characters) of real addresses, address prefixes, pieces of names, and misses.
// Prints p50/p95/p99 of the time from request to reply inside the server process, and on Postgres
// the plan of a substring search, to show it is answered from the trigram index.

import { randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { DatabaseKind } from '@fleet/core';
import { schema, withTenant } from '@fleet/db';
import { sql } from 'drizzle-orm';
import { createOperator, createTestApp, expectOk } from '../../apps/server/src/testing/test-app';

const args = process.argv.slice(2);
const argNumber = (name: string, fallback: number) => {
  const at = args.indexOf(name);
  const value = at >= 0 ? Number(args[at + 1]) : fallback;
  return Number.isInteger(value) && value > 0 ? value : fallback;
};
const WALLETS = argNumber('--wallets', 100_000);
const QUERIES = argNumber('--queries', 500);
const WARMUP = 25;
const CHUNK = 1000;
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const WORDS = ['alpha', 'bravo', 'sniper', 'whale', 'bundle', 'volume', 'maker', 'cold', 'hot'];
const MINTS = ['BonkMint', 'JupMint', 'WifMint', 'PopcatMint'].map((m) => m.padEnd(44, '1'));

const randomText = (length: number, alphabet = BASE58) =>
  Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)] as T;
const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function run(kind: DatabaseKind): Promise<void> {
  const harness = await createTestApp(kind);
  try {
    const { app, database } = harness;
    const operator = await createOperator(app, `bench-${kind}@example.com`);
    const cookies = { fleet_session: operator.cookie };

    const seedStart = performance.now();
    const addresses: string[] = [];
    const names: string[] = [];
    const walletIds: string[] = [];
    for (let start = 0; start < WALLETS; start += CHUNK) {
      const rows = Array.from({ length: Math.min(CHUNK, WALLETS - start) }, (_, offset) => {
        const index = start + offset;
        const address = randomText(44);
        addresses.push(address);
        const name = index % 10 === 0 ? `${pick(WORDS)} ${pick(WORDS)} ${index}` : null;
        if (name) names.push(name);
        return {
          tenantId: operator.tenantId,
          publicAddress: address,
          encryptedKey: new Uint8Array([1]),
          keyAlgorithm: 'bench',
          dataKeyVersion: 1,
          name,
          lamports: BigInt(randomInt(3) === 0 ? 0 : randomInt(1_000_000_000)),
          isTrader: index % 25 === 0,
          sourceKind: 'import',
          archivedAt: index % 50 === 1 ? new Date() : null,
        };
      });
      const inserted = await withTenant(database.db, operator.tenantId, (tx) =>
        tx.insert(schema.wallets).values(rows).returning({ id: schema.wallets.id }),
      );
      walletIds.push(...inserted.map((row) => row.id));
    }
    await withTenant(database.db, operator.tenantId, (tx) =>
      tx.insert(schema.walletTokenAccounts).values(
        walletIds.slice(0, 400).map((walletId, index) => ({
          tenantId: operator.tenantId,
          tokenAccount: randomText(44),
          walletId,
          mint: MINTS[index % MINTS.length] ?? '',
          program: 'spl-token',
          amount: String(index % 3 === 0 ? 0 : randomInt(1_000_000)),
          decimals: 6,
        })),
      ),
    );
    await database.db
      .insert(schema.mints)
      .values(
        MINTS.map((mint) => ({
          mint,
          symbol: mint.replace(/Mint1+$/, '').toUpperCase(),
          name: mint.replace(/Mint1+$/, ''),
          decimals: 6,
          program: 'spl-token',
        })),
      )
      .onConflictDoNothing();
    for (const word of WORDS.slice(0, 5)) {
      const tag = expectOk(
        await app.inject({ method: 'POST', url: '/api/tags', cookies, payload: { name: word } }),
      ).json<{ tag: { id: string } }>().tag;
      expectOk(
        await app.inject({
          method: 'POST',
          url: '/api/tags/assign',
          cookies,
          payload: {
            walletIds: walletIds.slice(0, 5000).filter((_, i) => i % 50 !== 1),
            tagIds: [tag.id],
          },
        }),
      );
      expectOk(
        await app.inject({
          method: 'POST',
          url: '/api/groups',
          cookies,
          payload: { group_name: `${word} group` },
        }),
      );
    }
    await database.db.execute(sql`analyze`);
    const seedSeconds = (performance.now() - seedStart) / 1000;

    const queries = Array.from({ length: QUERIES + WARMUP }, (_, index) => {
      switch (index % 5) {
        case 0:
        case 1: {
          const address = pick(addresses);
          const length = 3 + randomInt(8);
          const from = randomInt(address.length - length + 1);
          return address.slice(from, from + length);
        }
        case 2:
          return pick(addresses).slice(0, 4 + randomInt(5));
        case 3: {
          const name = pick(names);
          const length = Math.min(name.length, 3 + randomInt(6));
          const from = randomInt(name.length - length + 1);
          return name.slice(from, from + length);
        }
        default:
          return randomText(5 + randomInt(4));
      }
    });

    const times: number[] = [];
    const slowest: { ms: number; q: string; hits: number }[] = [];
    let found = 0;
    for (const [index, q] of queries.entries()) {
      const started = performance.now();
      const response = await app.inject({
        method: 'GET',
        url: `/api/search?${new URLSearchParams({ q, limit: '8' }).toString()}`,
        cookies,
      });
      const elapsed = performance.now() - started;
      expectOk(response);
      if (index < WARMUP) continue;
      times.push(elapsed);
      const hits = response.json<{ wallets: unknown[] }>().wallets.length;
      if (hits > 0) found++;
      slowest.push({ ms: elapsed, q, hits });
    }
    times.sort((a, b) => a - b);
    console.log(
      `${kind}: ${WALLETS.toLocaleString('en')} wallets seeded in ${seedSeconds.toFixed(1)} s; ` +
        `${times.length} searches (${found} with wallet hits): ` +
        `p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms, ` +
        `p99 ${percentile(times, 99).toFixed(2)} ms, max ${(times.at(-1) ?? NaN).toFixed(2)} ms`,
    );

    // The sidebar's other calls at this size: group list with counts, tag list with counts.
    for (const url of ['/api/groups?withCounts=true', '/api/tags']) {
      const runs: number[] = [];
      for (let run = 0; run < 7; run++) {
        const started = performance.now();
        expectOk(await app.inject({ method: 'GET', url, cookies }));
        runs.push(performance.now() - started);
      }
      runs.sort((a, b) => a - b);
      console.log(`  GET ${url}: median of 7 ${percentile(runs, 50).toFixed(1)} ms`);
    }

    slowest.sort((a, b) => b.ms - a.ms);
    console.log(
      `  slowest: ${slowest
        .slice(0, 8)
        .map((entry) => `'${entry.q}' ${entry.ms.toFixed(1)} ms`)
        .join(', ')}`,
    );

    if (kind === 'postgres') {
      // The statement fleet_search_wallets runs (migration 0007), explained as the role that owns
      // it with the function's own settings: a 6- and a 3-character address piece, a name piece.
      const samples = [
        (addresses[42] ?? '').slice(10, 16).toLowerCase(),
        (addresses[7] ?? '').slice(5, 8).toLowerCase(),
        'ume',
      ];
      for (const sample of samples) {
        const plan = await database.db.transaction(async (tx) => {
          await tx.execute(sql.raw('set local role fleet_search'));
          await tx.execute(sql.raw('set local enable_seqscan = off'));
          return tx.execute<{ 'QUERY PLAN': string }>(
            sql`explain analyze select w.id from wallets w where w.tenant_id = ${operator.tenantId}::uuid and w.archived_at is null and (lower(w.public_address) like ${`%${sample}%`} or lower(w.name) like ${`%${sample}%`}) order by (lower(w.public_address) like ${`${sample}%`}) desc, length(w.public_address), w.public_address limit 8`,
          );
        });
        console.log(`postgres plan of the wallet search for '%${sample}%':`);
        for (const row of plan.rows) console.log(`  ${row['QUERY PLAN']}`);
      }
    }
  } finally {
    await harness.close();
  }
}

const only = args.includes('--postgres-only');
const kinds: DatabaseKind[] = process.env.DATABASE_URL
  ? only
    ? ['postgres']
    : ['postgres', 'pglite']
  : ['pglite'];
for (const kind of kinds) await run(kind);
