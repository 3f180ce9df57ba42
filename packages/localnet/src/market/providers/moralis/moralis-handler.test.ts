import { describe, expect, it } from 'vitest';

import {
  FLEET_MINT,
  FLEET_POOL,
  NFT_MINT,
  NOW_MS,
  PUMP_MINT,
  scenarioMarket,
} from '../../testing/market-scenario.js';
import { readSample, shapeDifferences } from '../../../testing/shape-differences.js';
import { moralisHandler } from './moralis-handler.js';

const market = scenarioMarket();

function call(method: string, path: string, body?: unknown): { status: number; body: unknown } {
  const response = moralisHandler(market, {
    method,
    path,
    query: new URLSearchParams(),
    headers: { 'x-api-key': 'sandbox' },
    body,
    nowMs: NOW_MS,
  });
  return { status: response.status, body: response.body };
}

describe('Moralis token price', () => {
  it('answers the Solana gateway’s price shape from the deepest pool', async () => {
    const { status, body } = call('GET', `/token/mainnet/${FLEET_MINT}/price`);
    expect(status).toBe(200);
    expect(
      shapeDifferences(
        await readSample(new URL('./samples/token-price.json', import.meta.url)),
        body,
      ),
    ).toEqual([]);
    expect(body).toMatchObject({
      tokenAddress: FLEET_MINT,
      pairAddress: FLEET_POOL,
      exchangeName: 'Raydium AMM v4',
      nativePrice: { value: '100000', symbol: 'WSOL', decimals: 9 },
      symbol: 'FLEET',
    });
    const price = body as {
      usdPrice: number;
      usdPrice24h: number;
      usdPrice24hrPercentChange: number;
    };
    expect(price.usdPrice).toBeCloseTo(0.015, 12);
    expect(price.usdPrice24h).toBeCloseTo(0.0075, 12);
    expect(price.usdPrice24hrPercentChange).toBe(100);
  });

  it('names the pump.fun curve for a token still bonding', () => {
    expect(call('GET', `/token/mainnet/${PUMP_MINT}/price`).body).toMatchObject({
      exchangeName: 'Pump.Fun',
    });
  });

  it('answers 404 for a token without a pool and 400 for bad addresses or networks', () => {
    expect(call('GET', `/token/mainnet/${NFT_MINT}/price`)).toEqual({
      status: 404,
      body: { message: 'No liquidity pools found for this token' },
    });
    expect(call('GET', '/token/mainnet/0OIl/price').status).toBe(400);
    expect(call('GET', `/token/testnet/${FLEET_MINT}/price`).status).toBe(400);
    expect(call('GET', '/nft/mainnet/x/metadata').status).toBe(404);
    expect(call('POST', `/token/mainnet/${FLEET_MINT}/price`).status).toBe(405);
  });

  it('prices up to 100 tokens in one POST, leaving out the unpriced', () => {
    const { status, body } = call('POST', '/token/mainnet/prices', {
      addresses: [FLEET_MINT, NFT_MINT, PUMP_MINT],
    });
    expect(status).toBe(200);
    expect((body as { tokenAddress: string }[]).map((p) => p.tokenAddress)).toEqual([
      FLEET_MINT,
      PUMP_MINT,
    ]);
    expect(call('POST', '/token/mainnet/prices', { addresses: 'x' }).status).toBe(400);
    expect(call('POST', '/token/mainnet/prices', { addresses: [] }).status).toBe(400);
    const many = Array.from({ length: 101 }, () => FLEET_MINT);
    expect(call('POST', '/token/mainnet/prices', { addresses: many }).status).toBe(400);
  });
});
