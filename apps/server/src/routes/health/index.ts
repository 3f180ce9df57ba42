import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { getHealthRoute } from './get-health';

/** Registers the health routes under the prefix the caller chose (`/api`). */
export function registerHealthRoutes(api: FastifyInstance, services: Services): void {
  for (const route of [getHealthRoute]) route(api, services);
}
