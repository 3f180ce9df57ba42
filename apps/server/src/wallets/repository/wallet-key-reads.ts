import type { TenantDatabase } from '@fleet/db';
import { sql } from 'drizzle-orm';
import { uuidArray } from './wallet-ids';

// Reads for the ways keys and addresses leave the server (reveal, copy, export). Each takes a
// transaction bound to one tenant; row-level security keeps it to that tenant's rows.

/** A wallet's sealed key, as the vault opens it. */
export type SealedKeyRow = {
  readonly id: string;
  readonly public_address: string;
  readonly encrypted_key: Uint8Array;
  readonly key_algorithm: string;
  readonly data_key_version: number;
};

/** One exported wallet; the sealed key columns only when the export carries keys. */
export type ExportRow = Partial<SealedKeyRow> & {
  readonly id: string;
  readonly public_address: string;
  readonly name: string | null;
  readonly source: string;
  readonly tags: string;
  readonly lamports: string | null;
  readonly created_ms: number | string;
};

/** The sealed keys of `walletIds`, oldest wallet first. */
export async function readSealedKeys(
  tx: TenantDatabase,
  walletIds: readonly string[],
): Promise<SealedKeyRow[]> {
  const result = await tx.execute<SealedKeyRow>(sql`
    select id, public_address, encrypted_key, key_algorithm, data_key_version
    from wallets where id = any(${uuidArray([...new Set(walletIds)])})
    order by created_at, id`);
  return result.rows;
}

/** The export's rows: the selected active wallets, or all of them, oldest first. */
export async function readExportRows(
  tx: TenantDatabase,
  tenantId: string,
  walletIds: readonly string[] | undefined,
  withKeys: boolean,
): Promise<ExportRow[]> {
  const result = await tx.execute<ExportRow>(sql`
    select w.id, w.public_address, w.name,
      case when w.seed_group_id is not null then coalesce(nullif(sg.label, ''), 'Seed') else 'PK' end as source,
      coalesce((select string_agg(t.name, '; ' order by t.name) from wallet_tags wt
        join tags t on t.id = wt.tag_id where wt.wallet_id = w.id), '') as tags,
      w.lamports::text as lamports,
      (extract(epoch from w.created_at) * 1000)::float8 as created_ms
      ${withKeys ? sql`, w.encrypted_key, w.key_algorithm, w.data_key_version` : sql``}
    from wallets w left join seed_groups sg on sg.id = w.seed_group_id
    where w.tenant_id = ${tenantId}::uuid and w.archived_at is null
      ${walletIds ? sql`and w.id = any(${uuidArray(walletIds)})` : sql``}
    order by w.created_at, w.id`);
  return result.rows;
}

/** The first `limit` addresses among the selected active wallets (or all), oldest first. */
export async function listActiveAddresses(
  tx: TenantDatabase,
  tenantId: string,
  walletIds: readonly string[] | undefined,
  limit: number,
): Promise<string[]> {
  const selected = walletIds ? sql`and id = any(${uuidArray(walletIds)})` : sql``;
  const listed = await tx.execute<{ public_address: string }>(sql`
    select public_address from wallets
    where tenant_id = ${tenantId}::uuid and archived_at is null ${selected}
    order by created_at, id limit ${limit}`);
  return listed.rows.map((row) => row.public_address);
}

/** How many active wallets the tenant has. */
export async function countActiveWallets(tx: TenantDatabase, tenantId: string): Promise<number> {
  const counted = await tx.execute<{ count: number | string }>(
    sql`select count(*)::int as count from wallets
      where tenant_id = ${tenantId}::uuid and archived_at is null`,
  );
  return Number(counted.rows[0]?.count ?? 0);
}
