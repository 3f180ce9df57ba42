import { updateFeeSettingsRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/**
 * `PUT /api/settings/fees { maxMicroLamportsPerUnit: "2000" | null }`: sets or clears the tenant's
 * cap (0 to 1,000,000 micro-lamports per compute unit) and answers the settings as GET does.
 */
export function putFeeSettingsRoute(
  app: FastifyInstance,
  { sessions, feeSettings }: Services,
): void {
  app.put('/settings/fees', async (request) => {
    const actor = await sessionActor(request, sessions);
    const input = updateFeeSettingsRequestSchema.parse(request.body);
    return feeSettings.update(actor, input);
  });
}
