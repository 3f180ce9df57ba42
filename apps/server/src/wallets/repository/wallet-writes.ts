import { schema, type TenantDatabase } from '@fleet/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { uuidArray } from './wallet-ids';

// Every function here takes a transaction bound to one tenant (`withTenant`): row-level security
// refuses a row of any other tenant, whatever the caller passes.

export type NewWallet = typeof schema.wallets.$inferInsert;

/** Sealed wallets written as they are; their ids and addresses, in the order written. */
export async function insertWallets(
  tx: TenantDatabase,
  values: readonly NewWallet[],
): Promise<{ id: string; address: string }[]> {
  const { wallets } = schema;
  return tx
    .insert(wallets)
    .values([...values])
    .returning({ id: wallets.id, address: wallets.publicAddress });
}

/**
 * Wallets written unless the tenant has the address already: a row another import wrote first
 * (even concurrently: the insert waits for it) is never duplicated. The addresses written.
 */
export async function insertWalletsIfNew(
  tx: TenantDatabase,
  values: readonly NewWallet[],
): Promise<string[]> {
  const { wallets } = schema;
  if (values.length === 0) return [];
  const rows = await tx
    .insert(wallets)
    .values([...values])
    .onConflictDoNothing({ target: [wallets.tenantId, wallets.publicAddress] })
    .returning({ address: wallets.publicAddress });
  return rows.map((row) => row.address);
}

/** Changes one wallet's columns by address (a row the caller has locked or just written). */
export async function updateWalletByAddress(
  tx: TenantDatabase,
  address: string,
  changes: Partial<NewWallet>,
): Promise<void> {
  const { wallets } = schema;
  await tx.update(wallets).set(changes).where(eq(wallets.publicAddress, address));
}

/** Archives (a date) or restores (null) wallets the caller has locked. */
export async function setArchivedAt(
  tx: TenantDatabase,
  walletIds: readonly string[],
  archivedAt: Date | null,
): Promise<void> {
  await tx.execute(sql`
    update wallets set archived_at = ${archivedAt ? sql`${archivedAt.toISOString()}::timestamptz` : sql`null`}, updated_at = now()
    where id = any(${uuidArray(walletIds)})`);
}

/**
 * Deletes wallets the caller has locked, with their token accounts, compressed NFTs and tag and
 * group links.
 */
export async function deleteWallets(tx: TenantDatabase, walletIds: readonly string[]) {
  const ids = uuidArray(walletIds);
  await tx.execute(sql`delete from wallet_token_accounts where wallet_id = any(${ids})`);
  await tx.execute(
    sql`delete from wallet_compressed_assets where wallet_id in (select unnest(${ids}))`,
  );
  await tx.execute(sql`delete from wallet_tags where wallet_id = any(${ids})`);
  await tx.execute(sql`delete from wallet_group_members where wallet_id = any(${ids})`);
  await tx.execute(sql`delete from wallets where id = any(${ids})`);
}

/** The tenant's archived wallets, newest archive first. */
export async function listArchivedWallets(
  tx: TenantDatabase,
  tenantId: string,
): Promise<{ id: string; public_address: string; archived_at: string }[]> {
  const result = await tx.execute<{
    id: string;
    public_address: string;
    archived_ms: number | string;
  }>(sql`
    select id, public_address, (extract(epoch from archived_at) * 1000)::float8 as archived_ms
    from wallets
    where tenant_id = ${tenantId}::uuid and archived_at is not null
    order by archived_at desc, id`);
  return result.rows.map((row) => ({
    id: row.id,
    public_address: row.public_address,
    archived_at: new Date(Number(row.archived_ms)).toISOString(),
  }));
}

/**
 * Names (or, with null, un-names) an active wallet; the row as renamed, or undefined when the id
 * is unknown, archived or another tenant's. The list's version moves with the row (migration
 * 0009's trigger on `wallets`).
 */
export async function renameActiveWallet(
  tx: TenantDatabase,
  tenantId: string,
  walletId: string,
  name: string | null,
  at: Date,
): Promise<{ id: string; address: string; name: string | null } | undefined> {
  const { wallets } = schema;
  const [row] = await tx
    .update(wallets)
    .set({ name, updatedAt: at })
    .where(
      and(
        eq(wallets.id, walletId),
        // Row-level security already keeps to the tenant; said here too for a reader.
        eq(wallets.tenantId, tenantId),
        isNull(wallets.archivedAt),
      ),
    )
    .returning({ id: wallets.id, address: wallets.publicAddress, name: wallets.name });
  return row;
}
