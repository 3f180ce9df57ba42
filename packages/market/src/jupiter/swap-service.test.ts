import { systemClock } from '@fleet/core';
import {
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
} from '@solana/kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { createProviderAccount } from '../budget/provider-account';
import { isMarketError } from '../errors/market-error';
import {
  fixtureText,
  json,
  startFakeProvider,
  type FakeProviderServer,
} from '../testing/fake-provider-server';
import { createSwapService } from './create-swap-service';
import type { JupiterConfig } from './jupiter-config';

const SOL = 'So11111111111111111111111111111111111111112';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const TAKER = 'jdocuPgEAjMfihABsPgKEvYtsmMzjUHeq9LX4Hvs7f3';
const request = {
  inputMint: SOL,
  outputMint: USDC,
  amount: 100_000_000n,
  slippageBps: 50,
  taker: TAKER,
};

let server: FakeProviderServer;
beforeEach(async () => {
  server = await startFakeProvider(() => 0);
});
afterEach(async () => {
  await server.close();
});

const serviceFor = (
  config: JupiterConfig,
  broadcast = (_: string) => Promise.resolve('sig-from-rpc'),
) =>
  createSwapService(
    createProviderAccount({
      provider: 'jupiter',
      buckets: { default: { requests: 60, perMs: 60_000 } },
      fetch,
      clock: systemClock,
    }),
    { baseUrl: server.url, apiKey: 'k', ...config },
    broadcast,
  );

describe('Jupiter swaps behind one interface', () => {
  it('Swap v1 quotes, posts the quote back to /swap untouched, and broadcasts through the RPC', async () => {
    const quoteText = fixtureText(import.meta.url, 'quote-v1.json');
    server.route(/GET \/swap\/v1\/quote/, () => json(quoteText));
    server.route(/POST \/swap\/v1\/swap/, () => json(fixtureText(import.meta.url, 'swap-v1.json')));
    const swaps = serviceFor({ swapApi: 'v1' });
    const quote = await swaps.quote(request);
    expect(quote).toMatchObject({
      api: 'v1',
      inAmount: 100_000_000n,
      outAmount: 14_742_311n,
      minOutAmount: 14_668_599n,
      slippageBps: 50,
      routeLabels: ['Whirlpool'],
    });
    const query = server.requests[0]?.query;
    expect(query?.get('amount')).toBe('100000000');
    expect(query?.get('slippageBps')).toBe('50');
    const prepared = await swaps.prepare(quote);
    expect(prepared.lastValidBlockHeight).toBe(326_187_466n);
    const posted = JSON.parse(server.requests[1]?.body ?? '{}') as {
      quoteResponse: unknown;
      userPublicKey: string;
    };
    // Fields we do not read (platformFee, swapUsdValue) go back as Jupiter sent them.
    expect(posted.quoteResponse).toEqual(JSON.parse(quoteText));
    expect(posted.userPublicKey).toBe(TAKER);
    expect(server.requests.every((r) => r.headers['x-api-key'] === 'k')).toBe(true);
    expect(await swaps.send(prepared, 'c2lnbmVk')).toEqual({
      status: 'sent',
      signature: 'sig-from-rpc',
    });
  });

  it('Swap V2 /order gives the transaction to sign, /execute lands it with the requestId', async () => {
    server.route(/GET \/swap\/v2\/order/, () =>
      json(fixtureText(import.meta.url, 'order-v2.json')),
    );
    server.route(/POST \/swap\/v2\/execute/, () =>
      json(fixtureText(import.meta.url, 'execute-v2.json')),
    );
    const swaps = serviceFor({ swapApi: 'v2' });
    const quote = await swaps.quote(request);
    expect(quote).toMatchObject({
      api: 'v2-order',
      outAmount: 14_742_311n,
      routeLabels: ['MeteoraDLMM'],
    });
    expect(server.requests[0]?.query.get('taker')).toBe(TAKER);
    const prepared = await swaps.prepare(quote);
    expect(prepared.transactionBase64.startsWith('AQAAAA')).toBe(true);
    const outcome = await swaps.send(prepared, 'c2lnbmVk');
    expect(outcome).toMatchObject({ status: 'landed', outputAmount: 14_742_311n });
    expect(JSON.parse(server.requests[1]?.body ?? '{}')).toEqual({
      signedTransaction: 'c2lnbmVk',
      requestId: '019974a8-5fbb-7395-9355-9ebf8f844884',
    });
  });

  it('Swap V2 /execute that failed on chain is a failure with Jupiter’s words', async () => {
    server.route(/GET \/swap\/v2\/order/, () =>
      json(fixtureText(import.meta.url, 'order-v2.json')),
    );
    server.route(/POST \/swap\/v2\/execute/, () =>
      json(fixtureText(import.meta.url, 'execute-v2-failed.json')),
    );
    const swaps = serviceFor({ swapApi: 'v2' });
    const prepared = await swaps.prepare(await swaps.quote(request));
    const outcome = await swaps.send(prepared, 'c2lnbmVk').catch((e: unknown) => e);
    expect(isMarketError(outcome, 'MARKET__SWAP_FAILED')).toBe(true);
    expect((outcome as Error).message).toBe(
      'jupiter execute failed: Slippage tolerance exceeded (code 6001)',
    );
  });

  it('Swap V2 /build composes a v0 transaction paid by the taker, through the lookup table, and /submit sends it', async () => {
    server.route(/GET \/swap\/v2\/build/, () =>
      json(fixtureText(import.meta.url, 'build-v2.json')),
    );
    server.route(/POST \/tx\/v1\/submit/, () => json(fixtureText(import.meta.url, 'submit.json')));
    const swaps = serviceFor({ swapApi: 'v2', v2Flow: 'build' });
    const quote = await swaps.quote(request);
    expect(server.requests[0]?.query.get('tipAmount')).toBe('1000000');
    const prepared = await swaps.prepare(quote);
    expect(prepared.lastValidBlockHeight).toBe(326_187_466n);
    const tx = getTransactionDecoder().decode(
      getBase64Encoder().encode(prepared.transactionBase64),
    );
    expect(Object.keys(tx.signatures)).toEqual([TAKER]);
    const message = getCompiledTransactionMessageDecoder().decode(tx.messageBytes);
    if (message.version !== 0)
      throw new Error(`expected a v0 message, got ${String(message.version)}`);
    expect(message.staticAccounts[0]).toBe(TAKER);
    // Compute budget ×2, ATA setup, swap, cleanup, tip.
    expect(message.instructions.length).toBe(6);
    expect(message.addressTableLookups?.[0]?.lookupTableAddress).toBe(
      '4ggjnbGGQEBYS72WmYRgDkBFzqUFxZQFxXgKNnJ13UTq',
    );
    const sent = await swaps.send(prepared, 'c2lnbmVk');
    expect(sent.status).toBe('sent');
    expect(JSON.parse(server.requests[1]?.body ?? '{}')).toEqual({ signedTransaction: 'c2lnbmVk' });
  });
});
