import { schema, type TenantDatabase } from '@fleet/db';
import { and, gte, inArray, sql } from 'drizzle-orm';
import type { ScannedTokenAccount } from '../wallets/repository';

/** Rows per statement: well under the 65,535 bind parameters of one statement. */
const CHUNK = 500;

/** Expired or surplus rows deleted per write: pruning never makes one preview slow. */
const PRUNE_BATCH = 1000;

/** What a scan preview read of one wallet, and when. */
export interface ScanCacheEntry {
  readonly lamports: bigint;
  readonly tokens: readonly ScannedTokenAccount[];
  readonly scannedAt: Date;
  /** The slot of the preview's answers; null for entries written before it was kept. */
  readonly scannedSlot?: bigint | null;
}

/**
 * The server's own record of recent scan previews, per tenant and wallet. An import that comes
 * with a preview stores balances from here, never from the browser's copy: the client cannot
 * write a balance the chain did not report, and token accounts (whose addresses the preview
 * response leaves out) are known exactly. A wallet scanned too long ago, or never, is imported
 * without balances and picked up by the next scan.
 *
 * The record is a table (`recent_scans`), not process memory: the import may reach another server
 * process than the preview did, or come after a restart. Both calls take the tenant transaction,
 * so row-level security keeps each tenant to its own rows.
 */
export interface ScanCache {
  put(
    tx: TenantDatabase,
    tenantId: string,
    entries: ReadonlyMap<string, ScanCacheEntry>,
  ): Promise<void>;
  /** The unexpired entries among `addresses`, by address. */
  get(tx: TenantDatabase, addresses: readonly string[]): Promise<Map<string, ScanCacheEntry>>;
}

export function createScanCache(options: {
  /** Per tenant; the oldest go first. */
  readonly maxEntries?: number;
  readonly maxAgeMs?: number;
  readonly now?: () => Date;
}): ScanCache {
  const { recentScans } = schema;
  const maxEntries = options.maxEntries ?? 100_000;
  const maxAgeMs = options.maxAgeMs ?? 30 * 60_000;
  const now = options.now ?? (() => new Date());
  const oldestFresh = () => new Date(now().getTime() - maxAgeMs);

  async function prune(tx: TenantDatabase): Promise<void> {
    await tx.delete(recentScans).where(
      sql`(${recentScans.tenantId}, ${recentScans.publicAddress}) in (
        select tenant_id, public_address from recent_scans
        where scanned_at < ${oldestFresh().toISOString()}::timestamptz limit ${PRUNE_BATCH})`,
    );
    await tx.delete(recentScans).where(
      sql`(${recentScans.tenantId}, ${recentScans.publicAddress}) in (
        select tenant_id, public_address from recent_scans
        order by scanned_at desc, public_address offset ${maxEntries} limit ${PRUNE_BATCH})`,
    );
  }

  return {
    async put(tx, tenantId, entries) {
      const rows = [...entries].map(([address, entry]) => ({
        tenantId,
        publicAddress: address,
        lamports: entry.lamports,
        tokens: entry.tokens.map((token) => ({
          account: token.account,
          mint: token.mint,
          program: token.program,
          amount: token.amount.toString(),
          decimals: token.decimals,
          ...(token.lamports === null ? {} : { lamports: token.lamports.toString() }),
          frozen: token.frozen,
          withheldAmount: token.withheldAmount.toString(),
        })),
        scannedAt: entry.scannedAt,
        scannedSlot: entry.scannedSlot ?? null,
      }));
      for (let start = 0; start < rows.length; start += CHUNK) {
        await tx
          .insert(recentScans)
          .values(rows.slice(start, start + CHUNK))
          .onConflictDoUpdate({
            target: [recentScans.tenantId, recentScans.publicAddress],
            set: {
              lamports: sql`excluded.lamports`,
              tokens: sql`excluded.tokens`,
              scannedAt: sql`excluded.scanned_at`,
              scannedSlot: sql`excluded.scanned_slot`,
            },
          });
      }
      await prune(tx);
    },

    async get(tx, addresses) {
      const found = new Map<string, ScanCacheEntry>();
      for (let start = 0; start < addresses.length; start += CHUNK) {
        const rows = await tx
          .select()
          .from(recentScans)
          .where(
            and(
              inArray(recentScans.publicAddress, addresses.slice(start, start + CHUNK)),
              gte(recentScans.scannedAt, oldestFresh()),
            ),
          );
        for (const row of rows) {
          found.set(row.publicAddress, {
            lamports: row.lamports,
            tokens: row.tokens.map((token) => ({
              account: token.account,
              mint: token.mint,
              program: token.program,
              amount: BigInt(token.amount),
              decimals: token.decimals,
              lamports: token.lamports === undefined ? null : BigInt(token.lamports),
              frozen: token.frozen ?? false,
              withheldAmount: BigInt(token.withheldAmount ?? '0'),
            })),
            scannedAt: row.scannedAt,
            scannedSlot: row.scannedSlot,
          });
        }
      }
      return found;
    },
  };
}
