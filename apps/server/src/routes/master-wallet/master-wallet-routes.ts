import { masterHistoryQuerySchema, saveMasterWalletRequestSchema } from '@fleet/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireSession } from '../../auth/request-session';
import type { RouteServices } from '../route-services';

/**
 * The master wallet (spec 1 §7): read, save, clear, reveal (audited), balance from the chain, and
 * its history. One file because the six routes share their guard and their shape.
 */
export function masterWalletRoutes(app: FastifyInstance, services: RouteServices): void {
  const actor = async (request: FastifyRequest) => ({
    ...(await requireSession(request, services.sessions)),
    ip: request.ip,
  });
  const { masterWallet } = services;

  app.get('/master-wallet', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return masterWallet.get(await actor(request));
  });

  app.patch('/master-wallet', async (request) => {
    const session = await actor(request);
    const input = saveMasterWalletRequestSchema.parse(request.body);
    return masterWallet.save(session, {
      privateKey: input.private_key,
      publicAddress: input.public_address,
    });
  });

  app.delete('/master-wallet', async (request) => {
    await masterWallet.clear(await actor(request));
    return { success: true };
  });

  app.post('/master-wallet/reveal', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return masterWallet.reveal(await actor(request));
  });

  app.get('/master-wallet/balance', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return masterWallet.balance(await actor(request));
  });

  app.get('/history/master-wallet', async (request, reply) => {
    const session = await actor(request);
    const query = masterHistoryQuerySchema.parse(request.query);
    void reply.header('cache-control', 'no-store');
    return masterWallet.history(session, query);
  });
}
