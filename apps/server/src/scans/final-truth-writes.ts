import type { ScanReport } from '@fleet/chain';
import { schema, type TenantDatabase } from '@fleet/db';
import { inArray } from 'drizzle-orm';
import { chunksOf } from '../wallets/repository/wallet-ids';
import { tokenAccountsByWallet, writeRefreshedBalances } from '../wallets/repository';

/** A wallet of a batch as stored: its address and the token accounts known for it. */
export interface BatchWallet {
  readonly id: string;
  readonly address: string;
  readonly tokenAccounts: readonly string[];
}

/**
 * The batch's wallets that are still active, in the order asked, with their stored token
 * accounts; `gone` names the others (archived since the scan began by address, removed by id).
 */
export async function readBatchWallets(
  tx: TenantDatabase,
  walletIds: readonly string[],
): Promise<{ wallets: BatchWallet[]; gone: string[] }> {
  const { wallets } = schema;
  const rows = new Map<string, { address: string; archived: boolean }>();
  for (const chunk of chunksOf(walletIds)) {
    const found = await tx
      .select({ id: wallets.id, address: wallets.publicAddress, archivedAt: wallets.archivedAt })
      .from(wallets)
      .where(inArray(wallets.id, chunk));
    for (const row of found)
      rows.set(row.id, { address: row.address, archived: row.archivedAt !== null });
  }
  const active = walletIds.filter((id) => rows.get(id)?.archived === false);
  const accounts = await tokenAccountsByWallet(tx, active);
  return {
    wallets: active.map((id) => ({
      id,
      address: rows.get(id)?.address ?? '',
      tokenAccounts: accounts.get(id) ?? [],
    })),
    gone: walletIds
      .filter((id) => rows.get(id)?.archived !== false)
      .map((id) => rows.get(id)?.address ?? id),
  };
}

/**
 * What a cold scan read of the batch, written in the caller's one transaction: each answered
 * wallet's SOL and every token account the chain holds for it, and the stored accounts the chain
 * no longer has for it dropped (a cold scan sees them all, so what it did not find is gone). A
 * wallet whose read failed keeps its stored numbers. Through the balance refresh's writer, so a
 * wallet read later by another scan, or from a newer slot, is not put back.
 */
export async function writeBatchBalances(
  tx: TenantDatabase,
  tenantId: string,
  batch: readonly BatchWallet[],
  scan: ScanReport,
  scannedAt: Date,
): Promise<void> {
  const byAddress = new Map(batch.map((wallet) => [wallet.address, wallet]));
  const reads = scan.results.flatMap((result) => {
    const wallet = byAddress.get(result.owner);
    if (!wallet || !result.ok) return [];
    const found = new Set<string>(result.value.tokens.map((token) => token.account));
    return [
      {
        walletId: wallet.id,
        lamports: result.value.lamports,
        tokens: result.value.tokens,
        droppedTokenAccounts: wallet.tokenAccounts.filter((account) => !found.has(account)),
        // The slot guard: a row stored from a newer answer is kept.
        scannedSlot: result.value.slot,
      },
    ];
  });
  await writeRefreshedBalances(tx, tenantId, reads, scannedAt);
}
