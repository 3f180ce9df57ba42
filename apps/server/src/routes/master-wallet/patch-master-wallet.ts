import { saveMasterWalletRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';
import { sessionActor } from '../../http/actor';

/** `PATCH /api/master-wallet { private_key, public_address? }`: the address is derived from the key. */
export function patchMasterWalletRoute(
  app: FastifyInstance,
  { sessions, masterWallet }: Services,
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
