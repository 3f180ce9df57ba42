import { revokeLicenseKeyRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';

/** `POST /api/admin/keys/revoke { key }`: the key stops working and its sessions end. */
export function postRevokeKeyRoute(
  app: FastifyInstance,
  { requireAdmin, licenses, audit }: Services,
): void {
  app.post('/admin/keys/revoke', async (request) => {
    await requireAdmin(request, 'admin.keys.revoke');
    const { key } = revokeLicenseKeyRequestSchema.parse(request.body);
    const { license: revoked, tenantId } = await licenses.revoke(key);
    await audit.record({
      actor: 'admin',
      action: 'admin.keys.revoke',
      outcome: 'success',
      // The licence's own tenant sees it in its audit log.
      tenantId,
      ip: request.ip,
      detail: { key },
    });
    return { success: true as const, key: revoked };
  });
}
