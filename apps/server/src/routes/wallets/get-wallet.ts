import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

const paramsSchema = z.object({ address: z.string().trim().min(1).max(64) });

/** `GET /api/wallet/{address}`: one active wallet in full, or 404 'Wallet not found'. */
export function getWalletRoute(app: FastifyInstance, { sessions, walletList }: Services): void {
  app.get('/wallet/:address', async (request) => {
    const actor = await sessionActor(request, sessions);
    const { address } = paramsSchema.parse(request.params);
    return { wallet: await walletList.get(actor, address) };
  });
}
