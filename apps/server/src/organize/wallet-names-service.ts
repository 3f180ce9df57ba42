import { FleetError } from '@fleet/core';
import { withTenant, type FleetDatabase } from '@fleet/db';
import type { AuditLog } from '../audit/audit-log';
import type { Actor } from '../http/actor';
import { renameActiveWallet } from '../wallets/repository';

/** The operator's names for wallets (spec 2 §3 `name`). */
export function createWalletNamesService(context: {
  readonly db: FleetDatabase;
  readonly audit: AuditLog;
}) {
  return {
    /**
     * Names an active wallet of the actor's tenant, or clears its name (null). The list's version
     * moves with the row, so the next list shows it.
     * Another tenant's wallet, an archived one and an unknown id are all 'Wallet not found'.
     */
    async rename(
      actor: Actor,
      walletId: string,
      name: string | null,
    ): Promise<{ id: string; address: string; name: string | null }> {
      const wallet = await withTenant(context.db, actor.tenantId, async (tx) => {
        const row = await renameActiveWallet(tx, actor.tenantId, walletId, name, new Date());
        if (!row) throw new FleetError('WALLET__NOT_FOUND', { walletId });
        return row;
      });
      await context.audit.recordSuccess(actor, 'wallet.rename', {
        walletId: wallet.id,
        address: wallet.address,
        name: wallet.name,
      });
      return wallet;
    },
  };
}

export type WalletNamesService = ReturnType<typeof createWalletNamesService>;
