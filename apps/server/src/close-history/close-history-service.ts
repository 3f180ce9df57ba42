import {
  closeProfitLamports,
  FleetError,
  type CloseHistoryFilter,
  type CloseHistoryPage,
  type CloseHistoryQuery,
  type CloseHistoryRecord,
} from '@fleet/core';
import { withTenant, type FleetDatabase } from '@fleet/db';
import type { Actor } from '../http/actor';
import { decodeHistoryCursor, encodeHistoryCursor } from '../master-wallet/history-cursor';
import {
  closePositionOf,
  readCloses,
  sumCloses,
  type ClosePosition,
  type CloseRecordRow,
} from './close-history-repository';

/** Rows per query when the whole filtered history is read (the CSV): memory stays flat. */
export const CLOSE_HISTORY_READ_BATCH = 500;

/**
 * The close history (issue 19) as the page and the CSV read it. Reads only: the closes are
 * written by the close and burn operations through `recordTokenAccountCloses`.
 */
export function createCloseHistoryService(context: { readonly db: FleetDatabase }) {
  const { db } = context;

  return {
    /** A page, newest first, with the totals of everything the filter matches. */
    async page(actor: Actor, query: CloseHistoryQuery): Promise<CloseHistoryPage> {
      return withTenant(db, actor.tenantId, async (tx) => {
        // 1. where the previous page ended: a close of this tenant, or the cursor is refused
        let position: ClosePosition | undefined;
        if (query.cursor !== undefined) {
          position = await closePositionOf(tx, cursorId(query.cursor));
          if (!position) throw new FleetError('CLOSE_HISTORY__INVALID_CURSOR');
        }
        // 2. one more row than the page, to know whether another follows
        const rows = await readCloses(tx, query, position, query.limit + 1);
        const page = rows.slice(0, query.limit);
        const last = page.at(-1);
        // 3. the totals of the whole filtered set, in the same snapshot as the page
        const sums = await sumCloses(tx, query);
        return {
          records: page.map(toRecord),
          nextCursor:
            rows.length > query.limit && last
              ? encodeHistoryCursor({ createdAt: last.closedAt, id: last.id })
              : null,
          totals: {
            accounts: sums.accounts,
            rentLamports: sums.rentLamports.toString(),
            feeLamports: sums.feeLamports.toString(),
            profitLamports: closeProfitLamports(sums.rentLamports, sums.feeLamports).toString(),
          },
        };
      });
    },

    /**
     * Every close the filter matches, newest first, a batch per short tenant transaction: a
     * download never holds a transaction open while the client reads.
     */
    async *records(actor: Actor, filter: CloseHistoryFilter): AsyncGenerator<CloseHistoryRecord> {
      let position: ClosePosition | undefined;
      for (;;) {
        const rows = await withTenant(db, actor.tenantId, (tx) =>
          readCloses(tx, filter, position, CLOSE_HISTORY_READ_BATCH),
        );
        for (const row of rows) yield toRecord(row);
        const last = rows.at(-1);
        if (!last || rows.length < CLOSE_HISTORY_READ_BATCH) return;
        position = { closedAt: last.exactClosedAt, id: last.id };
      }
    },
  };
}

export type CloseHistoryService = ReturnType<typeof createCloseHistoryService>;

/** The id a cursor names; the time it carries is only its shape (the stored time is exact). */
function cursorId(cursor: string): string {
  try {
    return decodeHistoryCursor(cursor).id;
  } catch (error) {
    throw new FleetError('CLOSE_HISTORY__INVALID_CURSOR', {}, { cause: error });
  }
}

function toRecord(row: CloseRecordRow): CloseHistoryRecord {
  return {
    id: row.id,
    closed_at: row.closedAt.toISOString(),
    wallet_address: row.walletAddress,
    mint_address: row.mint,
    token_account: row.tokenAccount,
    program: row.program,
    rent_lamports: row.rentLamports.toString(),
    fee_lamports: row.feeLamports.toString(),
    profit_lamports: closeProfitLamports(row.rentLamports, row.feeLamports).toString(),
    burned_raw: row.burnedRaw,
    tx_signature: row.signature,
  };
}
