// What a provider handler sees of one HTTP request, and what it answers. Handlers are plain
// functions of these values, so a provider is tested without a socket and the router alone
// deals with HTTP: prefixes, bodies, fault profiles, rate limits, CORS.

import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

export interface MarketRequest {
  readonly method: string;
  /** The path below the provider's prefix, starting with '/', without the query string. */
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  /** The request body as text ('' when there is none). */
  readonly rawBody: string;
}

export interface MarketResponse {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** Serialised as JSON (bigints become strings); ignored when `text` is set. */
  readonly json?: unknown;
  readonly text?: string;
  /** Content type of `text` (default text/plain). */
  readonly contentType?: string;
}

export interface ProviderHandler {
  handle(request: MarketRequest): MarketResponse | Promise<MarketResponse>;
  /** A WebSocket upgrade below the prefix (PumpPortal's feed); `path` as in `MarketRequest`. */
  upgrade?(req: IncomingMessage, socket: Duplex, head: Buffer, path: string): void;
  close?(): void | Promise<void>;
}

export function jsonResponse(
  status: number,
  json: unknown,
  headers?: Record<string, string>,
): MarketResponse {
  return headers === undefined ? { status, json } : { status, json, headers };
}

/** Parses a JSON body; `undefined` when it is not JSON (the handler answers in its own words). */
export function parseJsonBody(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody) as unknown;
  } catch (_error) {
    return undefined;
  }
}

export function toJsonText(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}
