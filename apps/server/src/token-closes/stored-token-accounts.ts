import { address, type Address, type TokenAccountSnapshot } from '@fleet/core';
import type { TenantDatabase } from '@fleet/db';
import { sql } from 'drizzle-orm';

// SQL of the closes over `wallet_token_accounts` (decision 019): the stored empty accounts the
// fleet forecast reads, and the rows a confirmed close removes.

/**
 * The rent of an empty account scanned before its lamports were stored: a Token account's 165
 * bytes and a Token-2022 associated account's 170 (with ImmutableOwner) at the rent-exempt rate.
 * Accounts with more extensions hold a little more; the plan reads the chain again anyway.
 */
const STORED_RENT: Readonly<Record<string, bigint>> = {
  token: 2_039_280n,
  'token-2022': 2_074_080n,
};

/** The stored token accounts with a zero amount, of active wallets, wallet by wallet. */
export async function readStoredEmptyAccounts(tx: TenantDatabase): Promise<TokenAccountSnapshot[]> {
  const result = await tx.execute<{
    owner: string;
    token_account: string;
    mint: string;
    program: string;
    lamports: string | null;
    frozen: boolean;
    withheld_amount: string;
  }>(
    sql`select w.public_address as owner, a.token_account, a.mint, a.program, a.lamports::text,
        a.frozen, a.withheld_amount::text
      from wallet_token_accounts a
      join wallets w on w.id = a.wallet_id
      where a.amount = 0 and w.archived_at is null
      order by w.created_at, w.id, a.token_account`,
  );
  return result.rows.map((row) => ({
    owner: address(row.owner),
    tokenAccount: address(row.token_account),
    mint: address(row.mint),
    program: row.program === 'token-2022' ? 'token2022' : 'token',
    amount: 0n,
    lamports:
      row.lamports === null ? (STORED_RENT[row.program] ?? 2_039_280n) : BigInt(row.lamports),
    frozen: row.frozen,
    withheldAmount: BigInt(row.withheld_amount),
  }));
}

/**
 * The stored SOL of the active wallets holding an empty token account (a wallet never scanned
 * counts as 0): who could pay its own close in the fleet forecast, as the plan asks the chain.
 */
export async function readStoredOwnerLamports(tx: TenantDatabase): Promise<Map<Address, bigint>> {
  const result = await tx.execute<{ owner: string; lamports: string | null }>(
    sql`select w.public_address as owner, w.lamports::text
      from wallets w
      where w.archived_at is null
        and exists (select 1 from wallet_token_accounts a where a.wallet_id = w.id and a.amount = 0)`,
  );
  return new Map(
    result.rows.map((row) => [
      address(row.owner),
      row.lamports === null ? 0n : BigInt(row.lamports),
    ]),
  );
}

/** Forgets closed accounts; the wallets' token counts follow by trigger (migration 0009). */
export async function deleteClosedTokenAccounts(
  tx: TenantDatabase,
  tokenAccounts: readonly string[],
): Promise<number> {
  if (tokenAccounts.length === 0) return 0;
  const result = await tx.execute<{ token_account: string }>(
    sql`delete from wallet_token_accounts
      where token_account in (select jsonb_array_elements_text(${JSON.stringify(tokenAccounts)}::jsonb))
      returning token_account`,
  );
  return result.rows.length;
}
