import { saveMasterWalletRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import type { RouteServices } from '../route-services';
import { sessionActor } from './session-actor';

/** `PATCH /api/master-wallet { private_key, public_address? }`: the address is derived from the key. */
export function patchMasterWalletRoute(
  app: FastifyInstance,
  { sessions, masterWallet }: RouteServices,
): void {
  app.patch('/master-wallet', async (request) => {
    const actor = await sessionActor(request, sessions);
    const input = saveMasterWalletRequestSchema.parse(request.body);
    return masterWallet.save(actor, {
      privateKey: input.private_key,
      publicAddress: input.public_address,
    });
  });
}
