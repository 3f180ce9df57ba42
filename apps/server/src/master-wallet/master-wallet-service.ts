import {
  FleetError,
  fleetErrorMessage,
  decodePrivateKey,
  isFleetError,
  encodePrivateKeyBase58,
  type MasterHistoryEntry,
  type MasterHistoryPage,
  type MasterWalletResponse,
} from '@fleet/core';
import type { BalanceReader } from '@fleet/chain';
import { schema, withTenant, type FleetDatabase, type TenantDatabase } from '@fleet/db';
import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { AuditLog } from '../audit/audit-log';
import type { KeyRequestLimiter } from '../wallets/key-request-limiter';
import { decodeHistoryCursor, encodeHistoryCursor } from './history-cursor';
import type { Actor } from '../http/actor';
import type { SecretKeyVault } from '../vault';

const NO_MASTER_WALLET = fleetErrorMessage('MASTER_WALLET__NOT_FOUND', {});

export function createMasterWalletService(context: {
  readonly db: FleetDatabase;
  readonly vault: SecretKeyVault;
  readonly chain: BalanceReader;
  readonly audit: AuditLog;
  /** The per-user key-request limit wallet reveals and exports count against: a key is a key. */
  readonly limiter: KeyRequestLimiter;
}) {
  const { masterWallets, masterWalletHistory } = schema;

  async function current(tx: TenantDatabase) {
    const [row] = await tx.select().from(masterWallets);
    return row;
  }

  return {
    async get(actor: Actor): Promise<MasterWalletResponse> {
      const row = await withTenant(context.db, actor.tenantId, current);
      if (!row) throw new FleetError('MASTER_WALLET__NOT_FOUND');
      return toResponse(row);
    },

    async save(
      actor: Actor,
      input: { privateKey: string; publicAddress?: string | undefined; triggeredVia?: string },
    ): Promise<MasterWalletResponse> {
      const decoded = decodePrivateKey(input.privateKey);
      if (!decoded.ok)
        throw new FleetError('MASTER_WALLET__INVALID_KEY', { reason: decoded.message });
      const { address, secretKey } = decoded.value;
      if (input.publicAddress && input.publicAddress !== address) {
        throw new FleetError('MASTER_WALLET__ADDRESS_MISMATCH');
      }
      // The decoded key is wiped whether or not the save went through.
      const saved = await withTenant(context.db, actor.tenantId, async (tx) => {
        const before = await current(tx);
        const sealed = await context.vault.encryptSecretKey(tx, {
          tenantId: actor.tenantId,
          address,
          secretKey,
        });
        const values = {
          publicAddress: address,
          encryptedKey: sealed.ciphertext,
          keyAlgorithm: sealed.algorithm,
          dataKeyVersion: sealed.dataKeyVersion,
          updatedAt: new Date(),
        };
        const [row] = await tx
          .insert(masterWallets)
          .values({ tenantId: actor.tenantId, ...values })
          .onConflictDoUpdate({ target: masterWallets.tenantId, set: values })
          .returning();
        const change = !before ? 'set' : before.publicAddress === address ? 'refresh' : 'swap';
        const previous = before?.publicAddress ?? null;
        await tx.insert(masterWalletHistory).values({
          tenantId: actor.tenantId,
          createdAt: historyTimestamp(),
          action: change,
          requestedBy: actor.user.email,
          triggeredVia: input.triggeredVia ?? 'console',
          previousAddress: previous,
          newAddress: address,
          ...(before ? sealedPreviousKey(before) : {}),
          ...sealedNewKey(values),
        });
        return { row, change, previous };
      }).finally(() => secretKey.fill(0));
      if (!saved.row) throw new FleetError('MASTER_WALLET__NOT_SAVED');
      // The old and the new address, and which change it was (set, swap or refresh).
      await context.audit.record({
        actor: actor.user.email,
        action: 'master_wallet.save',
        outcome: 'success',
        tenantId: actor.tenantId,
        ip: actor.ip,
        detail: {
          change: saved.change,
          ...(saved.previous !== null && saved.previous !== address
            ? { previousAddress: saved.previous }
            : {}),
          address,
        },
      });
      return toResponse(saved.row);
    },

    async clear(actor: Actor): Promise<void> {
      const removed = await withTenant(context.db, actor.tenantId, async (tx) => {
        const [row] = await tx.delete(masterWallets).returning();
        if (row) {
          await tx.insert(masterWalletHistory).values({
            tenantId: actor.tenantId,
            createdAt: historyTimestamp(),
            action: 'cleared',
            requestedBy: actor.user.email,
            triggeredVia: 'console',
            previousAddress: row.publicAddress,
            ...sealedPreviousKey(row),
          });
        }
        return row;
      });
      if (!removed) throw new FleetError('MASTER_WALLET__NOT_FOUND');
      await context.audit.record({
        actor: actor.user.email,
        action: 'master_wallet.clear',
        outcome: 'success',
        tenantId: actor.tenantId,
        ip: actor.ip,
        detail: { address: removed.publicAddress },
      });
    },

    /**
     * The one way the private key leaves the server. Every call counts against the user's key
     * requests and is audited: answered, refused by the limit, or failed (with the reason).
     */
    async reveal(actor: Actor): Promise<{ public_address: string; private_key: string }> {
      const audit = (outcome: 'success' | 'failure', detail: Record<string, unknown>) =>
        context.audit.record({
          actor: actor.user.email,
          action: 'master_wallet.reveal',
          outcome,
          tenantId: actor.tenantId,
          ip: actor.ip,
          detail,
        });
      try {
        await context.limiter.take(actor.user.id, 'keys');
      } catch (error) {
        if (isFleetError(error, 'WALLET__KEY_REQUESTS_RATE_LIMITED')) {
          const row = await withTenant(context.db, actor.tenantId, current);
          await audit('failure', {
            ...(row ? { address: row.publicAddress } : {}),
            reason: 'rate limited',
            retryAfterSeconds: error.context.retryAfterSeconds,
          });
        }
        throw error;
      }
      let revealed: { public_address: string; private_key: string } | undefined;
      try {
        revealed = await withTenant(context.db, actor.tenantId, async (tx) => {
          const row = await current(tx);
          if (!row) return undefined;
          const secretKey = await context.vault.decryptSecretKey(tx, {
            tenantId: actor.tenantId,
            address: row.publicAddress,
            ciphertext: row.encryptedKey,
            algorithm: row.keyAlgorithm,
            dataKeyVersion: row.dataKeyVersion,
          });
          try {
            return {
              public_address: row.publicAddress,
              private_key: encodePrivateKeyBase58(secretKey),
            };
          } finally {
            secretKey.fill(0);
          }
        });
      } catch (error) {
        // The key could not be opened (a vault or database fault): the attempt is still on record.
        await audit('failure', {
          reason: isFleetError(error) ? error.message : 'The key could not be decrypted',
        });
        throw error;
      }
      if (!revealed) {
        await audit('failure', { reason: NO_MASTER_WALLET });
        throw new FleetError('MASTER_WALLET__NOT_FOUND');
      }
      await audit('success', { address: revealed.public_address });
      return revealed;
    },

    async balance(actor: Actor): Promise<{ public_address: string; lamports: string }> {
      const row = await withTenant(context.db, actor.tenantId, current);
      if (!row) throw new FleetError('MASTER_WALLET__NOT_FOUND');
      const lamports = await context.chain.getBalance(row.publicAddress);
      return { public_address: row.publicAddress, lamports: lamports.toString() };
    },

    async history(
      actor: Actor,
      query: { limit: number; before?: string | undefined },
    ): Promise<MasterHistoryPage> {
      const cursor = query.before ? decodeHistoryCursor(query.before) : undefined;
      const rows = await withTenant(context.db, actor.tenantId, (tx) =>
        tx
          .select()
          .from(masterWalletHistory)
          .where(
            cursor
              ? or(
                  lt(masterWalletHistory.createdAt, cursor.createdAt),
                  and(
                    eq(masterWalletHistory.createdAt, cursor.createdAt),
                    lt(masterWalletHistory.id, cursor.id),
                  ),
                )
              : undefined,
          )
          .orderBy(desc(masterWalletHistory.createdAt), desc(masterWalletHistory.id))
          .limit(query.limit + 1),
      );
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      const hasMore = rows.length > query.limit;
      return {
        entries: page.map(toHistoryEntry),
        hasMore,
        nextCursor:
          hasMore && last ? encodeHistoryCursor({ createdAt: last.createdAt, id: last.id }) : null,
      };
    },
  };
}

export type MasterWalletService = ReturnType<typeof createMasterWalletService>;

/**
 * History times are written at millisecond precision (not the database's microseconds) so that a
 * page cursor, which carries a JavaScript Date, compares exactly with the rows it points between.
 */
function historyTimestamp(): Date {
  return new Date();
}

function toResponse(row: typeof schema.masterWallets.$inferSelect): MasterWalletResponse {
  return {
    public_address: row.publicAddress,
    has_private_key: true,
    updated_at: row.updatedAt.toISOString(),
  };
}

type SealedKey = Pick<
  typeof schema.masterWallets.$inferSelect,
  'encryptedKey' | 'keyAlgorithm' | 'dataKeyVersion'
>;

/**
 * A master's sealed key as the history keeps it: the vault's ciphertext as it was, still bound to
 * its address, so a replaced or cleared master can be revealed again (audited) and no key is
 * ever lost with one click.
 */
function sealedPreviousKey(key: SealedKey) {
  return {
    previousEncryptedKey: key.encryptedKey,
    previousKeyAlgorithm: key.keyAlgorithm,
    previousDataKeyVersion: key.dataKeyVersion,
  };
}

function sealedNewKey(key: SealedKey) {
  return {
    newEncryptedKey: key.encryptedKey,
    newKeyAlgorithm: key.keyAlgorithm,
    newDataKeyVersion: key.dataKeyVersion,
  };
}

function toHistoryEntry(row: typeof schema.masterWalletHistory.$inferSelect): MasterHistoryEntry {
  return {
    id: row.id,
    action: row.action,
    created_at: row.createdAt.toISOString(),
    requested_by: row.requestedBy,
    triggered_via: row.triggeredVia,
    previous_address: row.previousAddress,
    // Keys never travel in a page: a stored one is revealed by its own audited call.
    previous_private_key: null,
    new_address: row.newAddress,
    new_private_key: null,
    note: row.note,
    previous_key_stored: row.previousEncryptedKey !== null,
    new_key_stored: row.newEncryptedKey !== null,
  };
}
