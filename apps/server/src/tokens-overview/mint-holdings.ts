import { withTenant, type FleetDatabase, type TenantDatabase } from '@fleet/db';
import { sql } from 'drizzle-orm';
import { foldMintHoldings, partsPiled } from '../wallets/repository/mint-holding-parts';

export { foldMintHoldings };

/** One mint over the tenant's active wallets, as the triggers of migration 0034 sum it. */
export interface MintHolding {
  readonly mint: string;
  readonly symbol: string | null;
  readonly name: string | null;
  /** Token accounts, with a balance or not. */
  readonly accounts: number;
  readonly funded: number;
  /** Wallets holding a balance of it, each counted once. */
  readonly holders: number;
  /** Raw amount as numeric text (a sum can exceed u64). */
  readonly amount: string;
}

export interface MintHoldingsRead {
  /** The wallet-list version the sums were read at (same statement, same snapshot). */
  readonly version: string;
  /** The mints the active wallets have accounts of. */
  readonly mints: readonly MintHolding[];
  /** How many parts the sums were folded from (decision 034), and over how many mints. */
  readonly parts: number;
  readonly partMints: number;
}

/**
 * The tenant's held mints: the parts the triggers appended, summed per mint, with the mints'
 * names (shared chain facts). A few hundred rows to a few thousand, through the (tenant_id, mint)
 * index, whatever the number of wallets and token accounts.
 */
export async function readMintHoldings(
  tx: TenantDatabase,
  tenantId: string,
): Promise<MintHoldingsRead> {
  const tenant = sql`${tenantId}::uuid`;
  const result = await tx.execute<{
    version: string | null;
    mint: string | null;
    accounts: number | null;
    funded: number | null;
    holders: number | null;
    amount: string | null;
    parts: number | null;
    symbol: string | null;
    name: string | null;
  }>(sql`
    with v as (
      select (select version::text from wallet_list_versions where tenant_id = ${tenant}) as version
    ), h as (
      select p.mint, sum(p.accounts)::int as accounts,
        sum(p.funded)::int as funded, sum(p.holders)::int as holders, sum(p.amount)::text as amount,
        count(*)::int as parts
      from mint_holding_parts p where p.tenant_id = ${tenant}
      group by p.mint
    )
    select v.version, h.*, m.symbol, m.name
    from v left join h on true left join mints m on m.mint = h.mint`);
  let version = '0';
  let parts = 0;
  let partMints = 0;
  const mints: MintHolding[] = [];
  for (const row of result.rows) {
    version = row.version ?? '0';
    parts += row.parts ?? 0;
    if (row.mint !== null) partMints += 1;
    // A mint whose accounts have all gone keeps a zero row until the next fold.
    if (row.mint === null || (row.accounts ?? 0) <= 0) continue;
    mints.push({
      mint: row.mint,
      symbol: row.symbol,
      name: row.name,
      accounts: row.accounts ?? 0,
      funded: row.funded ?? 0,
      holders: row.holders ?? 0,
      amount: row.amount ?? '0',
    });
  }
  return { version, mints, parts, partMints };
}

/**
 * The held mints of a tenant, read afresh each time inside the caller's transaction (a few
 * milliseconds: no copy to keep in step between processes), folding the parts in the background
 * when a writer other than the scans' has piled them up.
 */
export function createMintHoldingsSource(context: {
  readonly db: FleetDatabase;
  readonly onFoldError: (error: unknown) => void;
}) {
  const folding = new Set<string>();

  const fold = (tenantId: string) => {
    if (folding.has(tenantId)) return;
    folding.add(tenantId);
    void withTenant(context.db, tenantId, (tx) => foldMintHoldings(tx, tenantId))
      .catch(context.onFoldError)
      .finally(() => folding.delete(tenantId));
  };

  return {
    async heldMints(tx: TenantDatabase, tenantId: string): Promise<MintHoldingsRead> {
      const read = await readMintHoldings(tx, tenantId);
      if (partsPiled(read.parts, read.partMints)) fold(tenantId);
      return read;
    },
  };
}

export type MintHoldingsSource = ReturnType<typeof createMintHoldingsSource>;
