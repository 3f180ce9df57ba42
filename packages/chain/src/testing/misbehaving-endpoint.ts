// Endpoints that fail in ways the localnet's fault profiles do not: one that accepts the request
// and never answers, and ones that answer 200 with garbage. Real providers do both.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Misbehaviour =
  /** Reads the request, then never answers. */
  | 'hang'
  /** 200 with an HTML error page. */
  | 'html'
  /** 200 with a well-formed JSON-RPC envelope whose result has the wrong shape. */
  | 'wrong-shape'
  /** 200 with a getMultipleAccounts answer one account short (HTTP 500 to anything else). */
  | 'short-list'
  /** Relays to `upstream`, but has no DAS: getAsset* answer "Method not found". */
  | 'no-das'
  /** The first request gets 429 with `Retry-After: 30`; every later one the result 42. */
  | 'limited-once';

export interface MisbehavingEndpoint {
  readonly url: string;
  readonly requests: () => number;
  close(): Promise<void>;
}

export async function startMisbehavingEndpoint(
  mode: Misbehaviour,
  upstream?: string,
): Promise<MisbehavingEndpoint> {
  let requests = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests++;
      const call = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        id: unknown;
        method: string;
        params: unknown[];
      };
      const reply = (body: string, type = 'application/json') =>
        res.writeHead(200, { 'content-type': type }).end(body);
      switch (mode) {
        case 'hang':
          return;
        case 'limited-once':
          if (requests === 1) res.writeHead(429, { 'retry-after': '30' }).end();
          else reply(JSON.stringify({ jsonrpc: '2.0', id: call.id, result: 42 }));
          return;
        case 'html':
          reply('<html><body>502 Bad Gateway</body></html>', 'text/html');
          return;
        case 'wrong-shape':
          reply(JSON.stringify({ jsonrpc: '2.0', id: call.id, result: { value: 'banana' } }));
          return;
        case 'no-das': {
          if (call.method.startsWith('getAsset')) {
            reply(
              JSON.stringify({
                jsonrpc: '2.0',
                id: call.id,
                error: { code: -32601, message: 'Method not found' },
              }),
            );
            return;
          }
          void fetch(upstream ?? '', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: Buffer.concat(chunks),
          })
            .then(async (answer) => reply(await answer.text()))
            .catch(() => res.writeHead(502).end());
          return;
        }
        case 'short-list': {
          if (call.method !== 'getMultipleAccounts') {
            res.writeHead(500).end();
            return;
          }
          const asked = Array.isArray(call.params[0]) ? call.params[0].length : 1;
          const value = Array.from({ length: Math.max(0, asked - 1) }, () => null);
          reply(
            JSON.stringify({
              jsonrpc: '2.0',
              id: call.id,
              result: { context: { slot: 1 }, value },
            }),
          );
          return;
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/secret-api-key`,
    requests: () => requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
