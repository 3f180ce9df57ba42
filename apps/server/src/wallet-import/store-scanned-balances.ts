import { schema, type TenantDatabase } from '@fleet/db';
import { inArray, sql } from 'drizzle-orm';
import { upsertTokenAccounts } from '../wallets/token-account-writes';
import type { ScanCache } from './scan-cache';

/** Rows per statement: well under the 65,535 bind parameters of one statement. */
const CHUNK = 500;

/**
 * An import's balances: lamports and token accounts of the wallets this server scanned recently
 * (see scan-cache), never a client's copy of the preview. The wallets' earlier token rows go first.
 */
export async function storeScannedBalances(
  tx: TenantDatabase,
  tenantId: string,
  scanCache: ScanCache,
  addresses: readonly string[],
): Promise<void> {
  if (addresses.length === 0) return;
  const { wallets, walletTokenAccounts } = schema;
  const ids = new Map<string, string>();
  for (let start = 0; start < addresses.length; start += CHUNK) {
    const rows = await tx
      .select({ id: wallets.id, address: wallets.publicAddress })
      .from(wallets)
      .where(inArray(wallets.publicAddress, addresses.slice(start, start + CHUNK)));
    for (const row of rows) ids.set(row.address, row.id);
  }
  const scanned = addresses.flatMap((address) => {
    const entry = scanCache.get(tenantId, address);
    const walletId = ids.get(address);
    return entry && walletId ? [{ walletId, ...entry }] : [];
  });
  for (let start = 0; start < scanned.length; start += CHUNK) {
    const chunk = scanned.slice(start, start + CHUNK);
    const rows = sql.join(
      chunk.map(
        (entry) =>
          sql`(${entry.walletId}::uuid, ${entry.balances.lamports.toString()}::bigint, ${entry.scannedAt.toISOString()}::timestamptz)`,
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
    await upsertTokenAccounts(
      tx,
      tenantId,
      chunk.map((entry) => ({
        walletId: entry.walletId,
        scannedAt: entry.scannedAt,
        tokens: entry.balances.tokens,
      })),
      { onlyNewer: false },
    );
  }
}
