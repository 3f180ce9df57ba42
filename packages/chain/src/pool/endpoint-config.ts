// How an operator names an endpoint: a URL, optionally with the provider plan's request rates.
// `SOLANA_RPC_URLS` is comma-separated; a `#rps=50&sendRps=10` fragment carries the rates because
// a fragment is never sent to the server, so it cannot leak into or break the provider's URL.

import { FleetError } from '@fleet/core';

export interface EndpointConfig {
  readonly url: string;
  /** Requests per second the plan allows; paced client-side. Learned from 429s when absent. */
  readonly rps?: number;
  /**
   * `sendTransaction` requests per second the plan allows, when the provider limits sends apart
   * from everything else (most do, and far lower); paced by a bucket of its own within `rps`.
   */
  readonly sendRps?: number;
  /** Label in stats and errors; the URL's host when absent (API keys ride in paths and queries). */
  readonly name?: string;
}

export function parseRpcUrlList(text: string): EndpointConfig[] {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  if (entries.length === 0) throw new FleetError('RPC__ENDPOINTS_MISSING');
  return entries.map(parseRpcUrl);
}

export function parseRpcUrl(entry: string): EndpointConfig {
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    // Not echoed: the text may hold an API key.
    throw new FleetError('RPC__ENDPOINT_INVALID_URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FleetError('RPC__ENDPOINT_BAD_PROTOCOL', { host: url.host });
  const fragment = new URLSearchParams(url.hash.slice(1));
  url.hash = '';
  const rps = positiveRate(fragment.get('rps'), 'RPC__ENDPOINT_BAD_RPS', url.host);
  const sendRps = positiveRate(fragment.get('sendRps'), 'RPC__ENDPOINT_BAD_SEND_RPS', url.host);
  return {
    url: url.toString(),
    ...(rps === undefined ? {} : { rps }),
    ...(sendRps === undefined ? {} : { sendRps }),
  };
}

function positiveRate(
  text: string | null,
  code: 'RPC__ENDPOINT_BAD_RPS' | 'RPC__ENDPOINT_BAD_SEND_RPS',
  host: string,
): number | undefined {
  if (text === null) return undefined;
  const rate = Number(text);
  if (text.trim() === '' || !Number.isFinite(rate) || rate <= 0)
    throw new FleetError(code, { host });
  return rate;
}

/** The host only: API keys often ride in the URL path or query. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'invalid URL';
  }
}

/** Labels for stats: the host, numbered when several endpoints share one (as localnet paths do). */
export function endpointLabels(configs: readonly EndpointConfig[]): string[] {
  const hosts = configs.map((config) => config.name ?? hostOf(config.url));
  const seen = new Map<string, number>();
  const total = new Map<string, number>();
  for (const host of hosts) total.set(host, (total.get(host) ?? 0) + 1);
  return hosts.map((host) => {
    if ((total.get(host) ?? 0) < 2) return host;
    const n = (seen.get(host) ?? 0) + 1;
    seen.set(host, n);
    return `${host} #${n}`;
  });
}
