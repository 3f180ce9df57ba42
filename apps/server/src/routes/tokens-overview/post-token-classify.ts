import { tokenClassifyBodySchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/** Room for TOKEN_CLASSIFY_MAX_MINTS base58 mints in JSON. */
const CLASSIFY_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * `POST /api/scan/token-classify { mints? }` (spec 2 §2.5 Classify Tokens, §7; issue 20): the
 * digital-asset API's class of each mint, stored; `{ requested, classified, degraded, reason }`.
 */
export function postTokenClassifyRoute(
  app: FastifyInstance,
  { sessions, tokenClassify }: Services,
): void {
  app.post('/scan/token-classify', { bodyLimit: CLASSIFY_BODY_LIMIT_BYTES }, async (request) => {
    const actor = await sessionActor(request, sessions);
    const body = tokenClassifyBodySchema.parse(request.body ?? {});
    return tokenClassify.classify(actor, body);
  });
}
