import { Readable } from 'node:stream';
import { closeHistoryFilterSchema, type CloseHistoryRecord } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { closeHistoryCsv, closeHistoryFileName } from '../../close-history';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/**
 * `GET /api/close-history.csv?wallet=&mint=&from=&to=`: the filtered history as a CSV download,
 * streamed a batch at a time. The first batch is read before the answer starts, so a failure to
 * read is still an error answer rather than a cut-off file.
 */
export function getCloseHistoryCsvRoute(
  app: FastifyInstance,
  { sessions, closeHistory }: Services,
): void {
  app.get('/close-history.csv', async (request, reply) => {
    const actor = await sessionActor(request, sessions);
    const filter = closeHistoryFilterSchema.parse(request.query);
    const records = closeHistory.records(actor, filter);
    const first = await records.next();
    async function* all(): AsyncGenerator<CloseHistoryRecord> {
      if (first.done) return;
      yield first.value;
      yield* records;
    }
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${closeHistoryFileName(new Date())}"`)
      .type('text/csv; charset=utf-8')
      .send(Readable.from(closeHistoryCsv(all())));
  });
}
