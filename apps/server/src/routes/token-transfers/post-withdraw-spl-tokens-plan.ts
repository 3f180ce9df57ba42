import { withdrawSplTokensPlanRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/** Room for a large wallet list and 10,000 mints, as base58 text in JSON. */
const WITHDRAW_PLAN_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

/**
 * `POST /api/withdraw-spl-tokens/plan { publicAddresses, tokenMints?, closeEmptied }`: the
 * wallets' token accounts read from the chain, what moves to the master and what it costs;
 * `{ planId, … }`.
 */
export function postWithdrawSplTokensPlanRoute(
  app: FastifyInstance,
  { sessions, tokenTransferPlans }: Services,
): void {
  app.post(
    '/withdraw-spl-tokens/plan',
    { bodyLimit: WITHDRAW_PLAN_BODY_LIMIT_BYTES },
    async (request) => {
      const actor = await sessionActor(request, sessions);
      const input = withdrawSplTokensPlanRequestSchema.parse(request.body ?? {});
      return tokenTransferPlans.planWithdrawal(actor, input);
    },
  );
}
