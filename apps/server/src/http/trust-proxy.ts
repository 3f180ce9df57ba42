import { isIP } from 'node:net';
import type { FastifyServerOptions } from 'fastify';

/**
 * Which peers may tell Fleet who the client is (`X-Forwarded-For`) and how it connected
 * (`X-Forwarded-Proto`, `X-Forwarded-Host`). From `FLEET_TRUST_PROXY`:
 * - `none` (`false`, the default): the socket's peer is the client; forwarded headers are ignored.
 * - `addresses`: peers at these addresses or CIDR ranges (or proxy-addr's `loopback`, `linklocal`,
 *   `uniquelocal`) are proxies; the client is the nearest address they did not vouch for. The
 *   setting to prefer: a client that reaches Fleet around the proxy is not believed.
 * - `hops`: the nearest N peers are proxies, whoever they are. Only safe when Fleet cannot be
 *   reached except through those proxies.
 * - `all` (`true`): every peer is a proxy, so the client is the first `X-Forwarded-For` entry:
 *   only safe behind a proxy that overwrites that header rather than appending to it.
 */
export type TrustProxySetting =
  | { readonly kind: 'none' }
  | { readonly kind: 'all' }
  | { readonly kind: 'hops'; readonly hops: number }
  | { readonly kind: 'addresses'; readonly addresses: readonly string[] };

export const TRUST_NO_PROXY: TrustProxySetting = { kind: 'none' };

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 16;

/** Reads the variable's text; a string answer is why it is not a setting. */
export function parseTrustProxy(text: string | undefined): TrustProxySetting | string {
  const value = (text ?? '').trim();
  const lower = value.toLowerCase();
  if (lower === '' || lower === 'false') return TRUST_NO_PROXY;
  if (lower === 'true') return { kind: 'all' };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops === 0) return TRUST_NO_PROXY;
    return hops <= MAX_HOPS ? { kind: 'hops', hops } : `a hop count must be at most ${MAX_HOPS}`;
  }
  const addresses = value.split(',').map((entry) => entry.trim());
  const wrong = addresses.find((entry) => !isProxyAddress(entry));
  if (wrong !== undefined) {
    return `"${wrong}" is not an IP address, a CIDR range, loopback, linklocal or uniquelocal (use false, true, a hop count or a comma-separated list)`;
  }
  return { kind: 'addresses', addresses };
}

function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', range, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  // proxy-addr also takes an IPv4 netmask: 10.0.0.0/255.0.0.0.
  return family === 4 && isIP(range) === 4;
}

/**
 * Fastify's own option for a setting. A hop count becomes a function: Fastify 5 ignores the
 * forwarded headers entirely when given a bare number.
 */
export function fastifyTrustProxy(
  setting: TrustProxySetting,
): NonNullable<FastifyServerOptions['trustProxy']> {
  switch (setting.kind) {
    case 'none':
      return false;
    case 'all':
      return true;
    case 'hops': {
      const { hops } = setting;
      return (_address: string, hop: number) => hop < hops;
    }
    case 'addresses':
      return [...setting.addresses];
  }
}
