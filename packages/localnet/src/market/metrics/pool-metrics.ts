// A pool's market figures as every data provider reports them, computed from one `MarketView`:
// prices from the live reserves and SOL/USD, liquidity, FDV and market cap from the supply, and
// volumes, counts and changes from the trades that landed. One function, so DexScreener,
// GeckoTerminal, Moralis and the DAS price agree to the digit.

import {
  priceSolFromReserves,
  type MarketView,
  type PoolReserves,
  type SandboxPool,
  type SandboxToken,
  type SandboxTrade,
} from '../market-model.js';
import { lastTradeBefore, tradesBetween } from './trade-window.js';
import { WINDOW_KEYS, WINDOW_MS, type WindowKey } from './windows.js';

const LAMPORTS_PER_SOL = 1e9;

export interface WindowStats {
  readonly volumeUsd: number;
  readonly volumeSol: number;
  readonly buys: number;
  readonly sells: number;
  readonly buyers: number;
  readonly sellers: number;
  /** Percent change of the USD price over the window; 0 without trades to compare with. */
  readonly priceChangePct: number;
}

export interface PoolMetrics {
  readonly pool: SandboxPool;
  readonly token: SandboxToken;
  readonly reserves: PoolReserves;
  readonly solUsd: number;
  /** SOL per whole token; null while either reserve is empty. */
  readonly priceSol: number | null;
  readonly priceUsd: number | null;
  /** Both sides at the pool's own price: twice the SOL side. */
  readonly liquidityUsd: number;
  /** Whole tokens in the token vault. */
  readonly liquidityBase: number;
  /** SOL in the SOL vault. */
  readonly liquidityQuote: number;
  readonly fdvUsd: number | null;
  /** The sandbox locks nothing, so the circulating supply is the whole supply. */
  readonly marketCapUsd: number | null;
  readonly windows: Readonly<Record<WindowKey, WindowStats>>;
  readonly createdAtMs: number;
}

export function lamportsToSol(lamports: bigint): number {
  return Number(lamports) / LAMPORTS_PER_SOL;
}

export function rawToWhole(raw: bigint, decimals: number): number {
  return Number(raw) / 10 ** decimals;
}

/** The USD value of a trade: its SOL leg at the SOL/USD price when it landed. */
export function tradeVolumeUsd(trade: SandboxTrade): number {
  return lamportsToSol(trade.lamports) * trade.solUsd;
}

export function tradePriceUsd(trade: SandboxTrade): number {
  return trade.priceSol * trade.solUsd;
}

function percentChange(now: number | null, then: number | null): number {
  if (now === null || then === null || then <= 0) return 0;
  return Math.round((now / then - 1) * 100 * 100) / 100;
}

function windowStats(
  view: MarketView,
  pool: string,
  trades: readonly SandboxTrade[],
  startMs: number,
  priceUsd: number | null,
): WindowStats {
  let volumeSol = 0;
  let volumeUsd = 0;
  let buys = 0;
  let sells = 0;
  const buyers = new Set<string>();
  const sellers = new Set<string>();
  let first: SandboxTrade | undefined;
  for (const trade of trades) {
    if (trade.timestampMs < startMs) continue;
    first ??= trade;
    volumeSol += lamportsToSol(trade.lamports);
    volumeUsd += tradeVolumeUsd(trade);
    if (trade.side === 'buy') {
      buys += 1;
      buyers.add(trade.trader);
    } else {
      sells += 1;
      sellers.add(trade.trader);
    }
  }
  // The price the window opened at: the last trade before it, else (a pool younger than the
  // window) its first trade inside it.
  const opening = lastTradeBefore(view, pool, startMs) ?? first;
  return {
    volumeUsd,
    volumeSol,
    buys,
    sells,
    buyers: buyers.size,
    sellers: sellers.size,
    priceChangePct: percentChange(priceUsd, opening === undefined ? null : tradePriceUsd(opening)),
  };
}

/** Everything the providers say about `pool` at `nowMs`; undefined for an unknown pool or mint. */
export function poolMetrics(
  view: MarketView,
  poolAddress: string,
  nowMs: number,
): PoolMetrics | undefined {
  const pool = view.pool(poolAddress);
  const token = pool === undefined ? undefined : view.token(pool.mint);
  if (pool === undefined || token === undefined) return undefined;
  const reserves = view.reserves(pool.address);
  const solUsd = view.solUsd().price;
  const priceSol = priceSolFromReserves(reserves, token.decimals);
  const priceUsd = priceSol === null ? null : priceSol * solUsd;
  const supply = rawToWhole(token.supply, token.decimals);
  const fdvUsd = priceUsd === null ? null : supply * priceUsd;
  const trades = tradesBetween(view, pool.address, nowMs - WINDOW_MS.h24, nowMs + 1);
  const windows = Object.fromEntries(
    WINDOW_KEYS.map((key) => [
      key,
      windowStats(view, pool.address, trades, nowMs - WINDOW_MS[key], priceUsd),
    ]),
  ) as Record<WindowKey, WindowStats>;
  const liquidityQuote = lamportsToSol(reserves.lamports);
  return {
    pool,
    token,
    reserves,
    solUsd,
    priceSol,
    priceUsd,
    liquidityUsd: 2 * liquidityQuote * solUsd,
    liquidityBase: rawToWhole(reserves.tokenRaw, token.decimals),
    liquidityQuote,
    fdvUsd,
    marketCapUsd: fdvUsd,
    windows,
    createdAtMs: pool.createdAtMs,
  };
}

/** The mint's deepest pool's metrics (what a single-price provider quotes), if it trades. */
export function tokenMetrics(
  view: MarketView,
  mint: string,
  nowMs: number,
): PoolMetrics | undefined {
  const deepest = view.poolsOf(mint)[0];
  return deepest === undefined ? undefined : poolMetrics(view, deepest.address, nowMs);
}
