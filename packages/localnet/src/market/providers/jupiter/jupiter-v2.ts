// Jupiter's Swap API v2 (the flows Jupiter now maintains instead of v1): `/order` + `/execute`
// (Jupiter builds the transaction and lands it) and `/build` + `/submit` (the taker assembles the
// transaction from instructions, and Jupiter's landing service sends it). In the sandbox,
// "landing" is the chain itself, and /submit is where the pools co-sign: a /build transaction
// holds the pools' payments, which only the sandbox can sign, so it lands through /submit only.
// Wire shapes and the assumptions behind them: jupiter-v2-wire.ts.

import { randomUUID } from 'node:crypto';

import { parseWireTransaction, type WireTransaction } from '../../../chain/wire-transaction.js';
import type { Keypair } from '../../../chain/keypair.js';
import { decodeBase64, encodeBase64 } from '../../../codec/base64.js';
import {
  parseJsonBody,
  type MarketRequest,
  type MarketResponse,
} from '../../http/market-request.js';
import { compileTransaction } from '../../swap/partial-transaction.js';
import { quoteSwap, type SwapQuote } from '../../swap/swap-quote.js';
import { fingerprint, instructionsOf, withSignatures } from '../../swap/swap-cosigner.js';
import { swapInstructions } from '../../swap/swap-transaction.js';
import type { JupiterContext } from './jupiter-context.js';
import { describeIssue, executeBody, orderQuery, submitBody } from './jupiter-params.js';
import { swapUsdValue } from './jupiter-v1.js';
import { jupiterError, quoteFailureResponse, routePlanOf } from './jupiter-wire.js';
import { EXECUTE_CODES, blockhashWithMetadata, instructionJson } from './jupiter-v2-wire.js';
import { landAndReport, type ExecuteResult } from './v2-landing.js';

/** Orders and builds remembered at once; the oldest are forgotten first. */
const PENDING_LIMIT = 10_000;

interface Pending {
  readonly quote: SwapQuote;
  readonly lastValidBlockHeight: bigint;
  /** /order: the exact message the taker must sign. */
  readonly messageBytes: Uint8Array | null;
  /** /build: the instructions the taker's transaction must carry, fingerprinted. */
  readonly fingerprints: readonly string[];
  readonly poolSigners: readonly Keypair[];
  result: ExecuteResult | null;
}

export interface SwapV2 {
  order(request: MarketRequest): Promise<MarketResponse>;
  execute(request: MarketRequest): MarketResponse;
  build(request: MarketRequest): Promise<MarketResponse>;
  submit(request: MarketRequest): MarketResponse;
}

export function createSwapV2(ctx: JupiterContext): SwapV2 {
  const pending = new Map<string, Pending>();
  const remember = (entry: Pending): string => {
    const requestId = randomUUID();
    pending.set(requestId, entry);
    if (pending.size > PENDING_LIMIT) {
      const oldest = pending.keys().next().value;
      if (oldest !== undefined) pending.delete(oldest);
    }
    return requestId;
  };

  const quoteFor = (
    request: MarketRequest,
  ): { error: MarketResponse } | { quote: SwapQuote; taker: string | undefined } => {
    const parsed = orderQuery.safeParse(Object.fromEntries(request.query));
    if (!parsed.success)
      return { error: jupiterError(400, describeIssue(parsed.error, 'Query parameter')) };
    const q = parsed.data;
    const result = quoteSwap(ctx.market, {
      inputMint: q.inputMint,
      outputMint: q.outputMint,
      amount: q.amount,
      swapMode: 'ExactIn',
      slippageBps: q.slippageBps,
    });
    if (!result.ok) return { error: quoteFailureResponse(result.failure) };
    return { quote: result.quote, taker: q.taker };
  };

  const quoteFields = (quote: SwapQuote): Record<string, unknown> => ({
    inputMint: quote.request.inputMint,
    outputMint: quote.request.outputMint,
    inAmount: quote.inAmount.toString(),
    outAmount: quote.outAmount.toString(),
    otherAmountThreshold: quote.otherAmountThreshold.toString(),
    swapMode: 'ExactIn',
    slippageBps: quote.request.slippageBps,
    priceImpactPct: quote.priceImpact.toString(),
    routePlan: routePlanOf(quote),
  });

  return {
    async order(request) {
      const found = quoteFor(request);
      if ('error' in found) return found.error;
      const { quote, taker } = found;
      const usd = swapUsdValue(ctx, quote);
      const common = {
        mode: 'ultra',
        ...quoteFields(quote),
        feeMint: quote.request.inputMint,
        feeBps: 0,
        taker: taker ?? null,
        gasless: false,
        // The taker pays for every signature: its own and each pool's.
        signatureFeeLamports: 5000 * (1 + quote.legs.length),
        prioritizationFeeLamports: 0,
        rentFeeLamports: 0,
        router: 'iris',
        inUsdValue: usd,
        outUsdValue: usd,
        swapUsdValue: usd,
        totalTime: 0,
      };
      if (taker === undefined) {
        return { status: 200, json: { ...common, transaction: null, requestId: randomUUID() } };
      }
      const parts = await swapInstructions(ctx.market, quote, { user: taker });
      const { blockhash, lastValidBlockHeight } = ctx.chain.latestBlockhash();
      const compiled = compileTransaction({
        feePayer: taker,
        instructions: [...parts.computeBudget, ...parts.setup, parts.payIn, ...parts.payOut],
        blockhash,
        version: 0,
        signWith: parts.poolSigners,
      });
      const requestId = remember({
        quote,
        lastValidBlockHeight,
        messageBytes: compiled.messageBytes,
        fingerprints: [],
        poolSigners: parts.poolSigners,
        result: null,
      });
      return {
        status: 200,
        json: {
          ...common,
          transaction: encodeBase64(compiled.bytes),
          requestId,
          lastValidBlockHeight: Number(lastValidBlockHeight),
        },
      };
    },

    execute(request) {
      const parsed = executeBody.safeParse(parseJsonBody(request.rawBody));
      if (!parsed.success) return jupiterError(400, describeIssue(parsed.error, 'Field'));
      const entry = pending.get(parsed.data.requestId);
      if (entry?.messageBytes == null) {
        return failed(EXECUTE_CODES.unknownRequest, 'Order not found or expired');
      }
      // Resubmitting a signed order answers the first outcome again, as Jupiter does.
      if (entry.result !== null) return { status: 200, json: entry.result };
      const tx = decodeTransaction(parsed.data.signedTransaction);
      if (tx === null || !sameBytes(tx.messageBytes, entry.messageBytes)) {
        return failed(
          EXECUTE_CODES.badTransaction,
          'The signed transaction is not this order’s transaction',
        );
      }
      entry.result = landAndReport(ctx, tx, entry.quote);
      return { status: 200, json: entry.result };
    },

    async build(request) {
      const found = quoteFor(request);
      if ('error' in found) return found.error;
      const { quote, taker } = found;
      if (taker === undefined) return jupiterError(400, 'Query parameter taker is missing');
      const parts = await swapInstructions(ctx.market, quote, { user: taker });
      const { blockhash, lastValidBlockHeight } = ctx.chain.latestBlockhash();
      const requestId = remember({
        quote,
        lastValidBlockHeight,
        messageBytes: null,
        fingerprints: [parts.payIn, ...parts.payOut].map(fingerprint),
        poolSigners: parts.poolSigners,
        result: null,
      });
      return {
        status: 200,
        json: {
          ...quoteFields(quote),
          computeBudgetInstructions: parts.computeBudget.map(instructionJson),
          setupInstructions: parts.setup.map(instructionJson),
          swapInstruction: instructionJson(parts.payIn),
          otherInstructions: parts.payOut.map(instructionJson),
          cleanupInstruction: null,
          addressesByLookupTableAddress: null,
          blockhashWithMetadata: blockhashWithMetadata(blockhash, lastValidBlockHeight, ctx.now()),
          requestId,
        },
      };
    },

    submit(request) {
      const parsed = submitBody.safeParse(parseJsonBody(request.rawBody));
      if (!parsed.success) return jupiterError(400, describeIssue(parsed.error, 'Field'));
      const tx = decodeTransaction(parsed.data.signedTransaction);
      if (tx === null) return jupiterError(400, 'signedTransaction is not a transaction');
      const present = new Set(instructionsOf(tx).map(fingerprint));
      const candidates =
        parsed.data.requestId === undefined
          ? [...pending.values()]
          : [pending.get(parsed.data.requestId)].filter((e) => e !== undefined);
      const entry = candidates.find(
        (e) =>
          e.messageBytes === null &&
          e.result === null &&
          e.fingerprints.every((f) => present.has(f)),
      );
      if (entry === undefined) {
        return jupiterError(
          400,
          'The transaction does not carry the instructions of a pending /build',
        );
      }
      const signed = withSignatures(tx, entry.poolSigners);
      entry.result = landAndReport(ctx, signed, entry.quote);
      return entry.result.status === 'Success'
        ? { status: 200, json: { signature: entry.result.signature } }
        : jupiterError(400, entry.result.error ?? 'The transaction failed');
    },
  };
}

function failed(code: number, error: string): MarketResponse {
  return { status: 400, json: { status: 'Failed', code, error } };
}

function decodeTransaction(base64: string): WireTransaction | null {
  try {
    return parseWireTransaction(decodeBase64(base64));
  } catch (_error) {
    return null;
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
