import { Readable } from 'node:stream';
import { auditLogFilterSchema, type AuditLogEntry } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { auditLogCsv, auditLogFileName } from '../../audit/audit-log-csv';
import { requireSession } from '../../auth/request-session';
import type { Services } from '../../services';

/**
 * `GET /api/audit-log.csv?action=&actor=`: the filtered log as a CSV download, streamed a batch
 * of entries at a time. The first batch is read before the answer starts, so a failure to read
 * the log is still an error answer rather than a cut-off file.
 */
export function getAuditLogCsvRoute(
  app: FastifyInstance,
  { sessions, auditReader }: Services,
): void {
  app.get('/audit-log.csv', async (request, reply) => {
    const session = await requireSession(request, sessions);
    const filter = auditLogFilterSchema.parse(request.query);
    const entries = auditReader.entries(session.tenantId, filter);
    const first = await entries.next();
    async function* all(): AsyncGenerator<AuditLogEntry> {
      if (first.done) return;
      yield first.value;
      yield* entries;
    }
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${auditLogFileName(new Date())}"`)
      .type('text/csv; charset=utf-8')
      .send(Readable.from(auditLogCsv(all())));
  });
}
