// One shape for every swap API the operator's account may use: quote → transaction to sign →
// send. The trading service never knows whether Swap v1, V2 /order or V2 /build is behind it.

export interface SwapRequest {
  readonly inputMint: string;
  readonly outputMint: string;
  /** Raw units of the input mint (lamports for SOL). */
  readonly amount: bigint;
  readonly slippageBps: number;
  /** The wallet that signs and pays. */
  readonly taker: string;
}

export interface SwapQuote {
  readonly api: 'v1' | 'v2-order' | 'v2-build';
  readonly request: SwapRequest;
  readonly inAmount: bigint;
  readonly outAmount: bigint;
  /** The least the swap may return (slippage applied). */
  readonly minOutAmount: bigint;
  readonly slippageBps: number;
  /** Percent, as the provider states it; null when it does not. */
  readonly priceImpactPct: number | null;
  readonly routeLabels: readonly string[];
}

export interface PreparedSwap {
  readonly quote: SwapQuote;
  /** Base64 wire transaction, unsigned: the taker signs it. */
  readonly transactionBase64: string;
  readonly lastValidBlockHeight: bigint | null;
}

export type SwapOutcome =
  /** Handed to the network (v1 through our RPC, /submit through Jupiter); confirmation is ours. */
  | { readonly status: 'sent'; readonly signature: string }
  /** Jupiter landed it (/execute) and says how it went. */
  | {
      readonly status: 'landed';
      readonly signature: string;
      readonly inputAmount: bigint | null;
      readonly outputAmount: bigint | null;
    };

export interface SwapService {
  readonly api: SwapQuote['api'];
  quote(request: SwapRequest, signal?: AbortSignal): Promise<SwapQuote>;
  prepare(quote: SwapQuote, signal?: AbortSignal): Promise<PreparedSwap>;
  send(
    prepared: PreparedSwap,
    signedTransactionBase64: string,
    signal?: AbortSignal,
  ): Promise<SwapOutcome>;
}

export function routeLabelsOf(
  plan: readonly { readonly swapInfo: { readonly label?: string | undefined } }[] | undefined,
): string[] {
  return (plan ?? []).map((step) => step.swapInfo.label ?? 'unknown');
}

export function impactOf(text: string | undefined): number | null {
  if (text === undefined) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value * 100 : null;
}
