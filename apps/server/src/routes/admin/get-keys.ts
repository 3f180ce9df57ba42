import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';

/** `GET /api/admin/keys`: every licence key, newest first. */
export function getKeysRoute(app: FastifyInstance, { requireAdmin, licenses }: Services): void {
  app.get('/admin/keys', async (request, reply) => {
    await requireAdmin(request, 'admin.keys.list');
    void reply.header('cache-control', 'no-store');
    return { keys: await licenses.list() };
  });
}
