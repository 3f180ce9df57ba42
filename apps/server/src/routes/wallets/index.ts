import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { deleteArchivedWalletsRoute } from './delete-archived-wallets';
import { getArchivedWalletsRoute } from './get-archived-wallets';
import { getWalletRoute } from './get-wallet';
import { getWalletListVersionRoute } from './get-wallet-list-version';
import { getWalletsRoute } from './get-wallets';
import { patchWalletRoute } from './patch-wallet';
import { postCreateWalletRoute } from './post-create-wallet';
import { postExportWalletsRoute } from './post-export-wallets';
import { postRestoreWalletsRoute } from './post-restore-wallets';
import { postRevealKeysRoute } from './post-reveal-keys';
import { postWalletHoldingsRoute } from './post-wallet-holdings';

/** Registers the wallets routes under the prefix the caller chose (`/api`). */
export function registerWalletsRoutes(api: FastifyInstance, services: Services): void {
  for (const route of [
    getWalletsRoute,
    getWalletListVersionRoute,
    getWalletRoute,
    postCreateWalletRoute,
    getArchivedWalletsRoute,
    deleteArchivedWalletsRoute,
    postRestoreWalletsRoute,
    postRevealKeysRoute,
    postExportWalletsRoute,
    patchWalletRoute,
    postWalletHoldingsRoute,
  ])
    route(api, services);
}
