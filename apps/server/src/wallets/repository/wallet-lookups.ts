import { FleetError } from '@fleet/core';
import { schema, type TenantDatabase } from '@fleet/db';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { chunksOf, uuidArray } from './wallet-ids';

// Every function here takes a transaction bound to one tenant (`withTenant`): row-level security
// keeps each query to that tenant's rows, so none of them repeats the tenant in its filter unless
// the planner needs it for an index.

/** Rows per statement: well under the 65,535 bind parameters of one statement. */
const ADDRESS_CHUNK = 500;

/**
 * The distinct ids, after checking every one is an active wallet of the tenant the transaction is
 * bound to. An unknown, archived or foreign id (RLS hides other tenants' rows, so they look
 * unknown) refuses the whole request before anything is written: bulk edits are all-or-nothing.
 * `includeArchived` accepts archived wallets too, for taking them out of something.
 */
export async function requireActiveWallets(
  tx: TenantDatabase,
  walletIds: readonly string[],
  options: { readonly includeArchived?: boolean } = {},
): Promise<string[]> {
  const { wallets } = schema;
  const ids = [...new Set(walletIds.map((id) => id.toLowerCase()))];
  const found = new Set<string>();
  for (const chunk of chunksOf(ids)) {
    const rows = await tx
      .select({ id: wallets.id })
      .from(wallets)
      .where(
        options.includeArchived
          ? inArray(wallets.id, chunk)
          : and(inArray(wallets.id, chunk), isNull(wallets.archivedAt)),
      );
    for (const row of rows) found.add(row.id);
  }
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw new FleetError('WALLET__SOME_NOT_FOUND', {
      missing: missing.length,
      firstMissing: missing[0] ?? '',
    });
  }
  return ids;
}

export type LockedWallet = {
  readonly id: string;
  readonly public_address: string;
  readonly archived: boolean;
  readonly is_master: boolean;
};

/**
 * Locks and returns the tenant's wallets among `ids` in the wanted state, or throws WALLET__NOT_FOUND_IN_STATE
 * naming how many are missing: an unknown id, another tenant's (RLS hides it) and one in the
 * other state all count as missing, and the caller changes nothing.
 */
export async function lockWallets(
  tx: TenantDatabase,
  ids: readonly string[],
  state: 'active' | 'archived',
): Promise<LockedWallet[]> {
  const unique = [...new Set(ids)];
  const result = await tx.execute<LockedWallet>(sql`
    select w.id, w.public_address, w.archived_at is not null as archived,
      exists (select 1 from master_wallets m where m.public_address = w.public_address) as is_master
    from wallets w
    where w.id = any(${uuidArray(unique)})
      and ${state === 'active' ? sql`w.archived_at is null` : sql`w.archived_at is not null`}
    order by w.id
    for update of w`);
  const missing = unique.length - result.rows.length;
  if (missing > 0) {
    throw new FleetError('WALLET__NOT_FOUND_IN_STATE', {
      state,
      missing,
      requested: unique.length,
    });
  }
  return result.rows;
}

export interface WalletByAddress {
  readonly id: string;
  readonly address: string;
  readonly archivedAt: Date | null;
}

/** The tenant's wallets, active or archived, among `addresses` (in no particular order). */
export async function findWalletsByAddress(
  tx: TenantDatabase,
  addresses: readonly string[],
): Promise<WalletByAddress[]> {
  const { wallets } = schema;
  const found: WalletByAddress[] = [];
  for (const chunk of chunksOf(addresses, ADDRESS_CHUNK)) {
    found.push(
      ...(await tx
        .select({
          id: wallets.id,
          address: wallets.publicAddress,
          archivedAt: wallets.archivedAt,
        })
        .from(wallets)
        .where(inArray(wallets.publicAddress, chunk))),
    );
  }
  return found;
}

/**
 * Locks the archived wallets among `addresses` (in address order, like every import, so two
 * imports wait for each other rather than deadlock) and returns their addresses.
 */
export async function lockArchivedWalletsByAddress(
  tx: TenantDatabase,
  addresses: readonly string[],
): Promise<Set<string>> {
  const { wallets } = schema;
  const locked = new Set<string>();
  for (const chunk of chunksOf(addresses, ADDRESS_CHUNK)) {
    const rows = await tx
      .select({ address: wallets.publicAddress })
      .from(wallets)
      .where(and(inArray(wallets.publicAddress, chunk), isNotNull(wallets.archivedAt)))
      .orderBy(wallets.publicAddress)
      .for('update');
    for (const row of rows) locked.add(row.address);
  }
  return locked;
}

export interface ActiveWallet {
  readonly id: string;
  readonly address: string;
}

/** The tenant's active wallets (traders only, if asked), oldest first. */
export async function listActiveWallets(
  tx: TenantDatabase,
  tenantId: string,
  options: { readonly traderOnly: boolean },
): Promise<ActiveWallet[]> {
  const { wallets } = schema;
  return tx
    .select({ id: wallets.id, address: wallets.publicAddress })
    .from(wallets)
    .where(
      and(
        // Row-level security already keeps to the tenant; saying so lets the planner use
        // the (tenant, created_at, id) index of active wallets.
        eq(wallets.tenantId, tenantId),
        isNull(wallets.archivedAt),
        ...(options.traderOnly ? [eq(wallets.isTrader, true)] : []),
      ),
    )
    .orderBy(wallets.createdAt, wallets.id);
}

/** The token accounts stored for each of `walletIds`, by wallet id. */
export async function tokenAccountsByWallet(
  tx: TenantDatabase,
  walletIds: readonly string[],
): Promise<Map<string, string[]>> {
  const { walletTokenAccounts } = schema;
  const accounts = new Map<string, string[]>();
  for (const chunk of chunksOf(walletIds, ADDRESS_CHUNK)) {
    const rows = await tx
      .select({
        walletId: walletTokenAccounts.walletId,
        account: walletTokenAccounts.tokenAccount,
      })
      .from(walletTokenAccounts)
      .where(inArray(walletTokenAccounts.walletId, chunk));
    for (const row of rows) {
      const list = accounts.get(row.walletId) ?? [];
      list.push(row.account);
      accounts.set(row.walletId, list);
    }
  }
  return accounts;
}
