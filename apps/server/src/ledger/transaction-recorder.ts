// Group commit for the ledger's transaction records. A SOL operation keeps dozens of transactions
// in flight, and each one's records (signed, sent, confirmed) would otherwise be a database
// transaction of its own; on an embedded database those commits, not the chain, set the pace.

import type { LedgerTransaction } from '@fleet/core';
import { withTenant, type FleetDatabase, type TenantDatabase } from '@fleet/db';
import { recordTransaction, type RecordTransaction } from './transaction-repository';

/** A record to store, and what must commit with it in the same database transaction. */
export interface RecorderInput extends Omit<RecordTransaction, 'tenantId'> {
  /** E.g. a lookup table's address with the create that fixes it (decision 027). */
  readonly alongside?: (tx: TenantDatabase, transactionId: string) => Promise<void>;
}

interface Pending {
  readonly input: RecordTransaction;
  readonly alongside: RecorderInput['alongside'];
  readonly resolve: (stored: LedgerTransaction) => void;
  readonly reject: (error: unknown) => void;
}

export interface TransactionRecorder {
  /**
   * `recordTransaction`, committed with the records asked for while the previous commit ran.
   * Resolves once the record is committed (record, then act), and fails as it alone would.
   */
  record(input: RecorderInput): Promise<LedgerTransaction>;
}

/**
 * One commit at a time per recorder: records asked for while a commit runs wait for it and then
 * go together in the next, each under `recordTransaction`'s own compare-and-set. If that shared
 * commit fails, each of its records is tried again alone, so one stale or illegal record fails
 * only its own caller.
 */
export function createTransactionRecorder(deps: {
  readonly db: FleetDatabase;
  readonly tenantId: string;
}): TransactionRecorder {
  const { db, tenantId } = deps;
  let queue: Pending[] = [];
  let committing = false;

  /** One record and what goes with it, in the caller's database transaction. */
  const write = async (tx: TenantDatabase, pending: Pending): Promise<LedgerTransaction> => {
    const stored = await recordTransaction(tx, pending.input);
    await pending.alongside?.(tx, stored.id);
    return stored;
  };

  const alone = async (pending: Pending): Promise<void> => {
    try {
      pending.resolve(await withTenant(db, tenantId, (tx) => write(tx, pending)));
    } catch (error) {
      pending.reject(error);
    }
  };

  const commit = async (): Promise<void> => {
    committing = true;
    try {
      while (queue.length > 0) {
        const batch = queue;
        queue = [];
        if (batch.length === 1) {
          await alone(batch[0] as Pending);
          continue;
        }
        let stored: LedgerTransaction[];
        try {
          stored = await withTenant(db, tenantId, async (tx) => {
            const done: LedgerTransaction[] = [];
            for (const pending of batch) done.push(await write(tx, pending));
            return done;
          });
        } catch {
          for (const pending of batch) await alone(pending);
          continue;
        }
        batch.forEach((pending, index) => pending.resolve(stored[index] as LedgerTransaction));
      }
    } finally {
      committing = false;
    }
  };

  return {
    record({ alongside, ...input }) {
      return new Promise<LedgerTransaction>((resolve, reject) => {
        queue.push({ input: { ...input, tenantId }, alongside, resolve, reject });
        if (!committing) void commit();
      });
    },
  };
}
