import { MAX_HOLDINGS_TOKENS_PER_WALLET, type WalletFunds, type WalletHolding } from '@fleet/core';
import type { TenantDatabase } from '@fleet/db';
import { sql } from 'drizzle-orm';
import { uuidArray } from './wallet-ids';

type HoldingRow = {
  readonly id: string;
  readonly public_address: string;
  readonly name: string | null;
  readonly archived: boolean;
  readonly lamports: string | null;
  readonly funded_tokens: number | string;
  readonly tokens: WalletHolding['tokens'] | string | null;
};

/**
 * What the tenant's wallets among `ids` held at their last scan: SOL, the count of token accounts
 * with a balance (kept by the triggers of migration 0009) and up to three of those accounts with
 * their symbols. Wallets in either state; an id not found is left out.
 */
export async function readWalletHoldings(
  tx: TenantDatabase,
  ids: readonly string[],
): Promise<WalletHolding[]> {
  if (ids.length === 0) return [];
  const result = await tx.execute<HoldingRow>(sql`
    select w.id, w.public_address, w.name, w.archived_at is not null as archived,
      w.lamports::text as lamports, w.funded_token_account_count as funded_tokens,
      (select json_agg(json_build_object(
          'mint', t.mint, 'symbol', mi.symbol, 'amount', t.amount::text, 'decimals', t.decimals)
          order by mi.symbol nulls last, t.mint)
        from (select ta.mint, ta.amount, ta.decimals from wallet_token_accounts ta
          where ta.tenant_id = w.tenant_id and ta.wallet_id = w.id and ta.amount > 0
          order by ta.mint limit ${MAX_HOLDINGS_TOKENS_PER_WALLET}) t
        left join mints mi on mi.mint = t.mint) as tokens
    from wallets w
    where w.id = any(${uuidArray(ids)})
    order by w.created_at, w.id`);
  return result.rows.map((row) => ({
    id: row.id,
    address: row.public_address,
    name: row.name,
    archived: row.archived,
    lamports: row.lamports,
    tokenAccountsWithBalance: Number(row.funded_tokens),
    tokens: parseTokens(row.tokens),
  }));
}

/** Only what the funds check needs, for the wallets a permanent delete has locked. */
export async function readWalletFunds(
  tx: TenantDatabase,
  ids: readonly string[],
): Promise<WalletFunds[]> {
  if (ids.length === 0) return [];
  const result = await tx.execute<{ lamports: string | null; funded_tokens: number | string }>(
    sql`select w.lamports::text as lamports, w.funded_token_account_count as funded_tokens
      from wallets w where w.id = any(${uuidArray(ids)})`,
  );
  return result.rows.map((row) => ({
    lamports: row.lamports,
    tokenAccountsWithBalance: Number(row.funded_tokens),
  }));
}

/** node-postgres parses json columns; PGlite may hand them over as text. */
function parseTokens(value: HoldingRow['tokens']): WalletHolding['tokens'] {
  if (value === null) return [];
  return typeof value === 'string' ? (JSON.parse(value) as WalletHolding['tokens']) : value;
}
