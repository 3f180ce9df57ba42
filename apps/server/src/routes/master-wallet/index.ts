import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { deleteMasterWalletRoute } from './delete-master-wallet';
import { getMasterBalanceRoute } from './get-master-balance';
import { getMasterHoldingsRoute } from './get-master-holdings';
import { getMasterWalletRoute } from './get-master-wallet';
import { patchMasterWalletRoute } from './patch-master-wallet';
import { postRevealMasterWalletRoute } from './post-reveal-master-wallet';

/** Registers the master wallet routes under the prefix the caller chose (`/api`). */
export function registerMasterWalletRoutes(api: FastifyInstance, services: Services): void {
  for (const route of [
    getMasterWalletRoute,
    patchMasterWalletRoute,
    deleteMasterWalletRoute,
    postRevealMasterWalletRoute,
    getMasterBalanceRoute,
    getMasterHoldingsRoute,
  ])
    route(api, services);
}
