// How an operator names an endpoint: a URL, optionally with the provider plan's request rate.
// `SOLANA_RPC_URLS` is comma-separated; a `#rps=50` fragment carries the rate because a fragment
// is never sent to the server, so it cannot leak into or break the provider's URL.

import { FleetError } from '@fleet/core';

export interface EndpointConfig {
  readonly url: string;
  /** Requests per second the plan allows; paced client-side. Learned from 429s when absent. */
  readonly rps?: number;
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
  const rpsText = fragment.get('rps');
  if (rpsText === null) return { url: url.toString() };
  const rps = Number(rpsText);
  if (!Number.isFinite(rps) || rps <= 0)
    throw new FleetError('RPC__ENDPOINT_BAD_RPS', { host: url.host });
  return { url: url.toString(), rps };
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
