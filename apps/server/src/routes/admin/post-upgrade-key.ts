import { upgradeLicenseKeyRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';

/** `POST /api/admin/keys/upgrade { key, newTier?, newMaxUses? }`: up- or downgrade. */
export function postUpgradeKeyRoute(
  app: FastifyInstance,
  { requireAdmin, licenses, audit }: Services,
): void {
  app.post('/admin/keys/upgrade', async (request) => {
    await requireAdmin(request, 'admin.keys.upgrade');
    const input = upgradeLicenseKeyRequestSchema.parse(request.body);
    const { license: upgraded, tenantId } = await licenses.upgrade(input);
    await audit.record({
      actor: 'admin',
      action: 'admin.keys.upgrade',
      outcome: 'success',
      // The licence's own tenant sees it in its audit log.
      tenantId,
      ip: request.ip,
      detail: {
        key: input.key,
        newTier: input.newTier ?? null,
        newMaxUses: input.newMaxUses ?? null,
      },
    });
    return { success: true as const, key: upgraded };
  });
}
