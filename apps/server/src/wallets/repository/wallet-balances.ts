import { schema, type TenantDatabase } from '@fleet/db';
import { sql, type SQL } from 'drizzle-orm';
import { foldMintHoldings } from './mint-holding-parts';

/** Rows per statement: well under the 65,535 bind parameters of one statement. */
const CHUNK = 500;

/**
 * The slot guard (issue 20): a read may replace a stored row unless the row came from a newer
 * slot. An endpoint a few slots behind the others (a lagging node behind a load balancer) answers
 * an older state, and its answer must not put older numbers back over newer ones, whatever order
 * the answers arrive in. A side without a slot (rows stored before migration 0032, a write that
 * did not know it) cannot be judged and does not block; the scan-time guard still applies.
 */
function slotNotNewer(stored: SQL, incoming: SQL): SQL {
  return sql`(${stored} is null or ${incoming} is null or ${stored} <= ${incoming})`;
}

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
    /** The read's `context.slot` (see `WalletBalanceRead.scannedSlot`). */
    readonly scannedSlot?: bigint | null;
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
      scannedSlot: read.scannedSlot ?? null,
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
          scannedSlot: sql`excluded.scanned_slot`,
          updatedAt: sql`excluded.updated_at`,
        },
        ...(options.onlyNewer
          ? {
              setWhere: sql`${walletTokenAccounts.updatedAt} <= excluded.updated_at and ${slotNotNewer(
                sql`${walletTokenAccounts.scannedSlot}`,
                sql`excluded.scanned_slot`,
              )}`,
            }
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
  /**
   * The `context.slot` of the RPC answers the read was made of (the oldest, when several): a
   * stored row from a newer slot is kept. Absent or null when the read did not know it.
   */
  readonly scannedSlot?: bigint | null;
}

/** The value rows of one chunk: (id, lamports, slot) with the slot typed even when null. */
function walletRows(
  chunk: readonly { walletId: string; lamports: bigint; scannedSlot?: bigint | null }[],
): SQL {
  return sql.join(
    chunk.map(
      (entry) =>
        sql`(${entry.walletId}::uuid, ${entry.lamports.toString()}::bigint, ${
          entry.scannedSlot === undefined || entry.scannedSlot === null
            ? null
            : entry.scannedSlot.toString()
        }::bigint)`,
    ),
    sql`, `,
  );
}

/**
 * An import's balances: each wallet's lamports, scan time and slot replaced, its earlier token
 * rows dropped and the scanned ones written. Only for wallets this import wrote, so nothing newer
 * in time can be overwritten; a restored wallet whose stored numbers come from a newer slot than
 * the preview's keeps them (and its token rows).
 */
export async function replaceScannedBalances(
  tx: TenantDatabase,
  tenantId: string,
  reads: readonly WalletBalanceRead[],
): Promise<void> {
  for (let start = 0; start < reads.length; start += CHUNK) {
    const chunk = reads.slice(start, start + CHUNK);
    const rows = sql.join(
      chunk.map(
        (entry) =>
          sql`(${entry.walletId}::uuid, ${entry.lamports.toString()}::bigint, ${entry.scannedAt.toISOString()}::timestamptz, ${
            entry.scannedSlot === undefined || entry.scannedSlot === null
              ? null
              : entry.scannedSlot.toString()
          }::bigint)`,
      ),
      sql`, `,
    );
    const applied = await tx.execute<{ id: string }>(
      sql`update wallets set lamports = v.lamports, last_scanned_at = v.scanned_at, scanned_slot = v.slot, updated_at = now()
        from (values ${rows}) as v(id, lamports, scanned_at, slot)
        where wallets.id = v.id and wallets.tenant_id = ${tenantId}::uuid
          and ${slotNotNewer(sql`wallets.scanned_slot`, sql`v.slot`)}
        returning wallets.id`,
    );
    const fresh = new Set(applied.rows.map((row) => row.id));
    const current = chunk.filter((entry) => fresh.has(entry.walletId));
    if (current.length === 0) continue;
    await tx.execute(
      sql`delete from wallet_token_accounts
        where tenant_id = ${tenantId}::uuid
          and wallet_id in (${sql.join(
            current.map((entry) => sql`${entry.walletId}::uuid`),
            sql`, `,
          )})`,
    );
    await upsertTokenAccounts(tx, tenantId, current, { onlyNewer: false });
  }
}

/** What a guarded write did: wallets written, and wallets kept because newer numbers were stored. */
export interface RefreshWriteOutcome {
  readonly written: number;
  /** The wallets written (the others were kept newer). */
  readonly writtenIds: ReadonlySet<string>;
  /** Skipped for a later scan time or a newer slot already stored. */
  readonly keptNewer: number;
}

/**
 * A balance refresh's reads, all taken at `scannedAt`. A write never replaces numbers read later
 * by another refresh (another tab, another server process) nor numbers from a newer slot (an
 * endpoint that lags the others): rows move only forward in `last_scanned_at` and in
 * `scanned_slot`, and a wallet skipped for either keeps its token rows too. Each token row is
 * guarded the same way on its own, and a dropped account is deleted only when its row is not
 * from a newer slot. `droppedTokenAccounts` are the known accounts the re-scan found gone or no
 * longer the wallet's.
 */
export async function writeRefreshedBalances(
  tx: TenantDatabase,
  tenantId: string,
  reads: readonly {
    readonly walletId: string;
    readonly lamports: bigint;
    readonly tokens: readonly ScannedTokenAccount[];
    readonly droppedTokenAccounts: readonly string[];
    /** The read's `context.slot`; absent when the caller did not keep it. */
    readonly scannedSlot?: bigint | null;
  }[],
  scannedAt: Date,
): Promise<RefreshWriteOutcome> {
  const at = scannedAt.toISOString();
  const writtenIds = new Set<string>();
  for (let start = 0; start < reads.length; start += CHUNK) {
    const chunk = reads.slice(start, start + CHUNK);
    const applied = await tx.execute<{ id: string }>(
      sql`update wallets set lamports = v.lamports, last_scanned_at = ${at}::timestamptz, scanned_slot = v.slot, updated_at = now()
        from (values ${walletRows(chunk)}) as v(id, lamports, slot)
        where wallets.id = v.id and wallets.tenant_id = ${tenantId}::uuid
          and (wallets.last_scanned_at is null or wallets.last_scanned_at <= ${at}::timestamptz)
          and ${slotNotNewer(sql`wallets.scanned_slot`, sql`v.slot`)}
        returning wallets.id`,
    );
    const fresh = new Set(applied.rows.map((row) => row.id));
    const current = chunk.filter((entry) => fresh.has(entry.walletId));
    for (const entry of current) writtenIds.add(entry.walletId);

    const dropped = current.flatMap((entry) =>
      entry.droppedTokenAccounts.map((account) => ({
        walletId: entry.walletId,
        account,
        slot: entry.scannedSlot ?? null,
      })),
    );
    for (let from = 0; from < dropped.length; from += CHUNK) {
      const part = dropped.slice(from, from + CHUNK);
      const gone = sql.join(
        part.map(
          (entry) =>
            sql`(${entry.account}::text, ${entry.walletId}::uuid, ${
              entry.slot === null ? null : entry.slot.toString()
            }::bigint)`,
        ),
        sql`, `,
      );
      await tx.execute(
        sql`delete from wallet_token_accounts using (values ${gone}) as v(account, wallet_id, slot)
          where wallet_token_accounts.tenant_id = ${tenantId}::uuid
            and wallet_token_accounts.token_account = v.account
            and wallet_token_accounts.wallet_id = v.wallet_id
            and ${slotNotNewer(sql`wallet_token_accounts.scanned_slot`, sql`v.slot`)}`,
      );
    }

    await upsertTokenAccounts(
      tx,
      tenantId,
      current.map((entry) => ({
        walletId: entry.walletId,
        scannedAt,
        scannedSlot: entry.scannedSlot ?? null,
        tokens: entry.tokens,
      })),
      { onlyNewer: true },
    );
  }
  // A scan of the whole fleet appends a part per mint per batch (decision 034): folded as it
  // goes, so the overview's next read sums a few hundred rows, not tens of thousands.
  if (writtenIds.size > 0) await foldMintHoldings(tx, tenantId, { whenPiled: true });
  return { written: writtenIds.size, writtenIds, keptNewer: reads.length - writtenIds.size };
}
