// Swap V2's composable flow: GET /swap/v2/build answers the quote with instructions, which we
// compose into the transaction to sign; the signed bytes go to Jupiter's /submit (or, as the
// operator chooses, through our own RPC), where a SOL tip in the transaction pays for landing.

import type { ProviderAccount } from '../budget/provider-account';
import { MarketError } from '../errors/market-error';
import { composeBuildTransaction } from './compose-build-transaction';
import { jupiterHeaders, jupiterUrl, type JupiterConfig } from './jupiter-config';
import { buildV2Schema, submitSchema, type BuildV2 } from './swap-schema';
import { impactOf, routeLabelsOf, type SwapQuote, type SwapService } from './swap-service';

/** Jupiter's documented minimum tip for /submit: 0.001 SOL. */
export const MIN_SUBMIT_TIP_LAMPORTS = 1_000_000n;
export const DEFAULT_SUBMIT_PATH = '/tx/v1/submit';

export function createSwapV2Build(account: ProviderAccount, config: JupiterConfig): SwapService {
  const builds = new WeakMap<SwapQuote, BuildV2>();
  return {
    api: 'v2-build',
    async quote(request, signal) {
      const tip = config.tipLamports ?? MIN_SUBMIT_TIP_LAMPORTS;
      const query = new URLSearchParams({
        inputMint: request.inputMint,
        outputMint: request.outputMint,
        amount: request.amount.toString(),
        taker: request.taker,
        slippageBps: String(request.slippageBps),
        tipAmount: tip.toString(),
      });
      const build = await account.request({
        endpoint: 'swap/v2/build',
        bucket: 'default',
        url: jupiterUrl(config, '/swap/v2/build', query),
        headers: jupiterHeaders(config),
        schema: buildV2Schema,
        ...(signal === undefined ? {} : { signal }),
      });
      const quote: SwapQuote = {
        api: 'v2-build',
        request,
        inAmount: build.inAmount,
        outAmount: build.outAmount,
        minOutAmount: build.otherAmountThreshold,
        slippageBps: build.slippageBps,
        priceImpactPct: impactOf(build.priceImpactPct),
        routeLabels: routeLabelsOf(build.routePlan),
      };
      builds.set(quote, build);
      return quote;
    },
    prepare(quote) {
      const build = builds.get(quote);
      if (build === undefined)
        return Promise.reject(
          new MarketError('MARKET__SWAP_FAILED', {
            provider: 'jupiter',
            step: 'build',
            reason: 'the quote was not made by this client',
          }),
        );
      try {
        return Promise.resolve({ quote, ...composeBuildTransaction(build, quote.request.taker) });
      } catch (error) {
        return Promise.reject(
          new MarketError(
            'MARKET__SWAP_FAILED',
            {
              provider: 'jupiter',
              step: 'build',
              reason: error instanceof Error ? error.message : String(error),
            },
            { cause: error },
          ),
        );
      }
    },
    async send(_prepared, signed, signal) {
      const answer = await account.request({
        endpoint: 'submit',
        bucket: 'default',
        url: jupiterUrl(config, config.submitPath ?? DEFAULT_SUBMIT_PATH),
        method: 'POST',
        headers: jupiterHeaders(config),
        body: { signedTransaction: signed },
        schema: submitSchema,
        ...(signal === undefined ? {} : { signal }),
      });
      return { status: 'sent', signature: answer.signature };
    },
  };
}
