import {
  FleetError,
  encodePrivateKeyBase58,
  isFleetError,
  type MasterHistoryKeySide,
  type RevealMasterHistoryKeyResponse,
} from '@fleet/core';
import { schema, withTenant, type FleetDatabase } from '@fleet/db';
import { eq } from 'drizzle-orm';
import type { AuditLog } from '../audit/audit-log';
import type { KeyRequestLimiter } from '../wallets/key-request-limiter';
import type { Actor } from '../http/actor';
import type { SecretKeyVault } from '../vault';

const REVEAL_ACTION = 'master_wallet.history.reveal';

/**
 * The keys a master wallet history entry keeps (sealed by the vault when the master was set,
 * replaced or cleared). Revealing one is a key leaving the server like any other: counted against
 * the user's key-request limit and audited, refused or answered, with the entry, the side and the
 * address, never the key.
 */
export function createMasterHistoryKeys(context: {
  readonly db: FleetDatabase;
  readonly vault: SecretKeyVault;
  readonly audit: AuditLog;
  readonly limiter: KeyRequestLimiter;
}) {
  const { masterWalletHistory } = schema;

  const audit = (actor: Actor, outcome: 'success' | 'failure', detail: Record<string, unknown>) =>
    context.audit.record({
      actor: actor.user.email,
      action: REVEAL_ACTION,
      outcome,
      tenantId: actor.tenantId,
      ip: actor.ip,
      detail,
    });

  return {
    /** `POST /api/history/master-wallet/{id}/reveal { side }`. */
    async reveal(
      actor: Actor,
      input: { readonly entryId: string; readonly side: MasterHistoryKeySide },
    ): Promise<RevealMasterHistoryKeyResponse> {
      const asked = { entryId: input.entryId, side: input.side };
      try {
        await context.limiter.take(actor.user.id, 'keys');
      } catch (error) {
        if (isFleetError(error, 'WALLET__KEY_REQUESTS_RATE_LIMITED')) {
          await audit(actor, 'failure', {
            ...asked,
            reason: 'rate limited',
            retryAfterSeconds: error.context.retryAfterSeconds,
          });
        }
        throw error;
      }
      const revealed = await withTenant(context.db, actor.tenantId, async (tx) => {
        // Row-level security keeps another tenant's entry out of sight: it reads as not found.
        const [row] = await tx
          .select()
          .from(masterWalletHistory)
          .where(eq(masterWalletHistory.id, input.entryId));
        if (!row) return { found: false as const };
        const stored =
          input.side === 'previous'
            ? {
                address: row.previousAddress,
                ciphertext: row.previousEncryptedKey,
                algorithm: row.previousKeyAlgorithm,
                dataKeyVersion: row.previousDataKeyVersion,
              }
            : {
                address: row.newAddress,
                ciphertext: row.newEncryptedKey,
                algorithm: row.newKeyAlgorithm,
                dataKeyVersion: row.newDataKeyVersion,
              };
        if (
          stored.address === null ||
          stored.ciphertext === null ||
          stored.algorithm === null ||
          stored.dataKeyVersion === null
        ) {
          return { found: true as const, stored: false as const, address: stored.address };
        }
        const secretKey = await context.vault.decryptSecretKey(tx, {
          tenantId: actor.tenantId,
          address: stored.address,
          // node-postgres hands bytea over as a Buffer, PGlite as a Uint8Array: copy either.
          ciphertext: Uint8Array.from(stored.ciphertext),
          algorithm: stored.algorithm,
          dataKeyVersion: stored.dataKeyVersion,
        });
        try {
          return {
            found: true as const,
            stored: true as const,
            address: stored.address,
            privateKey: encodePrivateKeyBase58(secretKey),
          };
        } finally {
          secretKey.fill(0);
        }
      });
      if (!revealed.found) {
        await audit(actor, 'failure', { ...asked, reason: 'not found' });
        throw new FleetError('MASTER_WALLET__HISTORY_ENTRY_NOT_FOUND');
      }
      if (!revealed.stored) {
        await audit(actor, 'failure', {
          ...asked,
          address: revealed.address,
          reason: 'not stored',
        });
        throw new FleetError('MASTER_WALLET__HISTORY_KEY_NOT_STORED');
      }
      await audit(actor, 'success', { ...asked, address: revealed.address });
      return {
        id: input.entryId,
        side: input.side,
        public_address: revealed.address,
        private_key: revealed.privateKey,
      };
    },
  };
}

export type MasterHistoryKeys = ReturnType<typeof createMasterHistoryKeys>;
