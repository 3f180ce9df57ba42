import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { deleteTagRoute } from './delete-tag';
import { getTagsRoute } from './get-tags';
import { patchTagRoute } from './patch-tag';
import { postAssignTagsRoute } from './post-assign-tags';
import { postTagRoute } from './post-tag';
import { postUnassignTagsRoute } from './post-unassign-tags';

/** Registers the tags routes under the prefix the caller chose (`/api`). */
export function registerTagsRoutes(api: FastifyInstance, services: Services): void {
  for (const route of [
    getTagsRoute,
    postTagRoute,
    patchTagRoute,
    deleteTagRoute,
    postAssignTagsRoute,
    postUnassignTagsRoute,
  ])
    route(api, services);
}
