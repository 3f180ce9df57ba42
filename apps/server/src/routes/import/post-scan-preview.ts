import { scanPreviewRequestSchema } from '@fleet/core';
import type { FastifyInstance } from 'fastify';
import { sessionActor } from '../../http/actor';
import type { Services } from '../../services';

/**
 * `POST /api/scan-assets/preview { publicAddresses }`: balances and tokens per wallet. A partial
 * failure is still a 200 with `error` set ("Scan failed for N wallet(s): …"): the client decides.
 */
export function postScanPreviewRoute(
  app: FastifyInstance,
  { sessions, walletImport }: Services,
): void {
  app.post('/scan-assets/preview', async (request, reply) => {
    const actor = await sessionActor(request, sessions);
    const input = scanPreviewRequestSchema.parse(request.body);
    // A scan of thousands of wallets is minutes of RPC budget: stop spending it once the operator
    // has gone (closed the tab, navigated away) and nobody can read the answer.
    const clientGone = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) clientGone.abort();
    });
    return walletImport.preview(actor, input.publicAddresses, clientGone.signal);
  });
}
