// The seam between the sandbox's HTTP router and the data providers it imitates (DexScreener,
// GeckoTerminal, Moralis): a provider is a pure function of the market and one request, so the
// router owns sockets, rate limits and faults, and the providers own only their wire shapes.

import type { MarketView } from '../market-model.js';

export interface ProviderRequest {
  readonly method: string;
  /** The path after the provider's prefix, starting with '/' (`/tokens/v1/solana/So1…`). */
  readonly path: string;
  readonly query: URLSearchParams;
  /** Lower-case header names, as node:http gives them. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** Parsed JSON body, or undefined for a GET. */
  readonly body?: unknown;
  /** The market's "now" in ms; Date.now() when the router leaves it out (tests pass it). */
  readonly nowMs?: number;
}

export interface ProviderResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** Serialised with JSON.stringify by the router. */
  readonly body: unknown;
}

export type ProviderHandler = (view: MarketView, request: ProviderRequest) => ProviderResponse;

const JSON_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'application/json; charset=utf-8',
});

export function jsonResponse(status: number, body: unknown): ProviderResponse {
  return { status, headers: JSON_HEADERS, body };
}

export function nowOf(request: ProviderRequest): number {
  return request.nowMs ?? Date.now();
}

/** Path segments without empty ones (a trailing slash is tolerated, as the providers do). */
export function pathSegments(path: string): string[] {
  return (
    path
      .split('?')[0]
      ?.split('/')
      .filter((segment) => segment !== '') ?? []
  );
}

const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/** A base58 Solana address by its text alone (what a provider can check before a lookup). */
export function isAddressText(value: string): boolean {
  return BASE58_ADDRESS.test(value);
}
