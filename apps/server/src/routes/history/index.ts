import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { getMasterWalletHistoryRoute } from './get-master-wallet-history';
import { postRevealMasterHistoryKeyRoute } from './post-reveal-master-history-key';

/** Registers the history routes under the prefix the caller chose (`/api`). */
export function registerHistoryRoutes(api: FastifyInstance, services: Services): void {
  for (const route of [getMasterWalletHistoryRoute, postRevealMasterHistoryKeyRoute])
    route(api, services);
}
