// GeckoTerminal's JSON:API resources (token, pool, trade) built from the sandbox's metrics.
// Shapes follow GeckoTerminal's public API v2 (https://api.geckoterminal.com/docs/index.html,
// "Get specific token on a network", "Get specific pool on a network", "Get last 300 trades"):
// ids are `solana_<address>`, and every amount, price and percentage is a decimal string.

import { decimalText, rounded } from '../../metrics/number-text.js';
import {
  lamportsToSol,
  poolMetrics,
  rawToWhole,
  type PoolMetrics,
} from '../../metrics/pool-metrics.js';
import { WINDOW_KEYS, type WindowKey } from '../../metrics/windows.js';
import type { MarketView, SandboxToken, SandboxTrade } from '../../market-model.js';
import { WRAPPED_SOL_MINT } from '../dexscreener/dexscreener-pair.js';

export interface ResourceId {
  readonly id: string;
  readonly type: string;
}

export interface Resource extends ResourceId {
  readonly attributes: Readonly<Record<string, unknown>>;
  readonly relationships?: Readonly<Record<string, { readonly data: unknown }>>;
}

export const resourceId = (address: string): string => `solana_${address}`;

/** GeckoTerminal names the pump.fun curve "pump-fun"; other DEX ids are the sandbox's own. */
export function geckoDexId(dexId: string): string {
  return dexId === 'pumpfun' ? 'pump-fun' : dexId;
}

function perWindow<T>(pick: (key: WindowKey) => T): Record<WindowKey, T> {
  return Object.fromEntries(WINDOW_KEYS.map((key) => [key, pick(key)])) as Record<WindowKey, T>;
}

const nullableText = (value: number | null): string | null =>
  value === null ? null : decimalText(value);

export function poolResource(metrics: PoolMetrics): Resource {
  const { pool, token, windows, priceSol, priceUsd } = metrics;
  return {
    id: resourceId(pool.address),
    type: 'pool',
    attributes: {
      base_token_price_usd: nullableText(priceUsd),
      base_token_price_native_currency: nullableText(priceSol),
      quote_token_price_usd: decimalText(metrics.solUsd),
      quote_token_price_native_currency: '1.0',
      base_token_price_quote_token: nullableText(priceSol),
      quote_token_price_base_token: priceSol === null ? null : decimalText(1 / priceSol),
      address: pool.address,
      name: `${token.symbol} / SOL`,
      pool_created_at: new Date(pool.createdAtMs).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      fdv_usd: nullableText(metrics.fdvUsd === null ? null : rounded(metrics.fdvUsd, 4)),
      market_cap_usd: nullableText(
        metrics.marketCapUsd === null ? null : rounded(metrics.marketCapUsd, 4),
      ),
      price_change_percentage: perWindow((key) => decimalText(windows[key].priceChangePct)),
      transactions: perWindow((key) => ({
        buys: windows[key].buys,
        sells: windows[key].sells,
        buyers: windows[key].buyers,
        sellers: windows[key].sellers,
      })),
      volume_usd: perWindow((key) => decimalText(rounded(windows[key].volumeUsd, 8))),
      reserve_in_usd: decimalText(rounded(metrics.liquidityUsd, 4)),
    },
    relationships: {
      base_token: { data: { id: resourceId(token.mint), type: 'token' } },
      quote_token: { data: { id: resourceId(WRAPPED_SOL_MINT), type: 'token' } },
      dex: { data: { id: geckoDexId(pool.dexId), type: 'dex' } },
    },
  };
}

export function poolsOfToken(view: MarketView, mint: string, nowMs: number): PoolMetrics[] {
  return view.poolsOf(mint).flatMap((pool) => poolMetrics(view, pool.address, nowMs) ?? []);
}

/** A token with its pools' metrics, deepest first: the first is the one it is priced by. */
export function tokenResource(token: SandboxToken, pools: readonly PoolMetrics[]): Resource {
  const top = pools[0];
  const reserveUsd = pools.reduce((sum, pool) => sum + pool.liquidityUsd, 0);
  const volumeUsd = pools.reduce((sum, pool) => sum + pool.windows.h24.volumeUsd, 0);
  return {
    id: resourceId(token.mint),
    type: 'token',
    attributes: {
      address: token.mint,
      name: token.name,
      symbol: token.symbol,
      image_url: token.imageUrl,
      coingecko_coin_id: null,
      decimals: token.decimals,
      // Raw units with GeckoTerminal's trailing ".0"; the normalised figure is in whole tokens.
      total_supply: `${token.supply}.0`,
      normalized_total_supply: decimalText(rawToWhole(token.supply, token.decimals)),
      price_usd: nullableText(top?.priceUsd ?? null),
      fdv_usd: nullableText(top?.fdvUsd ?? null),
      total_reserve_in_usd: decimalText(rounded(reserveUsd, 4)),
      volume_usd: { h24: decimalText(rounded(volumeUsd, 8)) },
      market_cap_usd: nullableText(top?.marketCapUsd ?? null),
    },
    relationships: {
      top_pools: {
        data: pools.map((pool) => ({ id: resourceId(pool.pool.address), type: 'pool' })),
      },
    },
  };
}

/** The pool's side as GeckoTerminal lists it under `included` or `meta`. */
export function tokenSummary(token: SandboxToken): Record<string, unknown> {
  return {
    address: token.mint,
    name: token.name,
    symbol: token.symbol,
    coingecko_coin_id: null,
  };
}

export const WRAPPED_SOL_SUMMARY = {
  address: WRAPPED_SOL_MINT,
  name: 'Wrapped SOL',
  symbol: 'SOL',
  coingecko_coin_id: 'wrapped-solana',
};

/** One trade; `inverted` reads it from the quote token's side (token=quote). */
export function tradeResource(trade: SandboxTrade, decimals: number, inverted: boolean): Resource {
  const sol = lamportsToSol(trade.lamports);
  const tokens = rawToWhole(trade.tokenRaw, decimals);
  const solSide = { address: WRAPPED_SOL_MINT, amount: sol, priceSol: 1, priceUsd: trade.solUsd };
  const tokenSide = {
    address: trade.mint,
    amount: tokens,
    priceSol: trade.priceSol,
    priceUsd: trade.priceSol * trade.solUsd,
  };
  const [from, to] = trade.side === 'buy' ? [solSide, tokenSide] : [tokenSide, solSide];
  const kind = (trade.side === 'buy') !== inverted ? 'buy' : 'sell';
  const seconds = Math.floor(trade.timestampMs / 1000);
  return {
    id: `solana_${trade.slot}_${trade.signature}_0_${seconds}`,
    type: 'trade',
    attributes: {
      block_number: trade.slot,
      tx_hash: trade.signature,
      tx_from_address: trade.trader,
      from_token_amount: decimalText(from.amount),
      to_token_amount: decimalText(to.amount),
      price_from_in_currency_token: decimalText(from.priceSol),
      price_to_in_currency_token: decimalText(to.priceSol),
      price_from_in_usd: decimalText(from.priceUsd),
      price_to_in_usd: decimalText(to.priceUsd),
      block_timestamp: new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      kind,
      volume_in_usd: decimalText(rounded(sol * trade.solUsd, 8)),
      from_token_address: from.address,
      to_token_address: to.address,
    },
  };
}
