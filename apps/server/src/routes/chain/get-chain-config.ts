import type { ChainConfig } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/**
 * `GET /api/chain`: the cluster Fleet reads and, for the sandbox, its RPC URL as a browser
 * reaches it, so explorer links open the chain the wallet table shows. Fixed for the life of the
 * process (chosen at start: the embedded sandbox, or SOLANA_CLUSTER with SOLANA_RPC_URLS).
 */
export function getChainConfigRoute(
  app: FastifyInstance,
  { sessions, chainConfig }: Services,
): void {
  app.get('/chain', async (request): Promise<ChainConfig> => {
    await sessionActor(request, sessions);
    return chainConfig;
  });
}
