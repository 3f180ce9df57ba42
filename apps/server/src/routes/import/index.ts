import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { getSeedGroupsRoute } from './get-seed-groups';
import { patchSeedGroupRoute } from './patch-seed-group';
import { postImportWalletsRoute } from './post-import-wallets';
import { postScanPreviewRoute } from './post-scan-preview';
import { postSeedGroupRoute } from './post-seed-group';
import { postSeedImportRoute } from './post-seed-import';
import { postValidateKeysRoute } from './post-validate-keys';

/** Registers the import routes under the prefix the caller chose (`/api`). */
export function registerImportRoutes(api: FastifyInstance, services: Services): void {
  for (const route of [
    postValidateKeysRoute,
    postScanPreviewRoute,
    postImportWalletsRoute,
    getSeedGroupsRoute,
    postSeedGroupRoute,
    patchSeedGroupRoute,
    postSeedImportRoute,
  ])
    route(api, services);
}
