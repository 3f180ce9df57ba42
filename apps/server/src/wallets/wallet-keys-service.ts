import {
  AUDIT_LIST_LIMIT,
  encodePrivateKeyBase58,
  isFleetError,
  type AuditAction,
  type RevealKeysResponse,
} from '@fleet/core';
import { withTenant, type FleetDatabase, type TenantDatabase } from '@fleet/db';
import type { AuditLog } from '../audit/audit-log';
import type { SecretKeyVault } from '../vault';
import { exportFileName, toCsv, type ExportedWallet } from './export-format';
import type { KeyRequestKind, KeyRequestLimiter } from './key-request-limiter';
import type { Actor } from '../http/actor';
import {
  countActiveWallets,
  listActiveAddresses,
  lockWallets,
  readExportRows,
  readSealedKeys,
  type SealedKeyRow,
} from './repository';

export interface ExportFile {
  readonly fileName: string;
  readonly contentType: string;
  readonly body: string;
}

/**
 * The only ways private keys leave the server: reveal/copy and export with keys. Each call is
 * rate limited per user and audited with its count and purpose, never the keys, whether it is
 * answered or refused by the limit; decrypted key bytes are wiped as soon as they are encoded.
 */
export function createWalletKeysService(context: {
  readonly db: FleetDatabase;
  readonly vault: SecretKeyVault;
  readonly audit: AuditLog;
  readonly limiter: KeyRequestLimiter;
  readonly now?: () => Date;
}) {
  const now = context.now ?? (() => new Date());

  async function decrypt(tx: TenantDatabase, tenantId: string, row: SealedKeyRow): Promise<string> {
    const secretKey = await context.vault.decryptSecretKey(tx, {
      tenantId,
      address: row.public_address,
      // node-postgres hands bytea over as a Buffer, PGlite as a Uint8Array: copy either.
      ciphertext: Uint8Array.from(row.encrypted_key),
      algorithm: row.key_algorithm,
      dataKeyVersion: Number(row.data_key_version),
    });
    try {
      return encodePrivateKeyBase58(secretKey);
    } finally {
      secretKey.fill(0);
    }
  }

  /**
   * Counts the call against the user's limit. A refusal is audited under the action the call
   * would have been audited under, with what was asked for, before its 429 goes back.
   */
  async function take(
    actor: Actor,
    kind: KeyRequestKind,
    refused: {
      readonly action: AuditAction;
      readonly detail: () => Record<string, unknown> | Promise<Record<string, unknown>>;
    },
  ): Promise<void> {
    try {
      await context.limiter.take(actor.user.id, kind);
    } catch (error) {
      if (isFleetError(error, 'WALLET__KEY_REQUESTS_RATE_LIMITED')) {
        await context.audit.record({
          actor: actor.user.email,
          action: refused.action,
          outcome: 'failure',
          tenantId: actor.tenantId,
          ip: actor.ip,
          detail: {
            ...(await refused.detail()),
            reason: 'rate limited',
            retryAfterSeconds: error.context.retryAfterSeconds,
          },
        });
      }
      throw error;
    }
  }

  /**
   * What a refused call asked for, for its audit entry: how many wallets (the ids given, or every
   * active wallet) and the first addresses among them; the audit log counts the rest.
   */
  async function askedFor(
    tenantId: string,
    walletIds: readonly string[] | undefined,
  ): Promise<{ count: number; addresses: string[]; addressesOmitted?: number }> {
    const ids = walletIds ? [...new Set(walletIds)] : undefined;
    return withTenant(context.db, tenantId, async (tx) => {
      const addresses = await listActiveAddresses(tx, tenantId, ids, AUDIT_LIST_LIMIT);
      let count = ids?.length ?? addresses.length;
      if (!ids && addresses.length === AUDIT_LIST_LIMIT) {
        count = await countActiveWallets(tx, tenantId);
      }
      const omitted = count - addresses.length;
      return { count, addresses, ...(omitted > 0 ? { addressesOmitted: omitted } : {}) };
    });
  }

  return {
    /** `POST /api/wallets/reveal-keys`: the base58 64-byte secret keys of active wallets. */
    async reveal(
      actor: Actor,
      input: { walletIds: readonly string[]; purpose: 'reveal' | 'copy' },
    ): Promise<RevealKeysResponse> {
      await take(actor, 'keys', {
        action: `wallet.keys.${input.purpose}`,
        detail: async () => ({
          purpose: input.purpose,
          ...(await askedFor(actor.tenantId, input.walletIds)),
        }),
      });
      const keys = await withTenant(context.db, actor.tenantId, async (tx) => {
        // 1. lock the selected wallets: all active, or nothing is revealed
        await lockWallets(tx, input.walletIds, 'active');
        // 2. open each sealed key
        const revealed = [];
        for (const row of await readSealedKeys(tx, input.walletIds)) {
          revealed.push({
            id: row.id,
            address: row.public_address,
            privateKey: await decrypt(tx, actor.tenantId, row),
          });
        }
        return revealed;
      });
      await context.audit.record({
        actor: actor.user.email,
        action: `wallet.keys.${input.purpose}`,
        outcome: 'success',
        tenantId: actor.tenantId,
        ip: actor.ip,
        detail: {
          purpose: input.purpose,
          count: keys.length,
          addresses: keys.map((key) => key.address),
        },
      });
      return { keys };
    },

    /**
     * `POST /api/wallets/export`: the selected (or all active) wallets as a CSV or JSON file;
     * private keys only when asked for (the route has checked the confirmation).
     */
    async export(
      actor: Actor,
      input: {
        walletIds?: readonly string[] | undefined;
        format: 'csv' | 'json';
        includePrivateKeys: boolean;
      },
    ): Promise<ExportFile> {
      const withKeys = input.includePrivateKeys;
      await take(actor, withKeys ? 'keys' : 'addresses', {
        action: withKeys ? 'wallet.export.keys' : 'wallet.export.addresses',
        detail: async () => ({
          format: input.format,
          includePrivateKeys: withKeys,
          scope: input.walletIds ? 'selected' : 'all',
          ...(await askedFor(actor.tenantId, input.walletIds)),
        }),
      });
      const at = now();
      const rows = await withTenant(context.db, actor.tenantId, async (tx) => {
        const ids = input.walletIds ? [...new Set(input.walletIds)] : undefined;
        // 1. lock the selected wallets, when some are chosen: all active, or nothing leaves
        if (ids) await lockWallets(tx, ids, 'active');
        // 2. their rows, and each sealed key opened when keys are asked for
        const rows = await readExportRows(tx, actor.tenantId, ids, withKeys);
        const exported: ExportedWallet[] = [];
        for (const row of rows) {
          const wallet: ExportedWallet = {
            address: row.public_address,
            name: row.name,
            source: row.source,
            tags: row.tags,
            lamports: row.lamports,
            createdAt: new Date(Number(row.created_ms)).toISOString(),
          };
          if (withKeys && row.encrypted_key && row.key_algorithm) {
            wallet.privateKey = await decrypt(tx, actor.tenantId, {
              id: row.id,
              public_address: row.public_address,
              encrypted_key: row.encrypted_key,
              key_algorithm: row.key_algorithm,
              data_key_version: Number(row.data_key_version),
            });
          }
          exported.push(wallet);
        }
        return exported;
      });
      await context.audit.record({
        actor: actor.user.email,
        action: withKeys ? 'wallet.export.keys' : 'wallet.export.addresses',
        outcome: 'success',
        tenantId: actor.tenantId,
        ip: actor.ip,
        detail: {
          format: input.format,
          includePrivateKeys: withKeys,
          scope: input.walletIds ? 'selected' : 'all',
          count: rows.length,
          addresses: rows.map((row) => row.address),
        },
      });
      return input.format === 'csv'
        ? {
            fileName: exportFileName(at, 'csv'),
            contentType: 'text/csv; charset=utf-8',
            body: toCsv(rows, withKeys),
          }
        : {
            fileName: exportFileName(at, 'json'),
            contentType: 'application/json; charset=utf-8',
            body: JSON.stringify(rows, null, 2),
          };
    },
  };
}

export type WalletKeysService = ReturnType<typeof createWalletKeysService>;
