// An endpoint that relays to the localnet but reports the slot a test chooses per call: real
// providers behind a load balancer answer one request from a node a few slots behind another.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SlotRewritingEndpoint {
  readonly url: string;
  close(): Promise<void>;
}

/** `slotOf` gets the call's method and params; null leaves the upstream's slot as it is. */
export async function startSlotRewritingEndpoint(
  upstream: string,
  slotOf: (method: string, params: readonly unknown[]) => number | null,
): Promise<SlotRewritingEndpoint> {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const call = JSON.parse(body.toString('utf8')) as { method: string; params?: unknown[] };
      void fetch(upstream, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
        .then(async (answer) => {
          const text = await answer.text();
          const slot = slotOf(call.method, call.params ?? []);
          // The slot is rewritten in the text: the answer's u64s must not pass through a double.
          const out =
            slot === null
              ? text
              : text.replace(/"context":\{"slot":\d+/, `"context":{"slot":${slot}`);
          res.writeHead(answer.status, { 'content-type': 'application/json' }).end(out);
        })
        .catch(() => res.writeHead(502).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
