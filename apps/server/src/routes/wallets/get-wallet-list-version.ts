import type { WalletListVersionResponse } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/**
 * `GET /api/wallets/version`: the tenant's wallet-list version. Polled by the wallet page every
 * few seconds so that balances written without the operator (live balances, another tab's
 * refresh) show without Refresh, at the cost of one row read instead of the whole list.
 */
export function getWalletListVersionRoute(
  app: FastifyInstance,
  { sessions, walletList }: Services,
): void {
  app.get('/wallets/version', async (request, reply): Promise<WalletListVersionResponse> => {
    const actor = await sessionActor(request, sessions);
    void reply.header('cache-control', 'no-store');
    return { version: await walletList.version(actor) };
  });
}
