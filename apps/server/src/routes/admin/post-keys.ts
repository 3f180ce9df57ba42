import { createLicenseKeysRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';

/** `POST /api/admin/keys { durationDays, tier, batch, maxUses, name }` → `{ success, keys }`. */
export function postKeysRoute(
  app: FastifyInstance,
  { requireAdmin, licenses, audit }: Services,
): void {
  app.post('/admin/keys', async (request) => {
    await requireAdmin(request, 'admin.keys.create');
    const input = createLicenseKeysRequestSchema.parse(request.body);
    const keys = await licenses.create(input);
    await audit.record({
      actor: 'admin',
      action: 'admin.keys.create',
      outcome: 'success',
      ip: request.ip,
      detail: {
        count: keys.length,
        tier: input.tier,
        maxUses: input.maxUses,
        durationDays: input.durationDays,
      },
    });
    return { success: true as const, keys };
  });
}
