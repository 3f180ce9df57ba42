import { FleetError } from '@fleet/core';
import type { TenantDatabase } from '@fleet/db';
import { sql, type SQL } from 'drizzle-orm';

/**
 * Up to 100,000 wallet ids as one bound parameter: `inArray` would bind one parameter per id and
 * break Postgres' 65,535 limit. The ids are uuids already (zod at the edge).
 */
export function uuidArray(ids: readonly string[]): SQL {
  return sql`string_to_array(${ids.join(',')}, ',')::uuid[]`;
}

export type SelectedWallet = {
  readonly id: string;
  readonly public_address: string;
  readonly archived: boolean;
  readonly is_master: boolean;
};

/**
 * Locks and returns the tenant's wallets among `ids` in the wanted state, or throws NOT_FOUND
 * naming how many are missing: an unknown id, another tenant's (RLS hides it) and one in the
 * other state all count as missing, and the caller changes nothing.
 */
export async function selectWallets(
  tx: TenantDatabase,
  ids: readonly string[],
  state: 'active' | 'archived',
): Promise<SelectedWallet[]> {
  const unique = [...new Set(ids)];
  const result = await tx.execute<SelectedWallet>(sql`
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
