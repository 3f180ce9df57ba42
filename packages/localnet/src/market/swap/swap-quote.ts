// Quotes a swap against the sandbox's pools at their current on-chain reserves: SOL → token
// (a buy), token → SOL (a sell), or token → token through SOL (a sell, then a buy). The result
// names every leg's pool and fixed amounts; the swap builder turns exactly these into transfers.

import type { MarketState } from '../market-state.js';
import { WRAPPED_SOL_MINT, type SandboxPool } from '../market-model.js';
import {
  amountInForExactOut,
  amountOutForExactIn,
  maximumIn,
  minimumOut,
  priceImpact,
  type SwapAmounts,
} from './pool-math.js';

/** Wrapped SOL's mint: how Jupiter and every aggregator name native SOL. */
export const SOL_MINT = WRAPPED_SOL_MINT;

export type SwapMode = 'ExactIn' | 'ExactOut';

export interface QuoteRequest {
  readonly inputMint: string;
  readonly outputMint: string;
  /** Raw units of the input (ExactIn) or of the output (ExactOut). */
  readonly amount: bigint;
  readonly swapMode: SwapMode;
  readonly slippageBps: number;
  /** Pools to use, leg by leg (a quote being rebuilt); the deepest pools otherwise. */
  readonly pools?: readonly string[];
  /** Pools a route may use (Jupiter's `dexes` / `excludeDexes`); all when absent. */
  readonly allowPool?: (pool: SandboxPool) => boolean;
}

export interface QuoteLeg {
  readonly pool: SandboxPool;
  readonly side: 'buy' | 'sell';
  readonly inputMint: string;
  readonly outputMint: string;
  readonly amountIn: bigint;
  readonly amountOut: bigint;
  readonly feeAmount: bigint;
}

export interface SwapQuote {
  readonly request: QuoteRequest;
  readonly legs: readonly QuoteLeg[];
  readonly inAmount: bigint;
  readonly outAmount: bigint;
  /** Least output (ExactIn) or most input (ExactOut) the slippage allows. */
  readonly otherAmountThreshold: bigint;
  /** A fraction: 0.01 is 1 %. */
  readonly priceImpact: number;
  readonly contextSlot: number;
}

export type QuoteFailure =
  | { readonly code: 'TOKEN_NOT_TRADABLE'; readonly mint: string }
  | { readonly code: 'COULD_NOT_FIND_ANY_ROUTE' }
  | { readonly code: 'CIRCULAR_ARBITRAGE_IS_DISABLED' }
  | { readonly code: 'INSUFFICIENT_LIQUIDITY' };

export type QuoteResult =
  | { readonly ok: true; readonly quote: SwapQuote }
  | { readonly ok: false; readonly failure: QuoteFailure };

interface Hop {
  readonly pool: SandboxPool;
  readonly side: 'buy' | 'sell';
  readonly reserveIn: bigint;
  readonly reserveOut: bigint;
}

export function quoteSwap(market: MarketState, request: QuoteRequest): QuoteResult {
  if (request.inputMint === request.outputMint) {
    return fail({ code: 'CIRCULAR_ARBITRAGE_IS_DISABLED' });
  }
  for (const mint of [request.inputMint, request.outputMint]) {
    if (mint !== SOL_MINT && market.token(mint)?.kind !== 'fungible') {
      return fail({ code: 'TOKEN_NOT_TRADABLE', mint });
    }
  }
  const hops: Hop[] = [];
  let preferred = 0;
  const hopFor = (mint: string, side: 'buy' | 'sell'): Hop | null => {
    const wanted = request.pools?.[preferred++];
    const allowed = request.allowPool ?? (() => true);
    const pool = wanted === undefined ? market.poolsOf(mint).find(allowed) : market.pool(wanted);
    if (pool === undefined || pool.mint !== mint) return null;
    const reserves = market.reserves(pool.address);
    if (reserves.lamports <= 0n || reserves.tokenRaw <= 0n) return null;
    return side === 'buy'
      ? { pool, side, reserveIn: reserves.lamports, reserveOut: reserves.tokenRaw }
      : { pool, side, reserveIn: reserves.tokenRaw, reserveOut: reserves.lamports };
  };
  if (request.inputMint !== SOL_MINT) {
    const hop = hopFor(request.inputMint, 'sell');
    if (hop === null) return fail({ code: 'COULD_NOT_FIND_ANY_ROUTE' });
    hops.push(hop);
  }
  if (request.outputMint !== SOL_MINT) {
    const hop = hopFor(request.outputMint, 'buy');
    if (hop === null) return fail({ code: 'COULD_NOT_FIND_ANY_ROUTE' });
    hops.push(hop);
  }

  const amounts =
    request.swapMode === 'ExactIn' ? forward(hops, request.amount) : backward(hops, request.amount);
  if (amounts === null || amounts.some((a) => a.amountOut <= 0n)) {
    return fail({ code: 'INSUFFICIENT_LIQUIDITY' });
  }
  const legs = hops.map((hop, i): QuoteLeg => {
    const swap = amounts[i] as SwapAmounts;
    return {
      pool: hop.pool,
      side: hop.side,
      inputMint: hop.side === 'buy' ? SOL_MINT : hop.pool.mint,
      outputMint: hop.side === 'buy' ? hop.pool.mint : SOL_MINT,
      amountIn: swap.amountIn,
      amountOut: swap.amountOut,
      feeAmount: swap.feeAmount,
    };
  });
  const first = legs[0] as QuoteLeg;
  const last = legs[legs.length - 1] as QuoteLeg;
  const inAmount = first.amountIn;
  const outAmount = last.amountOut;
  // Impacts compound across legs: 1 − Π(1 − impact).
  const kept = hops.reduce(
    (acc, hop, i) =>
      acc * (1 - priceImpact(amounts[i] as SwapAmounts, hop.reserveIn, hop.reserveOut)),
    1,
  );
  return {
    ok: true,
    quote: {
      request,
      legs,
      inAmount,
      outAmount,
      otherAmountThreshold:
        request.swapMode === 'ExactIn'
          ? minimumOut(outAmount, request.slippageBps)
          : maximumIn(inAmount, request.slippageBps),
      priceImpact: 1 - kept,
      contextSlot: Number(market.reserves(first.pool.address).slot),
    },
  };
}

function forward(hops: readonly Hop[], amountIn: bigint): SwapAmounts[] | null {
  const out: SwapAmounts[] = [];
  let amount = amountIn;
  for (const hop of hops) {
    const swap = amountOutForExactIn(amount, hop.reserveIn, hop.reserveOut, hop.pool.feeBps);
    if (swap.amountOut <= 0n) return null;
    out.push(swap);
    amount = swap.amountOut;
  }
  return out;
}

function backward(hops: readonly Hop[], amountOut: bigint): SwapAmounts[] | null {
  const out: SwapAmounts[] = [];
  let amount = amountOut;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i] as Hop;
    const swap = amountInForExactOut(amount, hop.reserveIn, hop.reserveOut, hop.pool.feeBps);
    if (swap === null) return null;
    out.unshift(swap);
    amount = swap.amountIn;
  }
  return out;
}

function fail(failure: QuoteFailure): QuoteResult {
  return { ok: false, failure };
}
