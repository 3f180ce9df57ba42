// USD prices as the pools make them: a token's SOL price from its deepest pool's reserves, times
// the drifting SOL/USD. One place, so Jupiter's price, a quote's USD value and every other
// provider agree.

import type { MarketView } from './market-model.js';
import { priceSolFromReserves } from './market-model.js';
import { SOL_MINT } from './swap/swap-quote.js';

export interface TokenPrice {
  readonly usd: number;
  readonly sol: number;
  /** USD on both sides of every pool of the mint. */
  readonly liquidityUsd: number;
  readonly slot: number;
}

export function tokenPrice(market: MarketView, mint: string): TokenPrice | null {
  const solUsd = market.solUsd().price;
  if (mint === SOL_MINT) {
    const liquidity = market
      .pools()
      .reduce((sum, pool) => sum + Number(market.reserves(pool.address).lamports) / 1e9, 0);
    return { usd: solUsd, sol: 1, liquidityUsd: liquidity * solUsd * 2, slot: slotOf(market) };
  }
  const token = market.token(mint);
  const pools = market.poolsOf(mint);
  const deepest = pools[0];
  if (token === undefined || deepest === undefined) return null;
  const reserves = market.reserves(deepest.address);
  const sol = priceSolFromReserves(reserves, token.decimals);
  if (sol === null) return null;
  const liquidity = pools.reduce(
    (sum, pool) => sum + (Number(market.reserves(pool.address).lamports) / 1e9) * 2,
    0,
  );
  return { usd: sol * solUsd, sol, liquidityUsd: liquidity * solUsd, slot: reserves.slot };
}

/**
 * Percent change of the USD price over the last 24 h, from the oldest trade inside the window
 * (a pool that has not traded for a day, or ever, has not moved: 0).
 */
export function priceChange24hPct(market: MarketView, mint: string, nowMs: number): number {
  const current = tokenPrice(market, mint);
  const pool = market.poolsOf(mint)[0];
  if (current === null || pool === undefined) return 0;
  const since = nowMs - 86_400_000;
  const window = market.trades(pool.address, { limit: 5_000 });
  let oldest: (typeof window)[number] | undefined;
  for (const trade of window) {
    if (trade.timestampMs < since) break;
    oldest = trade;
  }
  if (oldest === undefined) return 0;
  const then = oldest.priceSol * oldest.solUsd;
  return then > 0 ? (current.usd / then - 1) * 100 : 0;
}

function slotOf(market: MarketView): number {
  const pool = market.pools()[0];
  return pool === undefined ? 0 : market.reserves(pool.address).slot;
}
