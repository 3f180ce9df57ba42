import { Readable } from 'node:stream';
import { transactionHistoryQuerySchema, type TransactionRecord } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';
import {
  transactionHistoryCsv,
  transactionHistoryFileName,
} from '../../transaction-history/transaction-history-csv';

/**
 * `GET /api/transactions.csv?filter=&wallet=`: the filtered history as a CSV download, streamed a
 * batch at a time (paging is ignored: the file holds every record). The first batch is read
 * before the answer starts, so a failure to read is still an error answer, not a cut-off file.
 */
export function getTransactionsCsvRoute(
  app: FastifyInstance,
  { sessions, transactionHistory }: Services,
): void {
  app.get('/transactions.csv', async (request, reply) => {
    const actor = await sessionActor(request, sessions);
    const query = transactionHistoryQuerySchema.parse(request.query);
    const records = transactionHistory.records(actor, {
      filter: query.filter,
      wallet: query.wallet,
    });
    const first = await records.next();
    async function* all(): AsyncGenerator<TransactionRecord> {
      if (first.done) return;
      yield first.value;
      yield* records;
    }
    return reply
      .header('cache-control', 'no-store')
      .header(
        'content-disposition',
        `attachment; filename="${transactionHistoryFileName(new Date())}"`,
      )
      .type('text/csv; charset=utf-8')
      .send(Readable.from(transactionHistoryCsv(all())));
  });
}
