import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { getFeeSettingsRoute } from './get-fee-settings';
import { putFeeSettingsRoute } from './put-fee-settings';

/** Registers the fee settings routes under the prefix the caller chose (`/api`). */
export function registerFeesRoutes(api: FastifyInstance, services: Services): void {
  for (const route of [getFeeSettingsRoute, putFeeSettingsRoute]) route(api, services);
}
