import { schema, withTenant, type FleetDatabase, type TenantDatabase } from '@fleet/db';
import { asc, sql } from 'drizzle-orm';
import { listActiveWallets } from '../wallets/repository';

/** The accounts the live balances follow: each address, and the tenants that keep it. */
export type WatchedAccounts = ReadonlyMap<string, readonly string[]>;

/** One chain-reported balance of an address, at the slot the chain reported it. */
export interface LiveBalance {
  readonly address: string;
  readonly lamports: bigint;
  /** The slot of the notification or read that gave `lamports`. */
  readonly slot: bigint;
  /** When this process learnt it: stored as the wallet's scan time. */
  readonly seenAt: Date;
}

/**
 * Every tenant's master wallet and active trader wallets, at most `cap` addresses: masters
 * first, then traders oldest first. One short transaction per tenant, so each read is under the
 * tenant's row-level security; the tenants themselves are not tenant data.
 */
export async function readWatchedAccounts(
  db: FleetDatabase,
  cap: number,
): Promise<{ readonly watched: WatchedAccounts; readonly wanted: number }> {
  const { tenants, masterWallets } = schema;
  const tenantIds = (
    await db.select({ id: tenants.id }).from(tenants).orderBy(asc(tenants.id))
  ).map((row) => row.id);
  const masters: [string, string][] = [];
  const traders: [string, string][] = [];
  for (const tenantId of tenantIds) {
    await withTenant(db, tenantId, async (tx) => {
      const [master] = await tx
        .select({ address: masterWallets.publicAddress })
        .from(masterWallets)
        .where(sql`${masterWallets.tenantId} = ${tenantId}::uuid`);
      if (master) masters.push([master.address, tenantId]);
      for (const wallet of await listActiveWallets(tx, tenantId, { traderOnly: true })) {
        traders.push([wallet.address, tenantId]);
      }
    });
  }
  const watched = new Map<string, string[]>();
  const wanted = new Set<string>();
  for (const [address, tenantId] of [...masters, ...traders]) {
    wanted.add(address);
    const holders = watched.get(address);
    if (holders === undefined) {
      if (watched.size < cap) watched.set(address, [tenantId]);
    } else if (!holders.includes(tenantId)) holders.push(tenantId);
  }
  return { watched, wanted: wanted.size };
}

/**
 * Stores one live balance on the tenant's active wallet of that address (the master wallet's
 * row too, when the master is also one of the fleet's wallets). The one statement that writes
 * live balances: it never goes back over a newer read, by scan time as balance refreshes do, nor
 * over numbers stored from a newer slot (the slot guard, migration 0032). True when a row took it.
 */
export async function writeLiveBalance(
  tx: TenantDatabase,
  tenantId: string,
  balance: LiveBalance,
): Promise<boolean> {
  const at = balance.seenAt.toISOString();
  const slot = balance.slot.toString();
  const applied = await tx.execute<{ id: string }>(
    sql`update wallets set lamports = ${balance.lamports.toString()}::bigint,
        last_scanned_at = ${at}::timestamptz, scanned_slot = ${slot}::bigint, updated_at = now()
      where tenant_id = ${tenantId}::uuid and public_address = ${balance.address}
        and archived_at is null
        and (last_scanned_at is null or last_scanned_at <= ${at}::timestamptz)
        and (scanned_slot is null or scanned_slot <= ${slot}::bigint)
      returning id`,
  );
  return applied.rows.length > 0;
}

/** Writes `balance` for every tenant that keeps its address, each in its own transaction. */
export async function storeLiveBalance(
  db: FleetDatabase,
  tenantIds: readonly string[],
  balance: LiveBalance,
): Promise<void> {
  for (const tenantId of tenantIds) {
    await withTenant(db, tenantId, (tx) => writeLiveBalance(tx, tenantId, balance));
  }
}
