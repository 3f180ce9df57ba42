import type { FastifyInstance } from 'fastify';
import { requireSession } from '../../auth/request-session';
import type { Services } from '../../services';

/** `GET /api/audit-log/filters`: the actions in the tenant's log and the users to filter by. */
export function getAuditLogFiltersRoute(
  app: FastifyInstance,
  { sessions, auditReader }: Services,
): void {
  app.get('/audit-log/filters', async (request, reply) => {
    const session = await requireSession(request, sessions);
    void reply.header('cache-control', 'no-store');
    return auditReader.filters(session.tenantId);
  });
}
