import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { getOperationRoute } from './get-operation';
import { getOperationsRoute } from './get-operations';

/** Registers the operations routes under the prefix the caller chose (`/api`). */
export function registerOperationsRoutes(api: FastifyInstance, services: Services): void {
  for (const route of [getOperationsRoute, getOperationRoute]) route(api, services);
}
