// The HTTP server: routes `/` (endpoint "default") and `/rpc/<name>` to their endpoints, resets
// connections of an endpoint in outage, hands JSON-RPC posts to the handler and WebSocket
// upgrades to the subscription server.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';

import type { Endpoint } from '../faults/endpoint.js';
import type { RpcContext } from '../rpc/rpc-context.js';
import type { SubscriptionServer } from '../ws/subscription-server.js';
import { handleRpcRequest } from './rpc-http-handler.js';

export interface RpcServerOptions {
  readonly host: string;
  readonly port: number;
  readonly endpoints: ReadonlyMap<string, Endpoint>;
  readonly contextFor: (endpoint: Endpoint) => RpcContext;
  readonly subscriptions: SubscriptionServer;
  readonly maxBodyBytes: number;
  readonly onError: (error: unknown) => void;
  /** Other routes on the same server (the sandbox market under /market), tried first. */
  readonly mount?: HttpMount;
}

/** Routes served beside the RPC: each answers true when the request was its own. */
export interface HttpMount {
  handleRequest(req: IncomingMessage, res: ServerResponse): boolean;
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
}

export interface RpcServer {
  /** `host:port`, with IPv6 hosts bracketed. */
  readonly authority: string;
  close(): Promise<void>;
}

export async function startRpcServer(options: RpcServerOptions): Promise<RpcServer> {
  const { endpoints, subscriptions, onError } = options;
  const handler = { maxBodyBytes: options.maxBodyBytes, contextFor: options.contextFor };

  const endpointFor = (url: string | undefined): Endpoint | undefined => {
    const path = (url ?? '/').split('?')[0] ?? '/';
    if (path === '/' || path === '') return endpoints.get('default');
    const match = /^\/rpc\/([^/]+)\/?$/.exec(path);
    return match?.[1] === undefined ? undefined : endpoints.get(match[1]);
  };

  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    if (req.method === 'GET' && req.url === '/health') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      return;
    }
    if (options.mount?.handleRequest(req, res) === true) return;
    const endpoint = endpointFor(req.url);
    if (endpoint === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    // Like solana-test-validator, any origin may call: a block explorer opened in the browser
    // with `?cluster=custom&customUrl=` reads the sandbox from its own origin.
    res.setHeader('access-control-allow-origin', '*');
    if (req.method === 'OPTIONS') {
      res
        .writeHead(204, {
          'access-control-allow-methods': 'POST, OPTIONS',
          'access-control-allow-headers':
            req.headers['access-control-request-headers'] ?? 'content-type',
          'access-control-max-age': '86400',
        })
        .end();
      return;
    }
    if (endpoint.outage !== null) {
      endpoint.recordOutage();
      // A hanging endpoint reads the request and never answers; close() still ends it.
      if (endpoint.outage === 'hang') req.resume();
      else req.socket.destroy();
      return;
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { 'content-type': 'text/plain', allow: 'POST' }).end('Method Not Allowed');
      return;
    }
    handleRpcRequest(req, res, endpoint, handler).catch((error: unknown) => {
      onError(error);
      if (!res.headersSent) res.writeHead(500).end();
    });
  };

  const server = createServer({ keepAliveTimeout: 30_000 }, onRequest);
  server.on('upgrade', (req: IncomingMessage, socket, head: Buffer) => {
    if (options.mount?.handleUpgrade(req, socket, head) === true) return;
    const endpoint = endpointFor(req.url);
    if (endpoint === undefined || endpoint.outage !== null) {
      socket.destroy();
      return;
    }
    subscriptions.handleUpgrade(req, socket, head, endpoint.name);
  });
  server.on('clientError', (_error, socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  return {
    authority: `${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
