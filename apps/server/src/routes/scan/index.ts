import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { getScanDetailsRoute } from './get-scan-details';
import { getScanSolBalancesRoute } from './get-scan-sol-balances';

/** Registers the scan routes under the prefix the caller chose (`/api`). */
export function registerScanRoutes(api: FastifyInstance, services: Services): void {
  for (const route of [getScanDetailsRoute, getScanSolBalancesRoute]) route(api, services);
}
