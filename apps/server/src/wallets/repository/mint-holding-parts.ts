import type { TenantDatabase } from '@fleet/db';
import { sql } from 'drizzle-orm';

/** Parts beyond twice the tenant's mints, plus this slack, are worth folding (decision 034). */
const FOLD_SLACK = 200;

/** Whether `parts` over `mints` distinct mints are worth folding (the SQL below asks the same). */
export function partsPiled(parts: number, mints: number): boolean {
  return parts > 2 * mints + FOLD_SLACK;
}

/**
 * Folds the tenant's parts of `mint_holding_parts` into one row per mint (dropping the mints that
 * sum to nothing); with `whenPiled`, only when they are more than twice the mints plus
 * `FOLD_SLACK`. Sums are additive, so every grouping of the parts is exact: parts still uncommitted
 * are not seen and wait for the next fold, and parts another fold has locked are skipped, never
 * waited for, so a fold inside a scan's transaction cannot block or deadlock with another.
 */
export async function foldMintHoldings(
  tx: TenantDatabase,
  tenantId: string,
  options: { readonly whenPiled?: boolean } = {},
): Promise<void> {
  const tenant = sql`${tenantId}::uuid`;
  const piled = options.whenPiled
    ? sql`(select count(*) > 2 * count(distinct mint) + ${FOLD_SLACK}
        from mint_holding_parts where tenant_id = ${tenant})`
    : sql`true`;
  await tx.execute(sql`
    with gone as (
      delete from mint_holding_parts where ctid in (
        select ctid from mint_holding_parts where tenant_id = ${tenant} and ${piled}
        for update skip locked)
      returning *
    )
    insert into mint_holding_parts (tenant_id, mint, accounts, funded, holders, amount)
    select tenant_id, mint, sum(accounts), sum(funded), sum(holders), sum(amount)
    from gone group by tenant_id, mint
    having sum(accounts) <> 0 or sum(funded) <> 0 or sum(holders) <> 0 or sum(amount) <> 0`);
}
