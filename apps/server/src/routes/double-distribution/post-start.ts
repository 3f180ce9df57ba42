import { doubleDistributionStartRequestSchema, FleetError } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';
import { RECIPIENT_LIST_BODY_LIMIT_BYTES } from '../sol/recipients-body-limit';

/**
 * `POST /api/double-distribution/start { recipients, planId }` (spec 3 §7 plus the plan): the
 * recipients must be the plan's, in its order and amounts, or nothing starts.
 */
export function postDoubleDistributionStartRoute(
  app: FastifyInstance,
  { sessions, solExecute }: Services,
): void {
  app.post(
    '/double-distribution/start',
    { bodyLimit: RECIPIENT_LIST_BODY_LIMIT_BYTES },
    async (request, reply) => {
      const actor = await sessionActor(request, sessions);
      const input = doubleDistributionStartRequestSchema.parse(request.body);
      void reply.code(202);
      return solExecute.execute(actor, 'sol.double_distribution', input.planId, (plan) => {
        const planned = plan.recipients ?? [];
        const same =
          planned.length === input.recipients.length &&
          planned.every(
            (r, index) =>
              r.destination === input.recipients[index]?.destination &&
              BigInt(r.amountLamports) === BigInt(input.recipients[index]?.amountLamports ?? -1),
          );
        if (!same) throw new FleetError('PLAN__ALTERED', { planId: input.planId });
      });
    },
  );
}
