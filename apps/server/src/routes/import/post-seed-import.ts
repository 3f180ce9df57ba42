import { seedImportRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/** `POST /api/seed-import { groupId, addresses, derivationPaths, privateKeys, derivationScheme?, preview? }`. */
export function postSeedImportRoute(
  app: FastifyInstance,
  { sessions, walletImport }: Services,
): void {
  app.post('/seed-import', async (request) => {
    const actor = await sessionActor(request, sessions);
    const input = seedImportRequestSchema.parse(request.body);
    return walletImport.importSeed(actor, input);
  });
}
