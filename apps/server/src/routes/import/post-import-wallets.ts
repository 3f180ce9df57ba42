import { importWalletsRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../master-wallet/session-actor';
import type { RouteServices } from '../route-services';
import { IMPORT_BODY_LIMIT_BYTES } from './import-body-limit';

/** `POST /api/wallet { privateKeys, preview? }`: created, restored and unchanged counts. */
export function postImportWalletsRoute(
  app: FastifyInstance,
  { sessions, walletImport }: RouteServices,
): void {
  app.post('/wallet', { bodyLimit: IMPORT_BODY_LIMIT_BYTES }, async (request) => {
    const actor = await sessionActor(request, sessions);
    const input = importWalletsRequestSchema.parse(request.body);
    return walletImport.importKeys(actor, input);
  });
}
