import { seedImportRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../master-wallet/session-actor';
import type { RouteServices } from '../route-services';

/** `POST /api/seed-import { groupId, addresses, derivationPaths, privateKeys, derivationScheme?, preview? }`. */
export function postSeedImportRoute(
  app: FastifyInstance,
  { sessions, walletImport }: RouteServices,
): void {
  app.post('/seed-import', async (request) => {
    const actor = await sessionActor(request, sessions);
    const input = seedImportRequestSchema.parse(request.body);
    return walletImport.importSeed(actor, input);
  });
}
