// DexScreener's public API over the sandbox market, mounted at `/dexscreener`:
//   GET /token-pairs/v1/solana/{mint}           → pair[] (every pool of the mint)
//   GET /tokens/v1/solana/{mint,mint,…≤30}      → pair[] (every pool of each mint)
//   GET /latest/dex/search?q=                   → { schemaVersion: '1.0.0', pairs }
//   GET /latest/dex/pairs/solana/{pair,…≤30}    → { schemaVersion: '1.0.0', pairs } (null if none)
//   GET /token-boosts/top/v1                    → boost[] (most boosted first)
// Shapes from https://docs.dexscreener.com/api/reference. Like DexScreener, a well-formed
// address nobody trades answers an empty list (not a 404); malformed input answers 400.

import { poolMetrics } from '../../metrics/pool-metrics.js';
import type { MarketView, SandboxToken } from '../../market-model.js';
import {
  isAddressText,
  jsonResponse,
  nowOf,
  pathSegments,
  type ProviderHandler,
  type ProviderResponse,
} from '../data-provider-handler.js';
import { dexScreenerPair, type DexScreenerPair } from './dexscreener-pair.js';

/** DexScreener's documented cap on addresses per /tokens/v1 call and on search results. */
const MAX_ADDRESSES = 30;
const MAX_SEARCH_PAIRS = 30;

function badRequest(message: string): ProviderResponse {
  return jsonResponse(400, { error: message });
}

function notFound(): ProviderResponse {
  return jsonResponse(404, { error: 'Not Found' });
}

function pairsOf(view: MarketView, mint: string, nowMs: number): DexScreenerPair[] {
  return view.poolsOf(mint).flatMap((pool) => {
    const metrics = poolMetrics(view, pool.address, nowMs);
    return metrics === undefined ? [] : [dexScreenerPair(view, metrics)];
  });
}

function matches(token: SandboxToken, query: string): boolean {
  const q = query.toLowerCase();
  return (
    token.mint === query ||
    token.symbol.toLowerCase().includes(q) ||
    token.name.toLowerCase().includes(q)
  );
}

function search(view: MarketView, query: string, nowMs: number): DexScreenerPair[] {
  const byPool = view.pool(query);
  const mints =
    byPool === undefined
      ? view
          .tokens()
          .filter((token) => matches(token, query))
          .map((token) => token.mint)
      : [byPool.mint];
  return mints
    .flatMap((mint) => pairsOf(view, mint, nowMs))
    .filter((pair) => byPool === undefined || pair.pairAddress === byPool.address)
    .sort((a, b) => b.liquidity.usd - a.liquidity.usd)
    .slice(0, MAX_SEARCH_PAIRS);
}

function topBoosts(view: MarketView): unknown[] {
  return [...view.boosts()]
    .sort((a, b) => b.totalAmount - a.totalAmount)
    .map((boost) => {
      const token = view.token(boost.mint);
      return {
        url: boost.url,
        chainId: 'solana',
        tokenAddress: boost.mint,
        description: boost.description,
        icon: boost.iconUrl,
        links: [
          ...(token?.websites ?? []).map((url) => ({ label: 'Website', url })),
          ...(token?.socials ?? []).map((social) => ({ type: social.type, url: social.url })),
        ],
        amount: boost.amount,
        totalAmount: boost.totalAmount,
      };
    });
}

export const dexScreenerHandler: ProviderHandler = (view, request) => {
  if (request.method !== 'GET') return jsonResponse(405, { error: 'Method Not Allowed' });
  const nowMs = nowOf(request);
  const segments = pathSegments(request.path);
  const [first, second, chain, addresses, ...rest] = segments;
  if (rest.length > (chain === 'pairs' ? 1 : 0)) return notFound();

  if (first === 'token-pairs' && second === 'v1' && addresses !== undefined) {
    if (chain !== 'solana') return jsonResponse(200, []);
    if (!isAddressText(addresses)) return badRequest(`Invalid token address: ${addresses}`);
    return jsonResponse(200, pairsOf(view, addresses, nowMs));
  }

  if (first === 'tokens' && second === 'v1' && addresses !== undefined) {
    if (chain !== 'solana') return jsonResponse(200, []);
    const mints = [...new Set(addresses.split(',').filter((mint) => mint !== ''))];
    if (mints.length === 0) return badRequest('At least one token address is required');
    if (mints.length > MAX_ADDRESSES)
      return badRequest(`At most ${MAX_ADDRESSES} token addresses per request`);
    const invalid = mints.find((mint) => !isAddressText(mint));
    if (invalid !== undefined) return badRequest(`Invalid token address: ${invalid}`);
    return jsonResponse(
      200,
      mints.flatMap((mint) => pairsOf(view, mint, nowMs)),
    );
  }

  // /latest/dex/pairs/solana/{pair,pair,…} → { schemaVersion, pairs } (segments shift by one).
  if (first === 'latest' && second === 'dex' && chain === 'pairs' && addresses !== undefined) {
    const list = rest.length === 0 ? undefined : segments[4];
    if (addresses !== 'solana' || list === undefined)
      return jsonResponse(200, { schemaVersion: '1.0.0', pairs: null });
    const pools = [...new Set(list.split(',').filter((pool) => pool !== ''))];
    if (pools.length > MAX_ADDRESSES)
      return badRequest(`At most ${MAX_ADDRESSES} pair addresses per request`);
    const pairs = pools.flatMap((address) => {
      const metrics = poolMetrics(view, address, nowMs);
      return metrics === undefined ? [] : [dexScreenerPair(view, metrics)];
    });
    return jsonResponse(200, { schemaVersion: '1.0.0', pairs: pairs.length === 0 ? null : pairs });
  }

  if (first === 'latest' && second === 'dex' && chain === 'search' && addresses === undefined) {
    const query = request.query.get('q')?.trim() ?? '';
    if (query === '') return badRequest('Query parameter q is required');
    return jsonResponse(200, { schemaVersion: '1.0.0', pairs: search(view, query, nowMs) });
  }

  if (first === 'token-boosts' && second === 'top' && chain === 'v1' && addresses === undefined) {
    return jsonResponse(200, topBoosts(view));
  }

  return notFound();
};
