import { distributeSplTokensPlanRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';
import { RECIPIENT_LIST_BODY_LIMIT_BYTES } from '../sol/recipients-body-limit';

/**
 * `POST /api/distribute-spl-tokens/plan { mint, unit, amountEach?, recipients }`: the master's
 * tokens and the recipients' accounts read from the chain, what each receives and what it costs;
 * `{ planId, … }`.
 */
export function postDistributeSplTokensPlanRoute(
  app: FastifyInstance,
  { sessions, tokenTransferPlans }: Services,
): void {
  app.post(
    '/distribute-spl-tokens/plan',
    { bodyLimit: RECIPIENT_LIST_BODY_LIMIT_BYTES },
    async (request) => {
      const actor = await sessionActor(request, sessions);
      const input = distributeSplTokensPlanRequestSchema.parse(request.body);
      return tokenTransferPlans.planDistribution(actor, input);
    },
  );
}
