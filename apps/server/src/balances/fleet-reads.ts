import type { KnownWallet, ScanReport } from '@fleet/chain';
import { withTenant, type FleetDatabase } from '@fleet/db';
import {
  listActiveWallets,
  tokenAccountsByWallet,
  type ActiveWallet,
  type writeRefreshedBalances,
} from '../wallets/repository';

/** What a re-scan needs of a tenant's fleet: the stored wallets and their known token accounts. */
export interface KnownFleet {
  readonly stored: ActiveWallet[];
  readonly known: KnownWallet[];
}

/**
 * The tenant's active wallets (or its traders) with their stored token accounts, in a short
 * transaction of its own: nothing stays open across the chain reads that follow. Shared by the
 * balance refresh a user asks for and the background refresh.
 */
export function readKnownFleet(
  db: FleetDatabase,
  tenantId: string,
  traderOnly: boolean,
): Promise<KnownFleet> {
  return withTenant(db, tenantId, async (tx) => {
    const stored = await listActiveWallets(tx, tenantId, { traderOnly });
    const accounts = await tokenAccountsByWallet(
      tx,
      stored.map((wallet) => wallet.id),
    );
    return {
      stored,
      known: stored.map((wallet) => ({
        owner: wallet.address,
        tokenAccounts: accounts.get(wallet.id) ?? [],
      })),
    };
  });
}

type RefreshRead = Parameters<typeof writeRefreshedBalances>[2][number];

/**
 * What the chain said of the wallets it answered for, with the slot it said it at; a failed read
 * leaves the row alone.
 */
export function refreshReadsOf(stored: readonly ActiveWallet[], report: ScanReport): RefreshRead[] {
  const idOf = new Map(stored.map((wallet) => [wallet.address, wallet.id]));
  return report.results.flatMap((result) => {
    const walletId = idOf.get(result.owner);
    return result.ok && walletId
      ? [
          {
            walletId,
            lamports: result.value.lamports,
            tokens: result.value.tokens,
            droppedTokenAccounts: result.value.droppedTokenAccounts,
            scannedSlot: result.value.slot,
          },
        ]
      : [];
  });
}
