import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { postScanAssetsRoute } from './post-scan-assets';

/** Registers the GetAssets scan route under the prefix the caller chose (`/api`). */
export function registerAssetScanRoutes(api: FastifyInstance, services: Services): void {
  postScanAssetsRoute(api, services);
}
