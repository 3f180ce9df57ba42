import {
  FleetError,
  isFleetError,
  transactionHistoryRecord,
  type TransactionHistoryFilter,
  type TransactionHistoryPage,
  type TransactionHistoryQuery,
  type TransactionRecord,
} from '@fleet/core';
import { withTenant, type FleetDatabase } from '@fleet/db';
import type { Actor } from '../http/actor';
import { decodeHistoryCursor, encodeHistoryCursor } from '../master-wallet/history-cursor';
import {
  historyPositionOf,
  readHistory,
  type HistoryPosition,
} from './transaction-history-repository';

/** Rows per query when the whole filtered history is read (the CSV): memory stays flat. */
export const HISTORY_READ_BATCH = 500;

export interface TransactionHistoryExportFilter {
  readonly filter: TransactionHistoryFilter;
  readonly wallet?: string | undefined;
}

/**
 * Every transaction the fleet sent, one record each (issue 19, spec 2 §3's transaction record),
 * newest first. Reads only: each page or batch is one short tenant transaction.
 */
export function createTransactionHistoryService(context: {
  readonly db: FleetDatabase;
  /** Rows per batch of `records`; tests make it small to cross batches. */
  readonly batchSize?: number;
}) {
  const { db } = context;
  const batchSize = context.batchSize ?? HISTORY_READ_BATCH;

  /** The transaction a cursor names, in this tenant's history only; else a bad cursor. */
  async function positionOf(actor: Actor, cursor: string): Promise<HistoryPosition> {
    let id: string;
    try {
      id = decodeHistoryCursor(cursor).id;
    } catch (error) {
      if (isFleetError(error)) {
        throw new FleetError('TRANSACTION_HISTORY__INVALID_CURSOR', {}, { cause: error });
      }
      throw error;
    }
    const position = await withTenant(db, actor.tenantId, (tx) => historyPositionOf(tx, id));
    if (!position) throw new FleetError('TRANSACTION_HISTORY__INVALID_CURSOR');
    return position;
  }

  return {
    async page(actor: Actor, query: TransactionHistoryQuery): Promise<TransactionHistoryPage> {
      // 1. where the previous page ended
      const after = query.cursor === undefined ? undefined : await positionOf(actor, query.cursor);
      // 2. one row more than the page, to know whether another follows
      const rows = await withTenant(db, actor.tenantId, (tx) =>
        readHistory(tx, {
          tenantId: actor.tenantId,
          filter: query.filter,
          wallet: query.wallet,
          after,
          limit: query.limit + 1,
        }),
      );
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        transactions: page.map(transactionHistoryRecord),
        nextCursor:
          rows.length > query.limit && last
            ? encodeHistoryCursor({ createdAt: last.createdAt, id: last.id })
            : null,
      };
    },

    /**
     * Every record the filter keeps, newest first, a batch at a time, each batch in its own
     * tenant transaction: a slow download holds no transaction open.
     */
    async *records(
      actor: Actor,
      filter: TransactionHistoryExportFilter,
    ): AsyncGenerator<TransactionRecord> {
      let after: HistoryPosition | undefined;
      for (;;) {
        const rows = await withTenant(db, actor.tenantId, (tx) =>
          readHistory(tx, {
            tenantId: actor.tenantId,
            filter: filter.filter,
            wallet: filter.wallet,
            after,
            limit: batchSize,
          }),
        );
        for (const row of rows) yield transactionHistoryRecord(row);
        const last = rows.at(-1);
        if (!last || rows.length < batchSize) return;
        after = last.position;
      }
    },
  };
}

export type TransactionHistoryService = ReturnType<typeof createTransactionHistoryService>;
