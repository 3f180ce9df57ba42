import { importWalletsRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';
import { IMPORT_BODY_LIMIT_BYTES } from './import-body-limit';

/** `POST /api/wallet { privateKeys, preview? }`: created, restored and unchanged counts. */
export function postImportWalletsRoute(
  app: FastifyInstance,
  { sessions, walletImport }: Services,
): void {
  app.post('/wallet', { bodyLimit: IMPORT_BODY_LIMIT_BYTES }, async (request) => {
    const actor = await sessionActor(request, sessions);
    const input = importWalletsRequestSchema.parse(request.body);
    return walletImport.importKeys(actor, input);
  });
}
