// Jupiter's Metis API, v1: `GET /swap/v1/quote` quotes against the sandbox pools, and
// `POST /swap/v1/swap` turns a quote into the transaction that fills it. /swap re-quotes at the
// reserves of that moment: a quote the market has moved beyond its slippage is refused (Jupiter
// would build it and watch it fail on chain with SlippageToleranceExceeded; refusing says the
// same thing without costing the user a fee). What /swap builds has fixed amounts and a
// blockhash valid for 150 slots, so it can never fill at a worse price than the one it names.

import type { Instruction } from '../../../chain/legacy-message.js';
import { encodeBase64 } from '../../../codec/base64.js';
import {
  parseJsonBody,
  type MarketRequest,
  type MarketResponse,
} from '../../http/market-request.js';
import {
  SWAP_COMPUTE_UNIT_LIMIT,
  buildSwapTransaction,
  swapInstructions,
} from '../../swap/swap-transaction.js';
import { SOL_MINT, quoteSwap, type SwapQuote } from '../../swap/swap-quote.js';
import { tokenPrice } from '../../token-prices.js';
import type { JupiterContext } from './jupiter-context.js';
import { describeIssue, quoteQuery, swapBody, type SwapBody } from './jupiter-params.js';
import { instructionJson } from './jupiter-v2-wire.js';
import { jupiterError, labelOf, quoteFailureResponse, quoteResponseOf } from './jupiter-wire.js';

export function getQuote(ctx: JupiterContext, request: MarketRequest): MarketResponse {
  const started = performance.now();
  const parsed = quoteQuery.safeParse(Object.fromEntries(request.query));
  if (!parsed.success) return jupiterError(400, describeIssue(parsed.error, 'Query parameter'));
  const q = parsed.data;
  const only = labelSet(q.dexes);
  const excluded = labelSet(q.excludeDexes);
  const result = quoteSwap(ctx.market, {
    inputMint: q.inputMint,
    outputMint: q.outputMint,
    amount: q.amount,
    swapMode: q.swapMode,
    slippageBps: q.slippageBps,
    allowPool: (pool) => {
      const label = labelOf(pool.dexId);
      return (only === null || only.has(label)) && !(excluded?.has(label) ?? false);
    },
  });
  if (!result.ok) return quoteFailureResponse(result.failure);
  if (q.onlyDirectRoutes && result.quote.legs.length > 1) {
    return jupiterError(400, 'Could not find any route', 'COULD_NOT_FIND_ANY_ROUTE');
  }
  return {
    status: 200,
    json: quoteResponseOf(result.quote, {
      swapUsdValue: swapUsdValue(ctx, result.quote),
      timeTakenSeconds: (performance.now() - started) / 1000,
    }),
  };
}

export async function postSwap(
  ctx: JupiterContext,
  request: MarketRequest,
): Promise<MarketResponse> {
  const checked = freshSwap(ctx, request);
  if ('error' in checked) return checked.error;
  const { swap, quote } = checked;
  const unitPrice = computeUnitPrice(swap);
  const { blockhash, lastValidBlockHeight } = ctx.chain.latestBlockhash();
  const compiled = await buildSwapTransaction(ctx.market, quote, {
    user: swap.userPublicKey,
    ...(swap.payer === undefined ? {} : { payer: swap.payer }),
    blockhash,
    version: swap.asLegacyTransaction ? 'legacy' : 0,
    computeUnitPriceMicroLamports: unitPrice,
  });
  return {
    status: 200,
    json: {
      swapTransaction: encodeBase64(compiled.bytes),
      lastValidBlockHeight: Number(lastValidBlockHeight),
      ...feeFields(unitPrice),
      dynamicSlippageReport: null,
      simulationError: null,
    },
  };
}

/**
 * `POST /swap/v1/swap-instructions`: the same fill as /swap, as instructions for the user's own
 * transaction, in Jupiter's published shape. Where the sandbox's fill differs from Jupiter's one
 * program instruction (see swap-cosigner.ts): `setupInstructions` holds the token accounts'
 * creation and then the pools' payments (every client includes setup; Jupiter's own examples
 * leave `otherInstructions` out), `swapInstruction` is the user's payment naming the pools as
 * signers, and the localnet's RPC adds the pools' signatures when the transaction is sent.
 * Native SOL throughout, so there is no cleanup (no wrapped SOL account to close).
 */
export async function postSwapInstructions(
  ctx: JupiterContext,
  request: MarketRequest,
): Promise<MarketResponse> {
  const checked = freshSwap(ctx, request);
  if ('error' in checked) return checked.error;
  const { swap, quote } = checked;
  const unitPrice = computeUnitPrice(swap);
  const parts = await swapInstructions(ctx.market, quote, {
    user: swap.userPublicKey,
    ...(swap.payer === undefined ? {} : { payer: swap.payer }),
    computeUnitPriceMicroLamports: unitPrice,
  });
  const pools = parts.poolSigners.map((k) => k.address);
  const payIn: Instruction = {
    ...parts.payIn,
    accounts: [
      ...parts.payIn.accounts,
      ...pools.map((pool) => ({ address: pool, signer: true, writable: false })),
    ],
  };
  const { lastValidBlockHeight } = ctx.chain.latestBlockhash();
  ctx.cosigner.register([payIn, ...parts.payOut], parts.poolSigners, lastValidBlockHeight);
  return {
    status: 200,
    json: {
      tokenLedgerInstruction: null,
      computeBudgetInstructions: parts.computeBudget.map(instructionJson),
      setupInstructions: [...parts.setup, ...parts.payOut].map(instructionJson),
      swapInstruction: instructionJson(payIn),
      cleanupInstruction: null,
      otherInstructions: [],
      addressLookupTableAddresses: [],
      ...feeFields(unitPrice),
      dynamicSlippageReport: null,
      simulationError: null,
    },
  };
}

/** The request's quote re-quoted at today's reserves, refused when it moved beyond slippage. */
function freshSwap(
  ctx: JupiterContext,
  request: MarketRequest,
): { error: MarketResponse } | { swap: SwapBody; quote: SwapQuote } {
  const body = parseJsonBody(request.rawBody);
  if (body === undefined)
    return { error: jupiterError(400, 'Failed to deserialize the JSON body') };
  const parsed = swapBody.safeParse(body);
  if (!parsed.success) return { error: jupiterError(400, describeIssue(parsed.error, 'Field')) };
  const swap = parsed.data;
  const quoted = swap.quoteResponse;
  const amount = BigInt(quoted.swapMode === 'ExactIn' ? quoted.inAmount : quoted.outAmount);
  const fresh = quoteSwap(ctx.market, {
    inputMint: quoted.inputMint,
    outputMint: quoted.outputMint,
    amount,
    swapMode: quoted.swapMode,
    slippageBps: quoted.slippageBps,
    pools: quoted.routePlan.map((step) => step.swapInfo.ammKey),
  });
  if (!fresh.ok) return { error: quoteFailureResponse(fresh.failure) };
  const threshold = BigInt(quoted.otherAmountThreshold);
  const stale =
    quoted.swapMode === 'ExactIn'
      ? fresh.quote.outAmount < threshold
      : fresh.quote.inAmount > threshold;
  if (stale) {
    return {
      error: jupiterError(
        400,
        quoted.swapMode === 'ExactIn'
          ? `Slippage tolerance exceeded: the route now pays ${fresh.quote.outAmount}, below otherAmountThreshold ${threshold}`
          : `Slippage tolerance exceeded: the route now costs ${fresh.quote.inAmount}, above otherAmountThreshold ${threshold}`,
        'SLIPPAGE_TOLERANCE_EXCEEDED',
      ),
    };
  }
  return { swap, quote: fresh.quote };
}

function feeFields(unitPrice: bigint): Record<string, unknown> {
  const prioritizationFeeLamports = (unitPrice * BigInt(SWAP_COMPUTE_UNIT_LIMIT)) / 1_000_000n;
  return {
    prioritizationFeeLamports: Number(prioritizationFeeLamports),
    computeUnitLimit: SWAP_COMPUTE_UNIT_LIMIT,
    prioritizationType: {
      computeBudget: {
        microLamports: Number(unitPrice),
        estimatedMicroLamports: Number(unitPrice),
      },
    },
  };
}

/**
 * The compute-unit price a request asks for. The sandbox has no congestion, so 'auto' and the
 * priority levels cost nothing; a lamport budget is spread over the compute-unit limit. A Jito tip
 * is ignored (there is no block engine offline).
 */
function computeUnitPrice(swap: SwapBody): bigint {
  if (typeof swap.computeUnitPriceMicroLamports === 'number') {
    return BigInt(swap.computeUnitPriceMicroLamports);
  }
  if (typeof swap.prioritizationFeeLamports === 'number') {
    return (BigInt(swap.prioritizationFeeLamports) * 1_000_000n) / BigInt(SWAP_COMPUTE_UNIT_LIMIT);
  }
  return 0n;
}

/** Jupiter's `dexes=Raydium CP,Whirlpool` lists, by label. */
function labelSet(list: string | undefined): Set<string> | null {
  if (list === undefined || list.trim() === '') return null;
  return new Set(list.split(',').map((label) => label.trim()));
}

export function swapUsdValue(ctx: JupiterContext, quote: SwapQuote): number {
  const mint = quote.request.inputMint;
  const price = tokenPrice(ctx.market, mint);
  const decimals = mint === SOL_MINT ? 9 : (ctx.market.token(mint)?.decimals ?? 0);
  return price === null ? 0 : (Number(quote.inAmount) / 10 ** decimals) * price.usd;
}
