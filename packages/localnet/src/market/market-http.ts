// The sandbox market's HTTP front: one base path (`/market` on the localnet's own server), under
// which each imitated provider answers at its own prefix with the provider's own paths
// (`/market/jupiter/swap/v1/quote`, `/market/dexscreener/...`). Providers are registered as
// `prefix → handler`, each behind its own fault profile (rate limit with 429 + Retry-After,
// latency, injected errors, outage), reusing the RPC endpoints' `Endpoint`.
//
// Mounted on the localnet's server rather than a port of its own: one origin to configure and
// print, one lifecycle (closing the localnet closes the market), and a browser that reads the
// RPC can read the market's images without another CORS origin.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

import { Endpoint, type EndpointCounters } from '../faults/endpoint.js';
import type { FaultProfile } from '../faults/fault-profile.js';
import { BodyTooLargeError, readBody } from '../http/read-body.js';
import { toJsonText, type MarketResponse, type ProviderHandler } from './http/market-request.js';

export const MARKET_BASE_PATH = '/market';
const PREFIX = /^[a-z0-9-]{1,32}$/;

interface Registration {
  readonly handler: ProviderHandler;
  readonly endpoint: Endpoint;
}

export interface MarketRouterOptions {
  readonly maxBodyBytes: number;
  readonly onError: (error: unknown) => void;
  /** Time source of the rate limiters (default Date.now). */
  readonly now?: () => number;
}

export class MarketRouter {
  private readonly registry = new Map<string, Registration>();
  private readonly now: () => number;

  constructor(private readonly options: MarketRouterOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Adds a provider at `/market/<prefix>/…`; its fault profile defaults to none. */
  register(prefix: string, handler: ProviderHandler, profile: FaultProfile = {}): void {
    if (!PREFIX.test(prefix)) throw new Error(`invalid provider prefix "${prefix}"`);
    if (this.registry.has(prefix)) throw new Error(`provider "${prefix}" is already registered`);
    this.registry.set(prefix, { handler, endpoint: new Endpoint(`market:${prefix}`, profile) });
  }

  prefixes(): string[] {
    return [...this.registry.keys()];
  }

  setProfile(prefix: string, profile: FaultProfile): void {
    this.registration(prefix).endpoint.setProfile(profile);
  }

  counters(prefix: string): EndpointCounters {
    return this.registration(prefix).endpoint.counters();
  }

  resetCounters(prefix: string): void {
    this.registration(prefix).endpoint.resetCounters();
  }

  async close(): Promise<void> {
    for (const { handler } of this.registry.values()) await handler.close?.();
  }

  /** Serves the request when its path is under the market's base path; false otherwise. */
  handleRequest(req: IncomingMessage, res: ServerResponse): boolean {
    const target = this.route(req.url);
    if (target === null) return false;
    res.setHeader('access-control-allow-origin', '*');
    if (req.method === 'OPTIONS') {
      res
        .writeHead(204, {
          'access-control-allow-methods': 'GET, POST, OPTIONS',
          'access-control-allow-headers':
            req.headers['access-control-request-headers'] ?? 'content-type, x-api-key',
          'access-control-max-age': '86400',
        })
        .end();
      return true;
    }
    const found = target.prefix === null ? undefined : this.registry.get(target.prefix);
    if (found === undefined) {
      send(res, { status: 404, json: { error: `no sandbox provider at ${target.prefix ?? '/'}` } });
      return true;
    }
    this.serve(req, res, found, target.path, target.query).catch((error: unknown) => {
      this.options.onError(error);
      if (!res.headersSent) send(res, { status: 500, json: { error: 'Internal Server Error' } });
    });
    return true;
  }

  /** Hands a WebSocket upgrade under the base path to its provider; false when not ours. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const target = this.route(req.url);
    if (target === null) return false;
    const found = target.prefix === null ? undefined : this.registry.get(target.prefix);
    if (found?.handler.upgrade === undefined || found.endpoint.outage !== null) {
      socket.destroy();
      return true;
    }
    found.handler.upgrade(req, socket, head, target.path);
    return true;
  }

  private async serve(
    req: IncomingMessage,
    res: ServerResponse,
    { handler, endpoint }: Registration,
    path: string,
    query: URLSearchParams,
  ): Promise<void> {
    if (endpoint.outage !== null) {
      endpoint.recordOutage();
      if (endpoint.outage === 'hang') req.resume();
      else req.socket.destroy();
      return;
    }
    // Rate limits count requests by path (`methodRps: { '/swap/v1/quote': 5 }` limits one route).
    const admission = endpoint.admit([path], this.now());
    if (admission.kind === 'rate-limited') {
      req.resume();
      send(res, {
        status: 429,
        headers: { 'retry-after': String(admission.retryAfterSeconds) },
        json: { error: 'Too Many Requests', code: 429 },
      });
      return;
    }
    let rawBody = '';
    if (req.method === 'POST' || req.method === 'PUT') {
      try {
        rawBody = (await readBody(req, this.options.maxBodyBytes)).toString('utf8');
      } catch (error) {
        if (!(error instanceof BodyTooLargeError)) throw error;
        send(res, { status: 413, json: { error: 'Payload Too Large' } });
        return;
      }
    }
    if (admission.kind === 'error') {
      later(admission.delayMs, () =>
        send(
          res,
          admission.errorKind === 'http-500'
            ? { status: 500, text: 'Internal Server Error' }
            : { status: 503, text: 'Service Unavailable' },
        ),
      );
      return;
    }
    const response = await handler.handle({
      method: req.method ?? 'GET',
      path,
      query,
      headers: req.headers,
      rawBody,
    });
    later(admission.delayMs, () => send(res, response));
  }

  private route(
    url: string | undefined,
  ): { prefix: string | null; path: string; query: URLSearchParams } | null {
    let parsed: URL;
    try {
      parsed = new URL(url ?? '/', 'http://sandbox.invalid');
    } catch (_error) {
      // An absolute-form target with a bad host: not a market path; the RPC answers it.
      return null;
    }
    const pathname = parsed.pathname;
    if (pathname !== MARKET_BASE_PATH && !pathname.startsWith(`${MARKET_BASE_PATH}/`)) return null;
    const rest = pathname.slice(MARKET_BASE_PATH.length + 1);
    const slash = rest.indexOf('/');
    const prefix = slash < 0 ? rest : rest.slice(0, slash);
    return {
      prefix: prefix === '' ? null : prefix,
      path: slash < 0 ? '/' : rest.slice(slash),
      query: parsed.searchParams,
    };
  }

  private registration(prefix: string): Registration {
    const found = this.registry.get(prefix);
    if (found === undefined) throw new Error(`unknown sandbox provider "${prefix}"`);
    return found;
  }
}

function send(res: ServerResponse, response: MarketResponse): void {
  if (res.destroyed || res.headersSent) return;
  const body = response.text ?? toJsonText(response.json ?? null);
  const contentType =
    response.text === undefined
      ? 'application/json; charset=utf-8'
      : (response.contentType ?? 'text/plain; charset=utf-8');
  res.writeHead(response.status, {
    'content-type': contentType,
    'content-length': Buffer.byteLength(body),
    ...response.headers,
  });
  res.end(body);
}

function later(delayMs: number, action: () => void): void {
  if (delayMs <= 0) action();
  else setTimeout(action, delayMs);
}
