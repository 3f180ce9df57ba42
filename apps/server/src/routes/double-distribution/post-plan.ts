import { doubleDistributionPlanRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';
import { RECIPIENT_LIST_BODY_LIMIT_BYTES } from '../sol/recipients-body-limit';

/** `POST /api/double-distribution/plan { recipients: [{ destination, amountLamports }] }`. */
export function postDoubleDistributionPlanRoute(
  app: FastifyInstance,
  { sessions, solPlans }: Services,
): void {
  app.post(
    '/double-distribution/plan',
    { bodyLimit: RECIPIENT_LIST_BODY_LIMIT_BYTES },
    async (request) => {
      const actor = await sessionActor(request, sessions);
      const input = doubleDistributionPlanRequestSchema.parse(request.body);
      return solPlans.planDoubleDistribution(actor, input.recipients, input.retryOf);
    },
  );
}
