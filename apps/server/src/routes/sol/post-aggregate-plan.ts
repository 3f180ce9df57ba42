import { aggregatePlanRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';
import { RECIPIENT_LIST_BODY_LIMIT_BYTES } from './recipients-body-limit';

/** `POST /api/sol/aggregate/plan { addresses? | walletIds?, feeStrategy }`: no wallets named means all. */
export function postAggregatePlanRoute(
  app: FastifyInstance,
  { sessions, solPlans }: Services,
): void {
  app.post(
    '/sol/aggregate/plan',
    { bodyLimit: RECIPIENT_LIST_BODY_LIMIT_BYTES },
    async (request) => {
      const actor = await sessionActor(request, sessions);
      const input = aggregatePlanRequestSchema.parse(request.body ?? {});
      return solPlans.planAggregation(actor, input);
    },
  );
}
