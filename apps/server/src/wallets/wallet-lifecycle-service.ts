import {
  FleetError,
  fundsNeedConfirmation,
  summarizeFunds,
  type ArchivedWallet,
  type CreateWalletsResponse,
  type WalletHoldingsResponse,
} from '@fleet/core';
import { schema, withTenant, type FleetDatabase } from '@fleet/db';
import { sql } from 'drizzle-orm';
import type { AuditLog } from '../audit/audit-log';
import type { SecretKeyVault } from '../vault';
import { generateWalletKeypair } from './generate-keypair';
import type { Actor } from '../http/actor';
import { readWalletFunds, readWalletHoldings } from './wallet-holdings';
import { selectWallets, uuidArray } from './wallet-selection';

/** Creating, archiving, restoring and deleting wallets: each call one transaction, audited. */
export function createWalletLifecycleService(context: {
  readonly db: FleetDatabase;
  readonly vault: SecretKeyVault;
  readonly audit: AuditLog;
  readonly generateKeypair?: typeof generateWalletKeypair;
  readonly now?: () => Date;
}) {
  const { wallets, importBatches } = schema;
  const generate = context.generateKeypair ?? generateWalletKeypair;
  const now = context.now ?? (() => new Date());

  return {
    /**
     * `POST /api/create-wallet`: `count` keypairs made here, sealed at once and wiped, written as
     * one 'manual' import batch so the list shows them with the 'new' badge.
     */
    async create(
      actor: Actor,
      input: { count: number; isTrader: boolean },
    ): Promise<CreateWalletsResponse> {
      const created = await withTenant(context.db, actor.tenantId, async (tx) => {
        const [batch] = await tx
          .insert(importBatches)
          .values({ tenantId: actor.tenantId, sourceKind: 'manual', created: input.count })
          .returning({ id: importBatches.id });
        if (!batch) throw new FleetError('WALLET__BATCH_NOT_CREATED');
        // A keypair made this instant has no account on chain: 0 lamports is known, not guessed,
        // and known since its creation. Without it the row would read "never scanned" and count
        // as Empty for a reason the operator cannot act on.
        const createdAt = now();
        const values = [];
        for (let index = 0; index < input.count; index += 1) {
          const { address, secretKey } = generate();
          try {
            const seal = await context.vault.encryptSecretKey(tx, {
              tenantId: actor.tenantId,
              address,
              secretKey,
            });
            values.push({
              tenantId: actor.tenantId,
              publicAddress: address,
              encryptedKey: seal.ciphertext,
              keyAlgorithm: seal.algorithm,
              dataKeyVersion: seal.dataKeyVersion,
              sourceKind: 'manual',
              importBatchId: batch.id,
              isTrader: input.isTrader,
              importStatus: 'new',
              lamports: 0n,
              createdAt,
              lastScannedAt: createdAt,
            });
          } finally {
            secretKey.fill(0);
          }
        }
        const rows = await tx
          .insert(wallets)
          .values(values)
          .returning({ id: wallets.id, address: wallets.publicAddress });
        return { batchId: batch.id, wallets: rows };
      });
      await context.audit.recordSuccess(actor, 'wallet.create', {
        batchId: created.batchId,
        count: created.wallets.length,
        isTrader: input.isTrader,
        addresses: created.wallets.map((wallet) => wallet.address),
      });
      return created;
    },

    /** `GET /api/archived-wallets`: newest archive first. */
    async listArchived(actor: Actor): Promise<ArchivedWallet[]> {
      const result = await withTenant(context.db, actor.tenantId, (tx) =>
        tx.execute<{ id: string; public_address: string; archived_ms: number | string }>(sql`
          select id, public_address, (extract(epoch from archived_at) * 1000)::float8 as archived_ms
          from wallets
          where tenant_id = ${actor.tenantId}::uuid and archived_at is not null
          order by archived_at desc, id`),
      );
      return result.rows.map((row) => ({
        id: row.id,
        public_address: row.public_address,
        archived_at: new Date(Number(row.archived_ms)).toISOString(),
      }));
    },

    /** Soft delete of active wallets; all of them or none. */
    async archive(actor: Actor, walletIds: readonly string[]): Promise<number> {
      const selected = await withTenant(context.db, actor.tenantId, async (tx) => {
        const rows = await selectWallets(tx, walletIds, 'active');
        if (rows.some((row) => row.is_master)) {
          throw new FleetError('WALLET__MASTER_NOT_ARCHIVABLE');
        }
        await tx.execute(sql`
          update wallets set archived_at = ${now().toISOString()}::timestamptz, updated_at = now()
          where id = any(${uuidArray(rows.map((row) => row.id))})`);
        return rows;
      });
      await context.audit.recordSuccess(actor, 'wallet.archive', {
        count: selected.length,
        addresses: selected.map((row) => row.public_address),
      });
      return selected.length;
    },

    /** `POST /api/wallets/holdings`: what the wallets held at their last scan, with totals. */
    async holdings(actor: Actor, walletIds: readonly string[]): Promise<WalletHoldingsResponse> {
      const unique = [...new Set(walletIds)];
      const wallets = await withTenant(context.db, actor.tenantId, (tx) =>
        readWalletHoldings(tx, unique),
      );
      return {
        wallets,
        summary: summarizeFunds(wallets),
        missing: unique.length - wallets.length,
      };
    },

    /**
     * Permanent deletion of archived wallets with their token accounts and tag/group links. When
     * any of them holds funds (or was never scanned), `confirmFunded` must be the number of
     * wallets being deleted: their keys are destroyed, and with them the funds.
     */
    async deletePermanently(
      actor: Actor,
      walletIds: readonly string[],
      confirmFunded?: number,
    ): Promise<number> {
      const outcome = await withTenant(context.db, actor.tenantId, async (tx) => {
        const rows = await selectWallets(tx, walletIds, 'archived');
        if (rows.some((row) => row.is_master)) {
          throw new FleetError('WALLET__MASTER_NOT_DELETABLE');
        }
        // Judged under the rows' lock, so what is judged is what is deleted.
        const funds = summarizeFunds(
          await readWalletFunds(
            tx,
            rows.map((row) => row.id),
          ),
        );
        if (fundsNeedConfirmation(funds) && confirmFunded !== rows.length) {
          return { deleted: false as const, rows, funds };
        }
        const ids = uuidArray(rows.map((row) => row.id));
        await tx.execute(sql`delete from wallet_token_accounts where wallet_id = any(${ids})`);
        await tx.execute(sql`delete from wallet_tags where wallet_id = any(${ids})`);
        await tx.execute(sql`delete from wallet_group_members where wallet_id = any(${ids})`);
        await tx.execute(sql`delete from wallets where id = any(${ids})`);
        return { deleted: true as const, rows, funds };
      });
      const { rows, funds } = outcome;
      const detail = {
        count: rows.length,
        funded: funds.funded,
        unscanned: funds.unscanned,
        lamports: funds.lamports,
        tokenAccountsWithBalance: funds.tokenAccountsWithBalance,
        addresses: rows.map((row) => row.public_address),
      };
      if (!outcome.deleted) {
        await context.audit.record({
          actor: actor.user.email,
          action: 'wallet.delete_permanently',
          outcome: 'failure',
          tenantId: actor.tenantId,
          ip: actor.ip,
          detail: { ...detail, reason: 'funded wallets not confirmed' },
        });
        throw new FleetError('WALLET__FUNDED_DELETE_UNCONFIRMED', { wallets: rows.length, funds });
      }
      await context.audit.recordSuccess(actor, 'wallet.delete_permanently', detail);
      return rows.length;
    },

    /** `POST /api/restore-wallets`: archived wallets back to the list; all of them or none. */
    async restore(actor: Actor, walletIds: readonly string[]): Promise<number> {
      const selected = await withTenant(context.db, actor.tenantId, async (tx) => {
        const rows = await selectWallets(tx, walletIds, 'archived');
        await tx.execute(sql`
          update wallets set archived_at = null, updated_at = now()
          where id = any(${uuidArray(rows.map((row) => row.id))})`);
        return rows;
      });
      await context.audit.recordSuccess(actor, 'wallet.restore', {
        count: selected.length,
        addresses: selected.map((row) => row.public_address),
      });
      return selected.length;
    },
  };
}

export type WalletLifecycleService = ReturnType<typeof createWalletLifecycleService>;
