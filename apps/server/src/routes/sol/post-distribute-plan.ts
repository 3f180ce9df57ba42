import { distributePlanRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';
import { RECIPIENT_LIST_BODY_LIMIT_BYTES } from './recipients-body-limit';

/**
 * `POST /api/sol/distribute/plan { recipients: [{ address | walletId, amountSol }], lookupTable? }`:
 * the plan, nothing sent.
 */
export function postDistributePlanRoute(
  app: FastifyInstance,
  { sessions, solPlans }: Services,
): void {
  app.post(
    '/sol/distribute/plan',
    { bodyLimit: RECIPIENT_LIST_BODY_LIMIT_BYTES },
    async (request) => {
      const actor = await sessionActor(request, sessions);
      const input = distributePlanRequestSchema.parse(request.body);
      return solPlans.planDistribution(actor, input.recipients, {
        retryOf: input.retryOf,
        lookupTable: input.lookupTable,
      });
    },
  );
}
