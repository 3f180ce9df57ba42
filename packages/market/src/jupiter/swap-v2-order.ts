// Swap V2's managed flow: GET /swap/v2/order with the taker gives the quote and the transaction
// at once; POST /swap/v2/execute with the signed bytes and the order's requestId lands it.

import type { ProviderAccount } from '../budget/provider-account';
import { MarketError } from '../errors/market-error';
import { jupiterHeaders, jupiterUrl, type JupiterConfig } from './jupiter-config';
import { executeV2Schema, orderV2Schema } from './swap-schema';
import { impactOf, routeLabelsOf, type SwapQuote, type SwapService } from './swap-service';

interface Order {
  readonly requestId: string;
  readonly transaction: string | null;
  readonly lastValidBlockHeight: bigint | null;
}

export function createSwapV2Order(account: ProviderAccount, config: JupiterConfig): SwapService {
  const orders = new WeakMap<SwapQuote, Order>();
  const requestIds = new WeakMap<object, string>();
  return {
    api: 'v2-order',
    async quote(request, signal) {
      const query = new URLSearchParams({
        inputMint: request.inputMint,
        outputMint: request.outputMint,
        amount: request.amount.toString(),
        taker: request.taker,
        slippageBps: String(request.slippageBps),
      });
      const order = await account.request({
        endpoint: 'swap/v2/order',
        bucket: 'default',
        url: jupiterUrl(config, '/swap/v2/order', query),
        headers: jupiterHeaders(config),
        schema: orderV2Schema,
        ...(signal === undefined ? {} : { signal }),
      });
      const quote: SwapQuote = {
        api: 'v2-order',
        request,
        inAmount: order.inAmount,
        outAmount: order.outAmount,
        minOutAmount: order.otherAmountThreshold,
        slippageBps: order.slippageBps,
        priceImpactPct: order.priceImpact ?? impactOf(order.priceImpactPct),
        routeLabels: routeLabelsOf(order.routePlan),
      };
      const height = order.lastValidBlockHeight;
      orders.set(quote, {
        requestId: order.requestId,
        transaction: order.transaction ?? null,
        lastValidBlockHeight: height === undefined ? null : BigInt(height),
      });
      // An order without a transaction says why (insufficient funds, top up SOL for gas).
      if ((order.transaction ?? '') === '')
        throw new MarketError('MARKET__SWAP_FAILED', {
          provider: 'jupiter',
          step: 'order',
          reason: order.errorMessage ?? order.error ?? 'no transaction in the order',
        });
      return quote;
    },
    prepare(quote) {
      const order = orders.get(quote);
      if (order?.transaction == null)
        return Promise.reject(
          new MarketError('MARKET__SWAP_FAILED', {
            provider: 'jupiter',
            step: 'order',
            reason: 'the quote was not made by this client',
          }),
        );
      const prepared = {
        quote,
        transactionBase64: order.transaction,
        lastValidBlockHeight: order.lastValidBlockHeight,
      };
      requestIds.set(prepared, order.requestId);
      return Promise.resolve(prepared);
    },
    async send(prepared, signed, signal) {
      const requestId = requestIds.get(prepared);
      if (requestId === undefined)
        throw new MarketError('MARKET__SWAP_FAILED', {
          provider: 'jupiter',
          step: 'execute',
          reason: 'the swap was not prepared by this client',
        });
      const result = await account.request({
        endpoint: 'swap/v2/execute',
        bucket: 'default',
        url: jupiterUrl(config, '/swap/v2/execute'),
        method: 'POST',
        headers: jupiterHeaders(config),
        body: { signedTransaction: signed, requestId },
        schema: executeV2Schema,
        ...(signal === undefined ? {} : { signal }),
      });
      if (result.status !== 'Success' || result.code !== 0 || result.signature === undefined)
        throw new MarketError('MARKET__SWAP_FAILED', {
          provider: 'jupiter',
          step: 'execute',
          reason: `${result.error ?? 'failed'} (code ${result.code})`,
        });
      return {
        status: 'landed',
        signature: result.signature,
        inputAmount: result.inputAmountResult ?? null,
        outputAmount: result.outputAmountResult ?? null,
      };
    },
  };
}
