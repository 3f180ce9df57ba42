import { FleetError, isAddress, type TokenAccountSnapshot } from '@fleet/core';
import { schema, type TenantDatabase } from '@fleet/db';
import { findWalletsByAddress, listActiveWallets } from '../wallets/repository';

// The scope a close or a burn is planned over (issue 19): the tenant's master, the wallets named
// (or every active one) and the mints asked, each read in the tenant's transaction.

/** The tenant's master wallet, which pays every fee; refused when none is set. */
export async function masterAddress(tx: TenantDatabase): Promise<string> {
  const [row] = await tx
    .select({ address: schema.masterWallets.publicAddress })
    .from(schema.masterWallets);
  if (!row) throw new FleetError('SOL_PLAN__MASTER_NOT_READY', {});
  return row.address;
}

/** The wallets in scope, address to id: those named (each this tenant's, active), or all active. */
export async function resolveScopeWallets(
  tx: TenantDatabase,
  tenantId: string,
  addresses: readonly string[],
): Promise<Map<string, string | null>> {
  if (addresses.length === 0) {
    const all = await listActiveWallets(tx, tenantId, { traderOnly: false });
    return new Map(all.map((wallet) => [wallet.address, wallet.id]));
  }
  const unique = [...new Set(addresses)];
  for (const address of unique) {
    if (!isAddress(address)) throw new FleetError('ADDRESS__INVALID', { address });
  }
  const known = new Map(
    (await findWalletsByAddress(tx, unique))
      .filter((wallet) => wallet.archivedAt === null)
      .map((wallet) => [wallet.address, wallet.id]),
  );
  // Another tenant's wallet is invisible here, so it is refused as not found: Fleet holds no
  // key for it in this tenant and must not say whose it is.
  const missing = unique.filter((address) => !known.has(address));
  if (missing.length > 0) {
    throw new FleetError('WALLET__SOME_NOT_FOUND', {
      missing: missing.length,
      firstMissing: missing[0] as string,
    });
  }
  return new Map(unique.map((address) => [address, known.get(address) ?? null]));
}

/** Keeps the accounts of the mints asked; every mint when none were. Refuses a malformed mint. */
export function mintFilter(
  tokenMints: readonly string[] | undefined,
): (account: Pick<TokenAccountSnapshot, 'mint'>) => boolean {
  if (tokenMints === undefined) return () => true;
  for (const mint of tokenMints) {
    if (!isAddress(mint)) throw new FleetError('ADDRESS__INVALID', { address: mint });
  }
  const wanted = new Set<string>(tokenMints);
  return (account) => wanted.has(account.mint);
}
