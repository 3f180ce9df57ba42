import {
  FleetError,
  fundsNeedConfirmation,
  summarizeFunds,
  type ArchivedWallet,
  type CreateWalletsResponse,
  type WalletHoldingsResponse,
} from '@fleet/core';
import { schema, withTenant, type FleetDatabase } from '@fleet/db';
import type { AuditLog } from '../audit/audit-log';
import type { SecretKeyVault } from '../vault';
import { generateWalletKeypair } from './generate-keypair';
import type { Actor } from '../http/actor';
import {
  deleteWallets,
  insertWallets,
  listArchivedWallets,
  lockWallets,
  readWalletFunds,
  readWalletHoldings,
  setArchivedAt,
  type NewWallet,
} from './repository';

/** Creating, archiving, restoring and deleting wallets: each call one transaction, audited. */
export function createWalletLifecycleService(context: {
  readonly db: FleetDatabase;
  readonly vault: SecretKeyVault;
  readonly audit: AuditLog;
  readonly generateKeypair?: typeof generateWalletKeypair;
  readonly now?: () => Date;
}) {
  const { importBatches } = schema;
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
        const values: NewWallet[] = [];
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
        return { batchId: batch.id, wallets: await insertWallets(tx, values) };
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
      return withTenant(context.db, actor.tenantId, (tx) =>
        listArchivedWallets(tx, actor.tenantId),
      );
    },

    /** Soft delete of active wallets; all of them or none. */
    async archive(actor: Actor, walletIds: readonly string[]): Promise<number> {
      const selected = await withTenant(context.db, actor.tenantId, async (tx) => {
        // 1. lock the selected wallets; the master wallet stays
        const rows = await lockWallets(tx, walletIds, 'active');
        if (rows.some((row) => row.is_master)) {
          throw new FleetError('WALLET__MASTER_NOT_ARCHIVABLE');
        }
        // 2. archive them
        await setArchivedAt(
          tx,
          rows.map((row) => row.id),
          now(),
        );
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
        // 1. lock the selected wallets; the master wallet stays
        const rows = await lockWallets(tx, walletIds, 'archived');
        if (rows.some((row) => row.is_master)) {
          throw new FleetError('WALLET__MASTER_NOT_DELETABLE');
        }
        // 2. judge their funds under the rows' lock, so what is judged is what is deleted
        const funds = summarizeFunds(
          await readWalletFunds(
            tx,
            rows.map((row) => row.id),
          ),
        );
        if (fundsNeedConfirmation(funds) && confirmFunded !== rows.length) {
          return { deleted: false as const, rows, funds };
        }
        // 3. delete them with everything that points at them
        await deleteWallets(
          tx,
          rows.map((row) => row.id),
        );
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
        // 1. lock the selected wallets; 2. bring them back
        const rows = await lockWallets(tx, walletIds, 'archived');
        await setArchivedAt(
          tx,
          rows.map((row) => row.id),
          null,
        );
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
