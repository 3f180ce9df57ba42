import { randomBytes } from 'node:crypto';
import { encodeBase58 } from '@fleet/core';
import { withTenant, type FleetDatabase } from '@fleet/db';
import { sql } from 'drizzle-orm';

/**
 * Bulk wallets for benchmarks and list tests: N wallets of one tenant with token accounts, a few
 * tags and a custom group, written with set-based INSERTs (one JSON parameter per chunk, so no
 * statement nears the 65,535 bind-parameter limit). Addresses are random 32-byte base58 strings
 * (valid in form, nobody holds their keys); `encrypted_key` is filler bytes, so these wallets can
 * be listed but never revealed or exported with keys.
 */
export interface SeedWalletsOptions {
  readonly count: number;
  /** Token accounts per wallet; default 3. Every `zeroEvery`-th account holds 0 (closable). */
  readonly tokensPerWallet?: number;
  readonly zeroEvery?: number;
  /** Distinct mints the token accounts are spread over (rows in `mints`); default 25. */
  readonly mintCount?: number;
  /** Every `traderEvery`-th wallet is a trader; default 10. */
  readonly traderEvery?: number;
  /** Every `unscannedEvery`-th wallet has no balance yet (lamports null); default 20. */
  readonly unscannedEvery?: number;
  /** Rows per INSERT; default 5,000. */
  readonly chunk?: number;
}

export interface SeededWallets {
  readonly batchId: string;
  readonly tagIds: readonly string[];
  readonly groupId: string;
  readonly mints: readonly string[];
  readonly wallets: number;
  readonly tokenAccounts: number;
}

const randomAddress = () => encodeBase58(randomBytes(32));

export async function seedWallets(
  db: FleetDatabase,
  tenantId: string,
  options: SeedWalletsOptions,
): Promise<SeededWallets> {
  const tokensPerWallet = options.tokensPerWallet ?? 3;
  const zeroEvery = options.zeroEvery ?? 4;
  const traderEvery = options.traderEvery ?? 10;
  const unscannedEvery = options.unscannedEvery ?? 20;
  const chunk = options.chunk ?? 5_000;
  const mints = Array.from({ length: options.mintCount ?? 25 }, randomAddress);

  // Mints are shared chain facts (no tenant), so they go in outside the tenant transaction.
  await db.execute(sql`
    insert into mints (mint, name, symbol, decimals, program)
    select m.mint, 'Bench token ' || m.n, 'BT' || m.n, 6, 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
    from json_to_recordset(${JSON.stringify(mints.map((mint, n) => ({ mint, n })))}::json)
      as m(mint text, n int)
    on conflict (mint) do nothing`);

  return withTenant(db, tenantId, async (tx) => {
    const batch = await tx.execute<{ id: string }>(
      sql`insert into import_batches (tenant_id, source_kind) values (${tenantId}, 'import') returning id`,
    );
    const batchId = batch.rows[0]?.id ?? '';
    const tags = await tx.execute<{ id: string }>(sql`
      insert into tags (tenant_id, slug, name, color)
      values (${tenantId}, 'bench-a', 'Bench A', '#3b82f6'), (${tenantId}, 'bench-b', 'Bench B', '#64748b')
      on conflict (tenant_id, slug) do update set name = excluded.name
      returning id`);
    const tagIds = tags.rows.map((row) => row.id);
    const group = await tx.execute<{ id: string }>(
      sql`insert into wallet_groups (tenant_id, name, color) values (${tenantId}, 'Bench group', '#3b82f6') returning id`,
    );
    const groupId = group.rows[0]?.id ?? '';

    let tokenAccounts = 0;
    for (let start = 0; start < options.count; start += chunk) {
      const size = Math.min(chunk, options.count - start);
      const wallets = Array.from({ length: size }, (_, offset) => {
        const n = start + offset;
        return {
          a: randomAddress(),
          t: n % traderEvery === 0,
          l: n % unscannedEvery === 0 ? null : String((n % 7) * 1_000_000_000 + (n % 1000)),
        };
      });
      const inserted = await tx.execute<{ id: string; n: number }>(sql`
        insert into wallets (tenant_id, public_address, encrypted_key, key_algorithm, data_key_version,
          source_kind, import_batch_id, is_trader, lamports, last_scanned_at)
        select ${tenantId}, w.a, '\\x00'::bytea, 'bench-filler', 1, 'import', ${batchId}, w.t,
          w.l::bigint, case when w.l is null then null else now() end
        from json_to_recordset(${JSON.stringify(wallets)}::json) as w(a text, t boolean, l text)
        returning id`);
      const ids = inserted.rows.map((row) => row.id);

      const tokens = ids.flatMap((walletId, index) =>
        Array.from({ length: tokensPerWallet }, (_, k) => {
          const n = (start + index) * tokensPerWallet + k;
          return {
            w: walletId,
            a: randomAddress(),
            m: mints[n % mints.length] ?? '',
            v: n % zeroEvery === 0 ? '0' : String(n * 1000 + 1),
          };
        }),
      );
      for (let from = 0; from < tokens.length; from += chunk) {
        await tx.execute(sql`
          insert into wallet_token_accounts (tenant_id, token_account, wallet_id, mint, program, amount, decimals)
          select ${tenantId}, t.a, t.w, t.m, 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', t.v::numeric, 6
          from json_to_recordset(${JSON.stringify(tokens.slice(from, from + chunk))}::json)
            as t(w uuid, a text, m text, v text)`);
      }
      tokenAccounts += tokens.length;

      // Every 5th wallet carries the first tag, every 7th the second, every 11th is in the group.
      const tagged = ids.flatMap((id, index) => [
        ...((start + index) % 5 === 0 && tagIds[0] ? [{ w: id, t: tagIds[0] }] : []),
        ...((start + index) % 7 === 0 && tagIds[1] ? [{ w: id, t: tagIds[1] }] : []),
      ]);
      await tx.execute(sql`
        insert into wallet_tags (tenant_id, wallet_id, tag_id)
        select ${tenantId}, x.w, x.t from json_to_recordset(${JSON.stringify(tagged)}::json) as x(w uuid, t uuid)`);
      const grouped = ids.filter((_, index) => (start + index) % 11 === 0);
      await tx.execute(sql`
        insert into wallet_group_members (tenant_id, group_id, wallet_id)
        select ${tenantId}, ${groupId}, x.w from json_to_recordset(${JSON.stringify(grouped.map((w) => ({ w })))}::json) as x(w uuid)`);
    }
    return { batchId, tagIds, groupId, mints, wallets: options.count, tokenAccounts };
  });
}
