import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { getChainConfigRoute } from './get-chain-config';

/** Registers the chain routes under the prefix the caller chose (`/api`). */
export function registerChainRoutes(api: FastifyInstance, services: Services): void {
  for (const route of [getChainConfigRoute]) route(api, services);
}
