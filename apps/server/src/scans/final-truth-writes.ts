import type { ScanReport } from '@fleet/chain';
import type { TenantDatabase } from '@fleet/db';
import { readHeldWallets } from '../sync-scans/stored-holdings';
import { writeRefreshedBalances } from '../wallets/repository';

/** A wallet of a batch as stored: its address and the token accounts known for it. */
export interface BatchWallet {
  readonly id: string;
  readonly address: string;
  readonly tokenAccounts: readonly string[];
}

/**
 * The batch's wallets that are still active, in the order asked, with their stored token
 * accounts; `gone` names the others (archived since the scan began by address, removed by id).
 * The sync scans' read (`readHeldWallets`), keeping what a cold scan needs.
 */
export async function readBatchWallets(
  tx: TenantDatabase,
  walletIds: readonly string[],
): Promise<{ wallets: BatchWallet[]; gone: string[] }> {
  const held = await readHeldWallets(tx, walletIds);
  return {
    wallets: held.wallets.map((wallet) => ({
      id: wallet.id,
      address: wallet.address,
      tokenAccounts: [...wallet.holdings.accounts.keys()],
    })),
    gone: held.gone,
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
