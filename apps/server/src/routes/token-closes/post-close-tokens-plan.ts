import { closeTokensPlanRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/** Room for 10,000 mints and a large wallet list, as base58 text in JSON. */
const CLOSE_PLAN_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

/**
 * `POST /api/solana/close-tokens/plan { walletAddresses, tokenMints?, rentDestination }`: the
 * accounts read from the chain, the forecast and the transactions; `{ planId, … }`.
 */
export function postCloseTokensPlanRoute(
  app: FastifyInstance,
  { sessions, closePlans }: Services,
): void {
  app.post(
    '/solana/close-tokens/plan',
    { bodyLimit: CLOSE_PLAN_BODY_LIMIT_BYTES },
    async (request) => {
      const actor = await sessionActor(request, sessions);
      const input = closeTokensPlanRequestSchema.parse(request.body ?? {});
      return closePlans.plan(actor, input);
    },
  );
}
