// Swap v1 (Metis): GET /swap/v1/quote, then POST /swap/v1/swap with the quote as it came back.
// v1 does not send: the caller broadcasts the signed bytes through the chain's pool.

import type { ProviderAccount } from '../budget/provider-account';
import { MarketError } from '../errors/market-error';
import { jupiterHeaders, jupiterUrl, type JupiterConfig } from './jupiter-config';
import { quoteV1Schema, swapV1Schema, type QuoteV1 } from './swap-schema';
import { impactOf, routeLabelsOf, type SwapService } from './swap-service';

/** Signed bytes to the network; the server passes the chain's broadcast (at-most-once is its job). */
export type Broadcast = (signedTransactionBase64: string) => Promise<string>;

export function createSwapV1(
  account: ProviderAccount,
  config: JupiterConfig,
  broadcast: Broadcast,
): SwapService {
  // The raw quote must go back to /swap untouched; it is kept beside the quote we hand out.
  const rawQuotes = new WeakMap<object, QuoteV1>();
  return {
    api: 'v1',
    async quote(request, signal) {
      const query = new URLSearchParams({
        inputMint: request.inputMint,
        outputMint: request.outputMint,
        amount: request.amount.toString(),
        slippageBps: String(request.slippageBps),
        swapMode: 'ExactIn',
      });
      const raw = await account.request({
        endpoint: 'swap/v1/quote',
        bucket: 'default',
        url: jupiterUrl(config, '/swap/v1/quote', query),
        headers: jupiterHeaders(config),
        schema: quoteV1Schema,
        ...(signal === undefined ? {} : { signal }),
      });
      const quote = {
        api: 'v1' as const,
        request,
        inAmount: BigInt(raw.inAmount),
        outAmount: BigInt(raw.outAmount),
        minOutAmount: BigInt(raw.otherAmountThreshold),
        slippageBps: raw.slippageBps,
        priceImpactPct: impactOf(raw.priceImpactPct),
        routeLabels: routeLabelsOf(raw.routePlan),
      };
      rawQuotes.set(quote, raw);
      return quote;
    },
    async prepare(quote, signal) {
      const raw = rawQuotes.get(quote);
      if (raw === undefined)
        throw new MarketError('MARKET__SWAP_FAILED', {
          provider: 'jupiter',
          step: 'swap',
          reason: 'the quote was not made by this client',
        });
      const answer = await account.request({
        endpoint: 'swap/v1/swap',
        bucket: 'default',
        url: jupiterUrl(config, '/swap/v1/swap'),
        method: 'POST',
        headers: jupiterHeaders(config),
        body: {
          quoteResponse: raw,
          userPublicKey: quote.request.taker,
          wrapAndUnwrapSol: true,
          dynamicComputeUnitLimit: true,
        },
        schema: swapV1Schema,
        ...(signal === undefined ? {} : { signal }),
      });
      return {
        quote,
        transactionBase64: answer.swapTransaction,
        lastValidBlockHeight: BigInt(answer.lastValidBlockHeight),
      };
    },
    async send(_prepared, signed) {
      return { status: 'sent', signature: await broadcast(signed) };
    },
  };
}
