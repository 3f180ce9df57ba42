// A bare loopback HTTP server for the providers' tests: mounts `DATA_PROVIDERS` by prefix and
// the PumpPortal stream on upgrades, so tests exercise the handler contract through real HTTP
// (the sandbox's own router adds rate limits and faults on top).

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { MarketView } from '../market-model.js';
import { DATA_PROVIDERS } from '../providers/data-provider-registry.js';
import { attachPumpPortal } from '../providers/pumpportal/pumpportal-server.js';

export interface ServedProviders {
  readonly baseUrl: string;
  close(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

export async function serveProviders(view: MarketView, nowMs?: number): Promise<ServedProviders> {
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const prefix = Object.keys(DATA_PROVIDERS).find((p) => url.pathname.startsWith(`${p}/`));
    const handler = prefix === undefined ? undefined : DATA_PROVIDERS[prefix];
    if (prefix === undefined || handler === undefined) {
      res.writeHead(404).end();
      return;
    }
    const headers: Record<string, string | undefined> = {};
    for (const [name, value] of Object.entries(req.headers))
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
    const response = handler(view, {
      method: req.method ?? 'GET',
      path: url.pathname.slice(prefix.length),
      query: url.searchParams,
      headers,
      body: await bodyOf(req),
      ...(nowMs === undefined ? {} : { nowMs }),
    });
    res.writeHead(response.status, response.headers).end(JSON.stringify(response.body));
  };
  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.writeHead(500).end());
  });
  const stream = attachPumpPortal(server, view);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      await stream.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
