// The official @jup-ag/api client, unchanged, against the sandbox: only its base path differs
// (its `createJupiterApiClient` hard-codes api.jup.ag, so the client class is built directly).

import { Configuration, SwapApi } from '@jup-ag/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestBed, type TestBed } from '../../sandbox-test-bed.js';
import { SOL_MINT } from '../../swap/swap-quote.js';

let bed: TestBed;

beforeAll(async () => {
  bed = await startTestBed({ market: { seed: 'official-client', jupiterApiKey: 'sandbox-key' } });
});

afterAll(async () => {
  await bed.close();
});

describe('@jup-ag/api against the sandbox', () => {
  it('quotes and builds a swap that lands', async () => {
    const lantern = bed.token('LNTRN');
    const jupiter = new SwapApi(
      new Configuration({
        basePath: `${bed.market.url}/jupiter/swap/v1`,
        headers: { 'x-api-key': 'sandbox-key' },
      }),
    );
    const quote = await jupiter.quoteGet({
      inputMint: SOL_MINT,
      outputMint: lantern.mint,
      amount: 250_000_000,
      slippageBps: 100,
    });
    expect(quote.inAmount).toBe('250000000');
    expect(quote.routePlan[0]?.swapInfo.label).toBe('Raydium CP');
    expect(Number(quote.otherAmountThreshold)).toBeLessThan(Number(quote.outAmount));

    const user = await bed.fundedUser();
    const swap = await jupiter.swapPost({
      swapRequest: {
        quoteResponse: quote,
        userPublicKey: user.address,
        dynamicComputeUnitLimit: true,
        prioritizationFeeLamports: {
          priorityLevelWithMaxLamports: { priorityLevel: 'medium', maxLamports: 100_000 },
        },
      },
    });
    expect(swap.lastValidBlockHeight).toBeGreaterThan(0);
    await bed.signAndSend(user, swap.swapTransaction);
    expect(await bed.tokenBalance(user.address, lantern.mint)).toBe(BigInt(quote.outAmount));
  });

  it('is refused without the API key the sandbox was told to require', async () => {
    const keyless = new SwapApi(
      new Configuration({ basePath: `${bed.market.url}/jupiter/swap/v1` }),
    );
    await expect(
      keyless.quoteGet({ inputMint: SOL_MINT, outputMint: bed.token('KELP').mint, amount: 1000 }),
    ).rejects.toMatchObject({ response: { status: 401 } });
  });
});
