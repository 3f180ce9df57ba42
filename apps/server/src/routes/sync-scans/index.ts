import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { deepScanRoutes } from './deep-scan-routes';
import { quickRefreshRoutes } from './quick-refresh-routes';
import { verifyRoute } from './verify-route';

/** Registers the Tokens Overview's sync scans (spec 2 §7) under the caller's prefix (`/api`). */
export function registerSyncScansRoutes(api: FastifyInstance, services: Services): void {
  for (const route of [quickRefreshRoutes, deepScanRoutes, verifyRoute]) route(api, services);
}
