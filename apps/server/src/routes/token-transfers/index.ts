import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { getDistributeSplTokensProgressRoute } from './get-distribute-spl-tokens-progress';
import { getWithdrawSplTokensProgressRoute } from './get-withdraw-spl-tokens-progress';
import { postDistributeSplTokensPlanRoute } from './post-distribute-spl-tokens-plan';
import { postDistributeSplTokensRoute } from './post-distribute-spl-tokens';
import { postWithdrawSplTokensPlanRoute } from './post-withdraw-spl-tokens-plan';
import { postWithdrawSplTokensRoute } from './post-withdraw-spl-tokens';

/** Registers the SPL withdraw and distribute routes under the prefix the caller chose (`/api`). */
export function registerTokenTransfersRoutes(api: FastifyInstance, services: Services): void {
  for (const route of [
    postWithdrawSplTokensPlanRoute,
    postWithdrawSplTokensRoute,
    getWithdrawSplTokensProgressRoute,
    postDistributeSplTokensPlanRoute,
    postDistributeSplTokensRoute,
    getDistributeSplTokensProgressRoute,
  ]) {
    route(api, services);
  }
}
