import { FleetError, MAX_OPERATION_WALLETS } from '@fleet/core';
import type { TenantDatabase } from '@fleet/db';
import { z } from 'zod';
import type { SecretKeyVault } from '../vault';
import { generateWalletKeypair } from '../wallets/generate-keypair';
import type { NewWallet } from '../wallets/repository';
import {
  insertMiddlemanChunk,
  linkMiddlemenToOperation,
  middlemenOfOperation,
  MIDDLEMAN_INSERT_CHUNK,
  operationExists,
  readMiddlemanLinks,
  type MiddlemanWallet,
} from './middleman-repository';

/** At most one middleman per recipient, and a two-hop distribution has at most this many. */
export const MAX_MIDDLEMEN_PER_CALL = MAX_OPERATION_WALLETS;

const createInputSchema = z.object({
  tenantId: z.string().uuid(),
  createdBy: z.string().uuid().nullable(),
});
const walletIdsSchema = z.array(z.string().uuid());
const operationIdSchema = z.string().uuid();

export interface CreateMiddlemenInput {
  readonly tenantId: string;
  /** How many: one per recipient of the two-hop distribution being planned. */
  readonly count: number;
  /** The user planning it (a user id), or null for the system. */
  readonly createdBy: string | null;
}

/**
 * Middlemen of two-hop distributions (issue 17): fresh keypairs generated here, sealed in the vault
 * as wallets of the `middleman` source before any SOL moves, each serving one recipient of one
 * operation for ever. Every call takes the caller's tenant-bound transaction (`withTenant`): the
 * plan service creates them in the transaction that stores its plan, so the keys are committed
 * before the plan that pays them is, and the execute step links them in the transaction that
 * creates the operation. The caller writes the audit entry (it knows the actor and the plan).
 */
export function createMiddlemanService(context: {
  readonly vault: SecretKeyVault;
  readonly generateKeypair?: typeof generateWalletKeypair;
  readonly now?: () => Date;
}) {
  const generate = context.generateKeypair ?? generateWalletKeypair;
  const now = context.now ?? (() => new Date());

  /**
   * Refuses, with a coded error, wallets that are not the tenant's middlemen or have served an
   * operation already, and a wallet named twice (two recipients for one middleman).
   */
  async function requireUnused(
    tx: TenantDatabase,
    walletIds: readonly string[],
    options: { readonly lock: boolean },
  ): Promise<void> {
    const ids = walletIdsSchema.parse(walletIds);
    const seen = new Set<string>();
    for (const id of ids) {
      if (seen.has(id)) throw new FleetError('MIDDLEMAN__ALREADY_USED', { walletId: id });
      seen.add(id);
    }
    const links = new Map(
      (await readMiddlemanLinks(tx, ids, options)).map((link) => [link.walletId, link]),
    );
    for (const id of ids) {
      const link = links.get(id);
      if (!link) throw new FleetError('MIDDLEMAN__NOT_FOUND', { walletId: id });
      if (link.operationId !== null) {
        throw new FleetError('MIDDLEMAN__ALREADY_USED', { walletId: id });
      }
    }
  }

  return {
    /**
     * `count` fresh middlemen, generated, sealed and written in chunks of
     * `MIDDLEMAN_INSERT_CHUNK` (one INSERT per chunk and table, never one per wallet); their
     * wallet ids and addresses in the order made. Each secret key is wiped once sealed.
     */
    async createMiddlemen(
      tx: TenantDatabase,
      input: CreateMiddlemenInput,
    ): Promise<MiddlemanWallet[]> {
      const { count } = input;
      if (!Number.isSafeInteger(count) || count < 1 || count > MAX_MIDDLEMEN_PER_CALL) {
        throw new FleetError('MIDDLEMAN__COUNT_OUT_OF_RANGE', {
          count,
          max: MAX_MIDDLEMEN_PER_CALL,
        });
      }
      const { tenantId, createdBy } = createInputSchema.parse(input);
      // A keypair made this instant has no account on chain: 0 lamports is known, not guessed
      // (as for created wallets), so a middleman never reads "never scanned".
      const createdAt = now();
      const made: MiddlemanWallet[] = [];
      for (let start = 0; start < count; start += MIDDLEMAN_INSERT_CHUNK) {
        const size = Math.min(MIDDLEMAN_INSERT_CHUNK, count - start);
        const wallets: NewWallet[] = [];
        for (let index = 0; index < size; index += 1) {
          const { address, secretKey } = generate();
          try {
            const seal = await context.vault.encryptSecretKey(tx, { tenantId, address, secretKey });
            wallets.push({
              tenantId,
              publicAddress: address,
              encryptedKey: seal.ciphertext,
              keyAlgorithm: seal.algorithm,
              dataKeyVersion: seal.dataKeyVersion,
              sourceKind: 'middleman',
              lamports: 0n,
              createdAt,
              lastScannedAt: createdAt,
            });
          } finally {
            secretKey.fill(0);
          }
        }
        made.push(...(await insertMiddlemanChunk(tx, { tenantId, createdBy, createdAt, wallets })));
      }
      return made;
    },

    /**
     * Binds middlemen to the operation they serve, for ever: under a row lock, every wallet must
     * be an unlinked middleman of the tenant, named once; otherwise nothing is linked and the
     * coded error says which wallet. The operation must be the tenant's.
     */
    async linkMiddlemen(
      tx: TenantDatabase,
      operationId: string,
      walletIds: readonly string[],
    ): Promise<void> {
      const operation = operationIdSchema.parse(operationId);
      if (!(await operationExists(tx, operation))) {
        throw new FleetError('OPERATION__NOT_FOUND', { operationId: operation });
      }
      await requireUnused(tx, walletIds, { lock: true });
      const linked = await linkMiddlemenToOperation(tx, operation, walletIds, now());
      // Under the lock nothing can link them meanwhile; a difference is a bug, not a race.
      if (linked !== walletIds.length) {
        throw new Error(`linkMiddlemen linked ${linked} of ${walletIds.length} middlemen`);
      }
    },

    /**
     * The guard on its own, without a lock: refuses wallets that are not the tenant's middlemen,
     * or that already serve an operation, or are named twice. For a planner checking a plan it is
     * about to store; linking checks again under the lock.
     */
    async requireUnusedMiddlemen(tx: TenantDatabase, walletIds: readonly string[]): Promise<void> {
      await requireUnused(tx, walletIds, { lock: false });
    },

    /** The middlemen an operation was given, with their addresses (for its report and sweeps). */
    async middlemenOf(tx: TenantDatabase, operationId: string): Promise<MiddlemanWallet[]> {
      return middlemenOfOperation(tx, operationIdSchema.parse(operationId));
    },
  };
}

export type MiddlemanService = ReturnType<typeof createMiddlemanService>;
