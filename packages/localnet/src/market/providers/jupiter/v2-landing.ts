// Lands a V2 order's signed transaction on the chain (the sandbox's stand-in for Jupiter's
// landing service) and reports it in /execute's words.

import type { WireTransaction } from '../../../chain/wire-transaction.js';
import { transactionErrorText } from '../../../chain/transaction-error.js';
import type { SwapQuote } from '../../swap/swap-quote.js';
import type { JupiterContext } from './jupiter-context.js';
import { EXECUTE_CODES } from './jupiter-v2-wire.js';

export interface ExecuteResult {
  readonly status: 'Success' | 'Failed';
  readonly code: number;
  readonly signature?: string;
  readonly slot?: string;
  readonly error?: string;
  readonly totalInputAmount?: string;
  readonly totalOutputAmount?: string;
  readonly inputAmountResult?: string;
  readonly outputAmountResult?: string;
  readonly swapEvents?: readonly {
    readonly inputMint: string;
    readonly inputAmount: string;
    readonly outputMint: string;
    readonly outputAmount: string;
  }[];
}

export function landAndReport(
  ctx: JupiterContext,
  tx: WireTransaction,
  quote: SwapQuote,
): ExecuteResult {
  const outcome = ctx.chain.land(tx);
  if (!outcome.landed) {
    return {
      status: 'Failed',
      code: EXECUTE_CODES.notLanded,
      signature: tx.signature,
      error: transactionErrorText(outcome.err),
    };
  }
  const { record } = outcome;
  if (record.err !== null) {
    return {
      status: 'Failed',
      code: EXECUTE_CODES.failedOnChain,
      signature: record.signature,
      slot: record.slot.toString(),
      error: transactionErrorText(record.err),
    };
  }
  return {
    status: 'Success',
    code: EXECUTE_CODES.landed,
    signature: record.signature,
    slot: record.slot.toString(),
    totalInputAmount: quote.inAmount.toString(),
    totalOutputAmount: quote.outAmount.toString(),
    inputAmountResult: quote.inAmount.toString(),
    outputAmountResult: quote.outAmount.toString(),
    swapEvents: quote.legs.map((leg) => ({
      inputMint: leg.inputMint,
      inputAmount: leg.amountIn.toString(),
      outputMint: leg.outputMint,
      outputAmount: leg.amountOut.toString(),
    })),
  };
}
