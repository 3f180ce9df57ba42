import { auditLogQuerySchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { requireSession } from '../../auth/request-session';
import type { Services } from '../../services';

/**
 * `GET /api/audit-log?action=&actor=&before=&limit=`: the session's tenant's audit entries,
 * newest first, a page at a time with an opaque cursor.
 */
export function getAuditLogRoute(app: FastifyInstance, { sessions, auditReader }: Services): void {
  app.get('/audit-log', async (request, reply) => {
    const session = await requireSession(request, sessions);
    const query = auditLogQuerySchema.parse(request.query);
    void reply.header('cache-control', 'no-store');
    return auditReader.page(session.tenantId, query);
  });
}
