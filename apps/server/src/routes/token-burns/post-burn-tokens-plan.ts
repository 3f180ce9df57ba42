import { burnTokensPlanRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/** Room for 10,000 mints twice (scope and unpriced picks) and a large wallet list, as JSON. */
const BURN_PLAN_BODY_LIMIT_BYTES = 12 * 1024 * 1024;

/**
 * `POST /api/solana/burn-tokens/plan { walletAddresses, tokenMints?, threshold, unpricedMints,
 * rentDestination }`: the accounts read from the chain, judged at the market's prices, the burns
 * and their transactions; `{ planId, … }`.
 */
export function postBurnTokensPlanRoute(
  app: FastifyInstance,
  { sessions, burnPlans }: Services,
): void {
  app.post(
    '/solana/burn-tokens/plan',
    { bodyLimit: BURN_PLAN_BODY_LIMIT_BYTES },
    async (request) => {
      const actor = await sessionActor(request, sessions);
      const input = burnTokensPlanRequestSchema.parse(request.body ?? {});
      return burnPlans.plan(actor, input);
    },
  );
}
