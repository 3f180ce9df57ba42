import type { StoredHoldings } from '@fleet/core';
import { schema, type TenantDatabase } from '@fleet/db';
import { inArray } from 'drizzle-orm';
import { chunksOf } from '../wallets/repository/wallet-ids';

/** A wallet of a batch as stored: what the sync scans compare the chain's answer with. */
export interface HeldWallet {
  readonly id: string;
  readonly address: string;
  readonly holdings: StoredHoldings;
}

/** Rows per `IN (…)` list of wallet ids. */
const CHUNK = 500;

/**
 * The batch's wallets still active, in the order asked, with their stored lamports and token
 * amounts; `gone` names the others (archived since the scan began by address, removed by id).
 * Read in the caller's short tenant transaction, before the chain is read outside one.
 */
export async function readHeldWallets(
  tx: TenantDatabase,
  walletIds: readonly string[],
): Promise<{ wallets: HeldWallet[]; gone: string[] }> {
  const { wallets, walletTokenAccounts } = schema;
  const rows = new Map<string, { address: string; archived: boolean; lamports: bigint | null }>();
  for (const chunk of chunksOf(walletIds, CHUNK)) {
    const found = await tx
      .select({
        id: wallets.id,
        address: wallets.publicAddress,
        archivedAt: wallets.archivedAt,
        lamports: wallets.lamports,
      })
      .from(wallets)
      .where(inArray(wallets.id, chunk));
    for (const row of found) {
      rows.set(row.id, {
        address: row.address,
        archived: row.archivedAt !== null,
        lamports: row.lamports,
      });
    }
  }
  const active = walletIds.filter((id) => rows.get(id)?.archived === false);
  const accounts = new Map<string, Map<string, bigint>>();
  for (const chunk of chunksOf(active, CHUNK)) {
    const found = await tx
      .select({
        walletId: walletTokenAccounts.walletId,
        account: walletTokenAccounts.tokenAccount,
        amount: walletTokenAccounts.amount,
      })
      .from(walletTokenAccounts)
      .where(inArray(walletTokenAccounts.walletId, chunk));
    for (const row of found) {
      const held = accounts.get(row.walletId) ?? new Map<string, bigint>();
      // numeric(20, 0) arrives as decimal text: exact, whatever its size.
      held.set(row.account, BigInt(row.amount));
      accounts.set(row.walletId, held);
    }
  }
  return {
    wallets: active.map((id) => ({
      id,
      address: rows.get(id)?.address ?? '',
      holdings: {
        lamports: rows.get(id)?.lamports ?? null,
        accounts: accounts.get(id) ?? new Map(),
      },
    })),
    gone: walletIds
      .filter((id) => rows.get(id)?.archived !== false)
      .map((id) => rows.get(id)?.address ?? id),
  };
}
