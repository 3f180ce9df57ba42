import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { getNotificationsRoute } from './get-notifications';

/** Registers the notifications routes under the prefix the caller chose (`/api`). */
export function registerNotificationsRoutes(api: FastifyInstance, services: Services): void {
  for (const route of [getNotificationsRoute]) route(api, services);
}
