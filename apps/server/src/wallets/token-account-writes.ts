import { schema, type TenantDatabase } from '@fleet/db';
import { sql } from 'drizzle-orm';

/** Rows per statement: well under the 65,535 bind parameters of one statement. */
const CHUNK = 500;

/** A token account as a scan read it, for the wallet that owns it. */
export interface ScannedTokenAccount {
  readonly account: string;
  readonly mint: string;
  readonly program: string;
  readonly amount: bigint;
  readonly decimals: number;
}

/**
 * Stores the token accounts a scan read, one row per account (unique per tenant). The one writer
 * for the import and the balance refresh, so both keep the same columns. `onlyNewer` keeps a row
 * that a later read already wrote: two refreshes at once never put older amounts back.
 */
export async function upsertTokenAccounts(
  tx: TenantDatabase,
  tenantId: string,
  reads: readonly {
    readonly walletId: string;
    readonly scannedAt: Date;
    readonly tokens: readonly ScannedTokenAccount[];
  }[],
  options: { readonly onlyNewer: boolean },
): Promise<void> {
  const { walletTokenAccounts } = schema;
  const rows = reads.flatMap((read) =>
    read.tokens.map((token) => ({
      tenantId,
      tokenAccount: token.account,
      walletId: read.walletId,
      mint: token.mint,
      program: token.program,
      amount: token.amount.toString(),
      decimals: token.decimals,
      updatedAt: read.scannedAt,
    })),
  );
  for (let from = 0; from < rows.length; from += CHUNK) {
    await tx
      .insert(walletTokenAccounts)
      .values(rows.slice(from, from + CHUNK))
      .onConflictDoUpdate({
        target: [walletTokenAccounts.tenantId, walletTokenAccounts.tokenAccount],
        set: {
          walletId: sql`excluded.wallet_id`,
          amount: sql`excluded.amount`,
          decimals: sql`excluded.decimals`,
          mint: sql`excluded.mint`,
          program: sql`excluded.program`,
          updatedAt: sql`excluded.updated_at`,
        },
        ...(options.onlyNewer
          ? { setWhere: sql`${walletTokenAccounts.updatedAt} <= excluded.updated_at` }
          : {}),
      });
  }
}
