// Jupiter's response shapes: the quote (`QuoteResponse` of @jup-ag/api: amounts as decimal
// strings, `priceImpactPct` a fraction as a string, one `routePlan` step per pool) and its error
// answers (`{ error, errorCode }` with HTTP 400, as api.jup.ag answers them).

import type { MarketResponse } from '../../http/market-request.js';
import type { QuoteFailure, SwapQuote } from '../../swap/swap-quote.js';

/** Jupiter's names for the DEXes the sandbox's pools imitate. */
const LABELS: Readonly<Record<string, string>> = {
  raydium: 'Raydium CP',
  orca: 'Whirlpool',
  meteora: 'Meteora DAMM v2',
  pumpfun: 'Pump.fun',
  pumpswap: 'Pump.fun Amm',
};

export function labelOf(dexId: string): string {
  return LABELS[dexId] ?? dexId;
}

export function routePlanOf(quote: SwapQuote): Record<string, unknown>[] {
  return quote.legs.map((leg) => ({
    swapInfo: {
      ammKey: leg.pool.address,
      label: labelOf(leg.pool.dexId),
      inputMint: leg.inputMint,
      outputMint: leg.outputMint,
      inAmount: leg.amountIn.toString(),
      outAmount: leg.amountOut.toString(),
      feeAmount: leg.feeAmount.toString(),
      // The pools take their fee from the input.
      feeMint: leg.inputMint,
    },
    percent: 100,
    bps: 10_000,
  }));
}

export function quoteResponseOf(
  quote: SwapQuote,
  options: { readonly swapUsdValue: number; readonly timeTakenSeconds: number },
): Record<string, unknown> {
  const { request } = quote;
  return {
    inputMint: request.inputMint,
    inAmount: quote.inAmount.toString(),
    outputMint: request.outputMint,
    outAmount: quote.outAmount.toString(),
    otherAmountThreshold: quote.otherAmountThreshold.toString(),
    swapMode: request.swapMode,
    slippageBps: request.slippageBps,
    platformFee: null,
    priceImpactPct: quote.priceImpact.toString(),
    routePlan: routePlanOf(quote),
    contextSlot: quote.contextSlot,
    timeTaken: options.timeTakenSeconds,
    swapUsdValue: options.swapUsdValue.toString(),
    simplerRouteUsed: false,
    mostReliableAmmsQuoteReport: null,
    useIncurredSlippageForQuoting: null,
    otherRoutePlans: null,
    loadedLongtailToken: false,
    instructionVersion: null,
  };
}

export function jupiterError(status: number, error: string, errorCode?: string): MarketResponse {
  return { status, json: errorCode === undefined ? { error } : { error, errorCode } };
}

export function quoteFailureResponse(failure: QuoteFailure): MarketResponse {
  switch (failure.code) {
    case 'TOKEN_NOT_TRADABLE':
      return jupiterError(400, `The token ${failure.mint} is not tradable`, failure.code);
    case 'COULD_NOT_FIND_ANY_ROUTE':
      return jupiterError(400, 'Could not find any route', failure.code);
    case 'CIRCULAR_ARBITRAGE_IS_DISABLED':
      return jupiterError(400, 'inputMint cannot be same as outputMint', failure.code);
    case 'INSUFFICIENT_LIQUIDITY':
      // Jupiter reports a trade no pool can fill as a missing route.
      return jupiterError(400, 'Could not find any route', 'COULD_NOT_FIND_ANY_ROUTE');
    default:
      return exhaustive(failure);
  }
}

function exhaustive(value: never): never {
  throw new Error(`unhandled quote failure ${JSON.stringify(value)}`);
}
