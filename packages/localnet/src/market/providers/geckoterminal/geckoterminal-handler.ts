// GeckoTerminal's public API v2 over the sandbox market, mounted at `/geckoterminal`:
//   GET /api/v2/networks/solana/tokens/{mint}                 (include=top_pools)
//   GET /api/v2/networks/solana/tokens/{mint}/pools           (page ≤ 10; include=base_token,…)
//   GET /api/v2/networks/solana/pools/{pool}                  (include=base_token,quote_token,dex)
//   GET /api/v2/networks/solana/pools/{pool}/ohlcv/{timeframe}
//   GET /api/v2/networks/solana/pools/{pool}/trades           (last 300 trades of the past 24 h)
//   GET /api/v2/networks/solana/{tokens|pools}/multi/{a,b,…}  (up to 30, unknown ones left out)
// Errors are JSON:API `{ errors: [{ status, title }] }`: 404 for unknown networks, tokens and
// pools, 400 for invalid parameters (https://api.geckoterminal.com/docs/index.html).

import { randomUUID } from 'node:crypto';

import { poolCandles } from '../../metrics/candles.js';
import { poolMetrics, tradeVolumeUsd, type PoolMetrics } from '../../metrics/pool-metrics.js';
import { tradesBetween } from '../../metrics/trade-window.js';
import { WINDOW_MS } from '../../metrics/windows.js';
import type { MarketView } from '../../market-model.js';
import {
  jsonResponse,
  nowOf,
  pathSegments,
  type ProviderHandler,
  type ProviderResponse,
} from '../data-provider-handler.js';
import { parseCandleQuery, parseSide } from './gecko-params.js';
import {
  WRAPPED_SOL_SUMMARY,
  geckoDexId,
  poolResource,
  poolsOfToken,
  resourceId,
  tokenResource,
  tokenSummary,
  tradeResource,
  type Resource,
} from './gecko-resources.js';

const MAX_TRADES = 300;
const MAX_PAGE = 10;
const MAX_MULTI = 30;

function error(status: number, title: string): ProviderResponse {
  return jsonResponse(status, { errors: [{ status: String(status), title }] });
}

const notFound = (): ProviderResponse => error(404, 'Not Found');

function includes(query: URLSearchParams): Set<string> {
  return new Set((query.get('include') ?? '').split(',').filter((name) => name !== ''));
}

/** The resources a pool list names under `include=` (base_token, quote_token, dex). */
function includedForPools(
  view: MarketView,
  pools: readonly PoolMetrics[],
  wanted: ReadonlySet<string>,
): Resource[] {
  const byId = new Map<string, Resource>();
  for (const { pool, token } of pools) {
    if (wanted.has('base_token')) {
      const found = view.token(token.mint);
      if (found !== undefined) {
        byId.set(resourceId(token.mint), {
          id: resourceId(token.mint),
          type: 'token',
          attributes: { ...tokenSummary(found), image_url: found.imageUrl },
        });
      }
    }
    if (wanted.has('quote_token')) {
      byId.set(resourceId(WRAPPED_SOL_SUMMARY.address), {
        id: resourceId(WRAPPED_SOL_SUMMARY.address),
        type: 'token',
        attributes: { ...WRAPPED_SOL_SUMMARY, image_url: null },
      });
    }
    if (wanted.has('dex')) {
      const id = geckoDexId(pool.dexId);
      byId.set(`dex:${id}`, { id, type: 'dex', attributes: { name: id } });
    }
  }
  return [...byId.values()];
}

function withIncluded(body: { data: unknown }, included: readonly Resource[]): unknown {
  return included.length === 0 ? body : { ...body, included };
}

function tokenRoutes(
  view: MarketView,
  mint: string,
  rest: readonly string[],
  query: URLSearchParams,
  nowMs: number,
): ProviderResponse {
  const token = view.token(mint);
  if (token === undefined) return notFound();
  const pools = poolsOfToken(view, mint, nowMs);
  if (rest.length === 0) {
    const data = tokenResource(token, pools);
    const included = includes(query).has('top_pools') ? pools.map(poolResource) : [];
    return jsonResponse(200, withIncluded({ data }, included));
  }
  if (rest.length === 1 && rest[0] === 'pools') {
    const page = Number(query.get('page') ?? '1');
    if (!Number.isInteger(page) || page < 1 || page > MAX_PAGE) return error(400, 'Invalid page');
    // The sandbox's few pools of a token fit on the first page.
    const listed = page === 1 ? pools : [];
    const data = listed.map((metrics) => {
      const resource = poolResource(metrics);
      // The token endpoint's pools carry the requested token's price as well.
      const price = resource.attributes['base_token_price_usd'];
      return { ...resource, attributes: { ...resource.attributes, token_price_usd: price } };
    });
    return jsonResponse(
      200,
      withIncluded({ data }, includedForPools(view, listed, includes(query))),
    );
  }
  return notFound();
}

function poolRoutes(
  view: MarketView,
  address: string,
  rest: readonly string[],
  query: URLSearchParams,
  nowMs: number,
): ProviderResponse {
  const metrics = poolMetrics(view, address, nowMs);
  if (metrics === undefined) return notFound();
  const { pool, token } = metrics;
  if (rest.length === 0) {
    const included = includedForPools(view, [metrics], includes(query));
    return jsonResponse(200, withIncluded({ data: poolResource(metrics) }, included));
  }
  if (rest[0] === 'ohlcv' && rest.length === 2 && rest[1] !== undefined) {
    const parsed = parseCandleQuery(rest[1], query, token.mint);
    if (!parsed.ok) return error(400, parsed.title);
    const base = tokenSummary(token);
    const [metaBase, metaQuote] =
      parsed.value.side === 'base' ? [base, WRAPPED_SOL_SUMMARY] : [WRAPPED_SOL_SUMMARY, base];
    return jsonResponse(200, {
      data: {
        id: randomUUID(),
        type: 'ohlcv_request_response',
        attributes: {
          ohlcv_list: poolCandles(view, pool.address, token.decimals, parsed.value, nowMs),
        },
      },
      meta: { base: metaBase, quote: metaQuote },
    });
  }
  if (rest[0] === 'trades' && rest.length === 1) {
    const side = parseSide(query, token.mint);
    if (!side.ok) return error(400, side.title);
    const minimumText = query.get('trade_volume_in_usd_greater_than') ?? '0';
    const minimum = Number(minimumText);
    if (minimumText.trim() === '' || !Number.isFinite(minimum))
      return error(400, 'Invalid trade_volume_in_usd_greater_than');
    const data = tradesBetween(view, pool.address, nowMs - WINDOW_MS.h24, nowMs + 1)
      .filter((trade) => tradeVolumeUsd(trade) > minimum)
      .reverse()
      .slice(0, MAX_TRADES)
      .map((trade) => tradeResource(trade, token.decimals, side.value === 'quote'));
    return jsonResponse(200, { data });
  }
  return notFound();
}

/**
 * `/tokens/multi/{a,b,…}` and `/pools/multi/{a,b,…}`: up to 30 addresses; unknown ones are
 * left out, as GeckoTerminal documents.
 */
function multiRoute(
  view: MarketView,
  kind: 'tokens' | 'pools',
  list: string,
  nowMs: number,
): ProviderResponse {
  const addresses = [...new Set(list.split(',').filter((address) => address !== ''))];
  if (addresses.length === 0 || addresses.length > MAX_MULTI)
    return error(400, 'Exceeded maximum number of addresses');
  if (kind === 'pools') {
    const data = addresses.flatMap((address) => {
      const metrics = poolMetrics(view, address, nowMs);
      return metrics === undefined ? [] : [poolResource(metrics)];
    });
    return jsonResponse(200, { data });
  }
  const data = addresses.flatMap((mint) => {
    const token = view.token(mint);
    if (token === undefined) return [];
    const resource = tokenResource(token, poolsOfToken(view, mint, nowMs));
    // The multi endpoint's top_pools holds only each token's first pool.
    const top = resource.relationships?.['top_pools']?.data;
    const first = Array.isArray(top) ? top.slice(0, 1) : [];
    return [{ ...resource, relationships: { top_pools: { data: first } } }];
  });
  return jsonResponse(200, { data });
}

export const geckoTerminalHandler: ProviderHandler = (view, request) => {
  if (request.method !== 'GET') return error(405, 'Method Not Allowed');
  const [api, version, networks, network, kind, address, ...rest] = pathSegments(request.path);
  if (api !== 'api' || version !== 'v2' || networks !== 'networks' || address === undefined)
    return notFound();
  if (network !== 'solana') return error(404, 'Specified network not found');
  const nowMs = nowOf(request);
  const multi = rest[0];
  if (address === 'multi' && multi !== undefined && rest.length === 1) {
    if (kind === 'tokens' || kind === 'pools') return multiRoute(view, kind, multi, nowMs);
  }
  if (kind === 'tokens') return tokenRoutes(view, address, rest, request.query, nowMs);
  if (kind === 'pools') return poolRoutes(view, address, rest, request.query, nowMs);
  return notFound();
};
