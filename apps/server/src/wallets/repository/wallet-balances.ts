import { schema, type TenantDatabase } from '@fleet/db';
import { and, inArray, sql } from 'drizzle-orm';

/** Rows per statement: well under the 65,535 bind parameters of one statement. */
const CHUNK = 500;

/** A token account as a scan read it, for the wallet that owns it. */
export interface ScannedTokenAccount {
  readonly account: string;
  readonly mint: string;
  readonly program: string;
  readonly amount: bigint;
  readonly decimals: number;
  /** The account's own lamports (the rent a close returns); null when a read did not keep them. */
  readonly lamports: bigint | null;
  readonly frozen: boolean;
  /** Token-2022 transfer fees withheld in the account. */
  readonly withheldAmount: bigint;
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
      lamports: token.lamports === null ? null : token.lamports.toString(),
      frozen: token.frozen,
      withheldAmount: token.withheldAmount.toString(),
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
          lamports: sql`excluded.lamports`,
          frozen: sql`excluded.frozen`,
          withheldAmount: sql`excluded.withheld_amount`,
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

/** What a scan read of one stored wallet, and when the chain was read. */
export interface WalletBalanceRead {
  readonly walletId: string;
  readonly lamports: bigint;
  readonly tokens: readonly ScannedTokenAccount[];
  readonly scannedAt: Date;
}

/**
 * An import's balances: each wallet's lamports and scan time replaced, its earlier token rows
 * dropped and the scanned ones written. Only for wallets this import wrote, so nothing newer can
 * be overwritten.
 */
export async function replaceScannedBalances(
  tx: TenantDatabase,
  tenantId: string,
  reads: readonly WalletBalanceRead[],
): Promise<void> {
  const { walletTokenAccounts } = schema;
  for (let start = 0; start < reads.length; start += CHUNK) {
    const chunk = reads.slice(start, start + CHUNK);
    const rows = sql.join(
      chunk.map(
        (entry) =>
          sql`(${entry.walletId}::uuid, ${entry.lamports.toString()}::bigint, ${entry.scannedAt.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    );
    await tx.execute(
      sql`update wallets set lamports = v.lamports, last_scanned_at = v.scanned_at, updated_at = now() from (values ${rows}) as v(id, lamports, scanned_at) where wallets.id = v.id`,
    );
    await tx.delete(walletTokenAccounts).where(
      inArray(
        walletTokenAccounts.walletId,
        chunk.map((entry) => entry.walletId),
      ),
    );
    await upsertTokenAccounts(tx, tenantId, chunk, { onlyNewer: false });
  }
}

/**
 * A balance refresh's reads, all taken at `scannedAt`. A write never replaces numbers read later
 * by another refresh (another tab, another server process): rows move only forward in
 * `last_scanned_at`, and a wallet skipped for that keeps its token rows too. `droppedTokenAccounts`
 * are the known accounts the re-scan found gone or no longer the wallet's.
 */
export async function writeRefreshedBalances(
  tx: TenantDatabase,
  tenantId: string,
  reads: readonly {
    readonly walletId: string;
    readonly lamports: bigint;
    readonly tokens: readonly ScannedTokenAccount[];
    readonly droppedTokenAccounts: readonly string[];
  }[],
  scannedAt: Date,
): Promise<void> {
  const { walletTokenAccounts } = schema;
  const at = scannedAt.toISOString();
  for (let start = 0; start < reads.length; start += CHUNK) {
    const chunk = reads.slice(start, start + CHUNK);
    const rows = sql.join(
      chunk.map((entry) => sql`(${entry.walletId}::uuid, ${entry.lamports.toString()}::bigint)`),
      sql`, `,
    );
    const applied = await tx.execute<{ id: string }>(
      sql`update wallets set lamports = v.lamports, last_scanned_at = ${at}::timestamptz, updated_at = now()
        from (values ${rows}) as v(id, lamports)
        where wallets.id = v.id
          and (wallets.last_scanned_at is null or wallets.last_scanned_at <= ${at}::timestamptz)
        returning wallets.id`,
    );
    const fresh = new Set(applied.rows.map((row) => row.id));
    const current = chunk.filter((entry) => fresh.has(entry.walletId));

    const dropped = current.flatMap((entry) =>
      entry.droppedTokenAccounts.map((account) => ({ walletId: entry.walletId, account })),
    );
    for (let from = 0; from < dropped.length; from += CHUNK) {
      const part = dropped.slice(from, from + CHUNK);
      await tx.delete(walletTokenAccounts).where(
        and(
          inArray(
            walletTokenAccounts.tokenAccount,
            part.map((entry) => entry.account),
          ),
          inArray(walletTokenAccounts.walletId, [...new Set(part.map((e) => e.walletId))]),
        ),
      );
    }

    await upsertTokenAccounts(
      tx,
      tenantId,
      current.map((entry) => ({ walletId: entry.walletId, scannedAt, tokens: entry.tokens })),
      { onlyNewer: true },
    );
  }
}
