import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { getKeysRoute } from './get-keys';
import { postKeysRoute } from './post-keys';
import { postRevokeKeyRoute } from './post-revoke-key';
import { postUpgradeKeyRoute } from './post-upgrade-key';

/** Registers the admin routes under the prefix the caller chose (`/api`). */
export function registerAdminRoutes(api: FastifyInstance, services: Services): void {
  for (const route of [getKeysRoute, postKeysRoute, postRevokeKeyRoute, postUpgradeKeyRoute])
    route(api, services);
}
