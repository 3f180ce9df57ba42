// Constant-product arithmetic on raw units (bigint only: these are lamports and token units).
// The fee is taken from the input, as Raydium's CPMM and pump.fun's curve do, and every division
// rounds in the pool's favour, so a swap can never take out more than the invariant allows.

export const BPS = 10_000n;

export interface SwapAmounts {
  readonly amountIn: bigint;
  readonly amountOut: bigint;
  /** Part of `amountIn` kept by the pool as its fee. */
  readonly feeAmount: bigint;
}

/** Output for an exact input; 0 when the pool cannot pay anything. */
export function amountOutForExactIn(
  amountIn: bigint,
  reserveIn: bigint,
  reserveOut: bigint,
  feeBps: number,
): SwapAmounts {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) {
    return { amountIn, amountOut: 0n, feeAmount: 0n };
  }
  const feeAmount = ceilDiv(amountIn * BigInt(feeBps), BPS);
  const net = amountIn - feeAmount;
  const amountOut = (reserveOut * net) / (reserveIn + net);
  return { amountIn, amountOut, feeAmount };
}

/** Input needed for an exact output; null when the pool does not hold that much. */
export function amountInForExactOut(
  amountOut: bigint,
  reserveIn: bigint,
  reserveOut: bigint,
  feeBps: number,
): SwapAmounts | null {
  if (amountOut <= 0n || reserveIn <= 0n || amountOut >= reserveOut) return null;
  const net = ceilDiv(reserveIn * amountOut, reserveOut - amountOut);
  // net = amountIn − ceil(amountIn × fee / 10,000): the smallest amountIn that leaves `net`.
  let amountIn = ceilDiv(net * BPS, BPS - BigInt(feeBps));
  while (amountIn - ceilDiv(amountIn * BigInt(feeBps), BPS) < net) amountIn++;
  return { amountIn, amountOut, feeAmount: amountIn - net };
}

/** Least output accepted (ExactIn) after `slippageBps`. */
export function minimumOut(amountOut: bigint, slippageBps: number): bigint {
  return (amountOut * (BPS - BigInt(slippageBps))) / BPS;
}

/** Most input paid (ExactOut) after `slippageBps`. */
export function maximumIn(amountIn: bigint, slippageBps: number): bigint {
  return ceilDiv(amountIn * (BPS + BigInt(slippageBps)), BPS);
}

/**
 * How far this trade's price is from the pool's spot price, as a fraction (Jupiter's
 * `priceImpactPct` is such a fraction, as a decimal string): 1 − executed / spot, the fee
 * excluded (it is reported apart, as `feeAmount`).
 */
export function priceImpact(swap: SwapAmounts, reserveIn: bigint, reserveOut: bigint): number {
  const net = swap.amountIn - swap.feeAmount;
  if (net <= 0n || reserveIn <= 0n || reserveOut <= 0n) return 0;
  const spot = Number(reserveOut) / Number(reserveIn);
  const executed = Number(swap.amountOut) / Number(net);
  return Math.max(0, 1 - executed / spot);
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}
