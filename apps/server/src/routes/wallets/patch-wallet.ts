import { FleetError, renameWalletRequestSchema, walletIdSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

const paramsSchema = z.object({ id: walletIdSchema() });

/** `PATCH /api/wallets/:id { name }`: names a wallet, or clears its name with an empty one. */
export function patchWalletRoute(app: FastifyInstance, { sessions, walletNames }: Services): void {
  app.patch('/wallets/:id', async (request) => {
    const actor = await sessionActor(request, sessions);
    const params = paramsSchema.safeParse(request.params);
    if (!params.success) throw new FleetError('WALLET__NOT_FOUND');
    const input = renameWalletRequestSchema.parse(request.body);
    return { wallet: await walletNames.rename(actor, params.data.id, input.name) };
  });
}
