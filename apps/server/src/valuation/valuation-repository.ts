import type { TenantDatabase } from '@fleet/db';
import { sql } from 'drizzle-orm';

/**
 * The valuation's SQL (decision 019): set-based reads over the tenant's active wallets and their
 * token accounts, inside the tenant's transaction. Nothing here loops per wallet: the token
 * accounts are grouped by mint in one pass, the wallets counted in another (their token counts
 * are kept by the triggers of migration 0009), and per-wallet values are summed in SQL against
 * the prices handed in as one JSON parameter.
 */

/** One mint over the tenant's active wallets; amounts as numeric text (sums exceed u64). */
export interface HeldMintRow {
  readonly mint: string;
  readonly symbol: string | null;
  readonly name: string | null;
  readonly decimals: number;
  readonly holders: number;
  readonly instances: number;
  readonly instancesWithBalance: number;
  readonly amount: string;
}

export interface WalletCountsRow {
  readonly total: number;
  readonly withSol: number;
  readonly withAssets: number;
  readonly withClosable: number;
  readonly lamports: string;
  readonly closable: number;
  readonly masterAddress: string | null;
  readonly lastScanAt: string | null;
}

export interface WalletValueRow {
  readonly id: string;
  readonly address: string;
  readonly name: string | null;
  readonly lamports: string;
  readonly tokensUsd: number;
}

/** Every mint held in the tenant's active wallets, grouped in one pass over its token accounts. */
export async function readHeldMints(tx: TenantDatabase, tenantId: string): Promise<HeldMintRow[]> {
  const result = await tx.execute<{
    mint: string;
    symbol: string | null;
    name: string | null;
    decimals: number | string;
    holders: number | string;
    instances: number | string;
    with_balance: number | string;
    amount: string;
  }>(sql`
    select g.mint, m.symbol, m.name, g.decimals, g.holders, g.instances, g.with_balance, g.amount
    from (
      select t.mint, max(t.decimals) as decimals, count(distinct t.wallet_id) as holders,
        count(*) as instances, count(*) filter (where t.amount > 0) as with_balance,
        sum(t.amount)::text as amount
      from wallet_token_accounts t
      join wallets w on w.id = t.wallet_id and w.tenant_id = t.tenant_id
      where t.tenant_id = ${tenantId}::uuid and w.archived_at is null
      group by t.mint
    ) g
    left join mints m on m.mint = g.mint`);
  return result.rows.map((row) => ({
    mint: row.mint,
    symbol: row.symbol,
    name: row.name,
    decimals: Number(row.decimals),
    holders: Number(row.holders),
    instances: Number(row.instances),
    instancesWithBalance: Number(row.with_balance),
    amount: row.amount,
  }));
}

/**
 * The wallet counts of spec 2 §3, the SOL held, the closable accounts (held at 0), the master
 * wallet's address and the last scan's end, in one statement.
 */
export async function readWalletCounts(
  tx: TenantDatabase,
  tenantId: string,
): Promise<WalletCountsRow> {
  const result = await tx.execute<{
    total: number | string;
    with_sol: number | string;
    with_assets: number | string;
    with_closable: number | string;
    lamports: string | null;
    closable: number | string | null;
    master_address: string | null;
    last_scan_at: string | Date | null;
  }>(sql`
    select count(*) as total,
      count(*) filter (where w.lamports > 0) as with_sol,
      count(*) filter (where w.funded_token_account_count > 0) as with_assets,
      count(*) filter (where w.token_account_count > w.funded_token_account_count) as with_closable,
      coalesce(sum(w.lamports), 0)::text as lamports,
      coalesce(sum(w.token_account_count - w.funded_token_account_count), 0) as closable,
      (select public_address from master_wallets where tenant_id = ${tenantId}::uuid) as master_address,
      (select finished_at from last_scans where tenant_id = ${tenantId}::uuid) as last_scan_at
    from wallets w
    where w.tenant_id = ${tenantId}::uuid and w.archived_at is null`);
  const row = result.rows[0];
  const at = row?.last_scan_at ?? null;
  return {
    total: Number(row?.total ?? 0),
    withSol: Number(row?.with_sol ?? 0),
    withAssets: Number(row?.with_assets ?? 0),
    withClosable: Number(row?.with_closable ?? 0),
    lamports: row?.lamports ?? '0',
    closable: Number(row?.closable ?? 0),
    masterAddress: row?.master_address ?? null,
    lastScanAt: at === null ? null : new Date(at).toISOString(),
  };
}

/**
 * The most valuable active wallet and, when it is one of them, the master's: SOL at
 * `solUsd` (0 when unknown, so the order is by tokens alone) plus each priced token at its USD
 * price per raw unit (`usdPerRaw`: price ÷ 10^decimals, computed by the caller per mint).
 */
export async function readWalletValues(
  tx: TenantDatabase,
  tenantId: string,
  input: {
    readonly usdPerRaw: readonly { readonly mint: string; readonly usd: number }[];
    readonly solUsd: number;
    readonly masterAddress: string | null;
  },
): Promise<{ top: WalletValueRow | null; master: WalletValueRow | null }> {
  const result = await tx.execute<{
    kind: 'top' | 'master';
    id: string;
    address: string;
    name: string | null;
    lamports: string;
    tokens_usd: number | string;
  }>(sql`
    with price as (
      select p.mint, p.usd from json_to_recordset(${JSON.stringify(input.usdPerRaw)}::json)
        as p(mint text, usd float8)
    ), token_value as (
      select t.wallet_id, sum(t.amount::float8 * price.usd) as usd
      from wallet_token_accounts t join price on price.mint = t.mint
      where t.tenant_id = ${tenantId}::uuid and t.amount > 0
      group by t.wallet_id
    ), valued as (
      select w.id, w.public_address, w.name, coalesce(w.lamports, 0) as lamports,
        coalesce(v.usd, 0) as tokens_usd,
        coalesce(w.lamports, 0)::float8 / 1e9 * ${input.solUsd}::float8 + coalesce(v.usd, 0) as total
      from wallets w left join token_value v on v.wallet_id = w.id
      where w.tenant_id = ${tenantId}::uuid and w.archived_at is null
    )
    (select 'top' as kind, id, public_address as address, name, lamports::text, tokens_usd
      from valued order by total desc, id limit 1)
    union all
    (select 'master', id, public_address, name, lamports::text, tokens_usd
      from valued where public_address = ${input.masterAddress})`);
  const pick = (kind: 'top' | 'master'): WalletValueRow | null => {
    const row = result.rows.find((r) => r.kind === kind);
    return row === undefined
      ? null
      : {
          id: row.id,
          address: row.address,
          name: row.name,
          lamports: row.lamports,
          tokensUsd: Number(row.tokens_usd),
        };
  };
  return { top: pick('top'), master: pick('master') };
}
