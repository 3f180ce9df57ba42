// Moralis's Solana API (solana-gateway.moralis.io) over the sandbox market, mounted at
// `/moralis`:
//   GET  /token/{network}/{address}/price   → one token price
//   POST /token/{network}/prices            → { addresses: […≤100] } → token prices
// Shapes from Moralis's Solana API reference (https://docs.moralis.com/data-api/solana/token/
// prices/token-price and …/token-prices-batch): usdPrice is a number, nativePrice a raw-unit
// string in Wrapped SOL. The sandbox accepts any X-Api-Key, or none.

import { rounded } from '../../metrics/number-text.js';
import { tokenMetrics, type PoolMetrics } from '../../metrics/pool-metrics.js';
import type { MarketView } from '../../market-model.js';
import {
  isAddressText,
  jsonResponse,
  nowOf,
  pathSegments,
  type ProviderHandler,
  type ProviderResponse,
} from '../data-provider-handler.js';
import { WRAPPED_SOL_MINT } from '../dexscreener/dexscreener-pair.js';

const NETWORKS = new Set(['mainnet', 'devnet']);
const MAX_BATCH = 100;

/** Moralis names the exchange and its program; the sandbox's pools borrow the real ones. */
const EXCHANGES: Readonly<Record<string, { name: string; address: string }>> = {
  raydium: { name: 'Raydium AMM v4', address: '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8' },
  pumpfun: { name: 'Pump.Fun', address: '6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P' },
};

const message = (status: number, text: string): ProviderResponse =>
  jsonResponse(status, { message: text });

function priceBody(metrics: PoolMetrics): Record<string, unknown> | null {
  const { pool, token, priceSol, priceUsd } = metrics;
  if (priceSol === null || priceUsd === null) return null;
  const exchange = EXCHANGES[pool.dexId] ?? { name: pool.dexId, address: pool.authority };
  const change = metrics.windows.h24.priceChangePct;
  // The price a day ago, from the 24 h change the other providers report too.
  const ratio = 1 + change / 100;
  const dayAgo = ratio > 0 ? priceUsd / ratio : priceUsd;
  return {
    tokenAddress: token.mint,
    pairAddress: pool.address,
    exchangeName: exchange.name,
    exchangeAddress: exchange.address,
    nativePrice: {
      value: BigInt(Math.round(priceSol * 1e9)).toString(),
      symbol: 'WSOL',
      name: 'Wrapped Solana',
      decimals: 9,
    },
    usdPrice: priceUsd,
    usdPrice24h: dayAgo,
    usdPrice24hrUsdChange: priceUsd - dayAgo,
    usdPrice24hrPercentChange: rounded(change, 6),
    logo: token.imageUrl,
    name: token.name,
    symbol: token.symbol,
    isVerifiedContract: false,
  };
}

function priceOf(view: MarketView, address: string, nowMs: number): Record<string, unknown> | null {
  if (address === WRAPPED_SOL_MINT) return null;
  const metrics = tokenMetrics(view, address, nowMs);
  return metrics === undefined ? null : priceBody(metrics);
}

function addressesOf(body: unknown): string[] | null {
  if (typeof body !== 'object' || body === null || !('addresses' in body)) return null;
  const { addresses } = body;
  if (!Array.isArray(addresses)) return null;
  const texts = addresses.filter((item): item is string => typeof item === 'string');
  return texts.length === addresses.length ? texts : null;
}

export const moralisHandler: ProviderHandler = (view, request) => {
  const [token, network, address, price, ...rest] = pathSegments(request.path);
  if (token !== 'token' || network === undefined || rest.length > 0)
    return message(404, 'Not Found');
  if (!NETWORKS.has(network)) return message(400, `Invalid network: ${network}`);
  const nowMs = nowOf(request);

  if (address !== undefined && price === 'price') {
    if (request.method !== 'GET') return message(405, 'Method Not Allowed');
    if (!isAddressText(address)) return message(400, `Invalid address: ${address}`);
    const body = priceOf(view, address, nowMs);
    return body === null
      ? message(404, 'No liquidity pools found for this token')
      : jsonResponse(200, body);
  }

  if (address === 'prices' && price === undefined) {
    if (request.method !== 'POST') return message(405, 'Method Not Allowed');
    const addresses = addressesOf(request.body);
    if (addresses === null) return message(400, 'Body must be { "addresses": string[] }');
    if (addresses.length === 0 || addresses.length > MAX_BATCH)
      return message(400, `addresses must hold 1 to ${MAX_BATCH} token addresses`);
    const invalid = addresses.find((item) => !isAddressText(item));
    if (invalid !== undefined) return message(400, `Invalid address: ${invalid}`);
    return jsonResponse(
      200,
      addresses.flatMap((item) => priceOf(view, item, nowMs) ?? []),
    );
  }

  return message(404, 'Not Found');
};
