import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../env';
import { marketSettingsFor } from './market-config';

const SANDBOX = 'http://127.0.0.1:40000/market';

describe('market configuration', () => {
  it('points every provider left unset at the sandbox market when the embedded localnet runs', () => {
    expect(marketSettingsFor(loadEnv({}).market, SANDBOX)).toEqual({
      jupiter: {
        baseUrl: `${SANDBOX}/jupiter`,
        apiKey: 'sandbox',
        swapApi: 'v1',
        submitPath: '/swap/v2/submit',
      },
      dexscreener: { baseUrl: `${SANDBOX}/dexscreener` },
      geckoterminal: { baseUrl: `${SANDBOX}/geckoterminal` },
      moralis: { baseUrl: `${SANDBOX}/moralis`, apiKey: 'sandbox' },
      pumpportal: { url: 'ws://127.0.0.1:40000/market/pumpportal/api/data' },
    });
  });

  it("leaves unset providers to the package's public hosts without the sandbox, and keys unset", () => {
    expect(
      marketSettingsFor(loadEnv({ SOLANA_RPC_URLS: 'https://rpc' }).market, undefined),
    ).toEqual({
      jupiter: { swapApi: 'v1' },
      dexscreener: {},
      geckoterminal: {},
      moralis: {},
      pumpportal: {},
    });
  });

  it('lets every variable win over the sandbox', () => {
    const env = loadEnv({
      JUPITER_BASE_URL: 'https://api.jup.ag',
      JUPITER_API_KEY: 'jup-key',
      JUPITER_SWAP_API: 'v2',
      DEXSCREENER_BASE_URL: 'https://api.dexscreener.com',
      GECKOTERMINAL_BASE_URL: 'https://api.geckoterminal.com',
      MORALIS_BASE_URL: 'https://solana-gateway.moralis.io',
      MORALIS_API_KEY: 'moralis-key',
      PUMPPORTAL_URL: 'wss://pumpportal.fun/api/data',
    });
    expect(marketSettingsFor(env.market, SANDBOX)).toEqual({
      jupiter: { baseUrl: 'https://api.jup.ag', apiKey: 'jup-key', swapApi: 'v2' },
      dexscreener: { baseUrl: 'https://api.dexscreener.com' },
      geckoterminal: { baseUrl: 'https://api.geckoterminal.com' },
      moralis: { baseUrl: 'https://solana-gateway.moralis.io', apiKey: 'moralis-key' },
      pumpportal: { url: 'wss://pumpportal.fun/api/data' },
    });
  });

  it('refuses a provider URL that is not http(s), a feed that is not ws(s), and an unknown swap API', () => {
    expect(() => loadEnv({ JUPITER_BASE_URL: 'ftp://jup' })).toThrow(
      'Invalid environment variable JUPITER_BASE_URL: must be an http(s) URL',
    );
    expect(() => loadEnv({ PUMPPORTAL_URL: 'https://pumpportal.fun' })).toThrow(
      'Invalid environment variable PUMPPORTAL_URL: must be a ws(s):// URL',
    );
    expect(() => loadEnv({ JUPITER_SWAP_API: 'v3' })).toThrow(EnvError);
    expect(() => loadEnv({ JUPITER_SWAP_API: 'v3' })).toThrow('must be v1 or v2');
  });

  it('never echoes a provider key or URL in its complaint', () => {
    expect(() => loadEnv({ MORALIS_BASE_URL: 'nope-secret' })).toThrow(
      /^Invalid environment variable MORALIS_BASE_URL: must be an http\(s\) URL$/,
    );
  });
});
