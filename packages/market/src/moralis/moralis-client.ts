// Moralis' Solana token price. It meters compute units per second and per day by plan, so the
// default budget is modest (README) and the key comes from configuration.

import type { ProviderAccount } from '../budget/provider-account';
import type { WindowLimit } from '../budget/window-limiter';
import { MarketError } from '../errors/market-error';
import { moralisTokenPriceSchema, type MoralisTokenPrice } from './moralis-schema';

export const MORALIS_BASE_URL = 'https://solana-gateway.moralis.io';
export const MORALIS_LIMIT: WindowLimit = { requests: 5, perMs: 1_000 };
const PRICE_STALE_MS = 15_000;

export interface MoralisConfig {
  readonly baseUrl?: string;
  readonly apiKey?: string;
  readonly limit?: WindowLimit;
}

export interface MoralisClient {
  readonly configured: boolean;
  tokenPrice(mint: string, signal?: AbortSignal): Promise<MoralisTokenPrice>;
}

export function createMoralisClient(
  account: ProviderAccount,
  config: MoralisConfig,
): MoralisClient {
  const base = (config.baseUrl ?? MORALIS_BASE_URL).replace(/\/+$/, '');
  const key = config.apiKey ?? '';
  return {
    configured: key !== '',
    async tokenPrice(mint, signal) {
      if (key === '')
        throw new MarketError('MARKET__NOT_CONFIGURED', {
          provider: 'moralis',
          what: 'no API key',
        });
      return account.request({
        endpoint: 'token/{address}/price',
        bucket: 'default',
        url: `${base}/token/mainnet/${encodeURIComponent(mint)}/price`,
        headers: { 'X-API-Key': key },
        schema: moralisTokenPriceSchema,
        staleMs: PRICE_STALE_MS,
        ...(signal === undefined ? {} : { signal }),
      });
    },
  };
}
