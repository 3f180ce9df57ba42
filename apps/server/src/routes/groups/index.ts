import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { deleteGroupRoute } from './delete-group';
import { getGroupWalletsRoute } from './get-group-wallets';
import { getGroupsRoute } from './get-groups';
import { patchGroupRoute } from './patch-group';
import { postGroupRoute } from './post-group';

/** Registers the groups routes under the prefix the caller chose (`/api`). */
export function registerGroupsRoutes(api: FastifyInstance, services: Services): void {
  for (const route of [
    getGroupsRoute,
    postGroupRoute,
    patchGroupRoute,
    deleteGroupRoute,
    getGroupWalletsRoute,
  ])
    route(api, services);
}
