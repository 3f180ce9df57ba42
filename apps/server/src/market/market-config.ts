import type { MarketConfig } from '@fleet/market';
import type { MarketEnv } from '../env';

/** What the environment decides about the market; the transport (`fetch`) is added by the caller. */
export type MarketSettings = Omit<MarketConfig, 'fetch' | 'clock' | 'broadcast' | 'lookupMetadata'>;

/**
 * The market's configuration from the environment (issue 18). With the embedded localnet
 * (`sandboxUrl` set), every provider left unset points at the sandbox market's prefix for it,
 * with placeholder keys the sandbox accepts, so `npm start` prices from the local chain with
 * nothing to configure. Without it, unset URLs fall to the package's defaults: the providers'
 * public hosts. A URL set in the environment always wins.
 */
export function marketSettingsFor(env: MarketEnv, sandboxUrl: string | undefined): MarketSettings {
  const base = sandboxUrl?.replace(/\/+$/, '');
  const sandbox = (prefix: string) => (base === undefined ? undefined : `${base}${prefix}`);
  const jupiterBaseUrl = env.jupiterBaseUrl ?? sandbox('/jupiter');
  const jupiterApiKey = env.jupiterApiKey ?? (base === undefined ? undefined : 'sandbox');
  const moralisBaseUrl = env.moralisBaseUrl ?? sandbox('/moralis');
  const moralisApiKey = env.moralisApiKey ?? (base === undefined ? undefined : 'sandbox');
  const dexscreenerBaseUrl = env.dexscreenerBaseUrl ?? sandbox('/dexscreener');
  const geckoterminalBaseUrl = env.geckoterminalBaseUrl ?? sandbox('/geckoterminal');
  const pumpportalUrl =
    env.pumpportalUrl ??
    (base === undefined ? undefined : `${base.replace(/^http/, 'ws')}/pumpportal/api/data`);
  return {
    jupiter: {
      ...(jupiterBaseUrl === undefined ? {} : { baseUrl: jupiterBaseUrl }),
      ...(jupiterApiKey === undefined ? {} : { apiKey: jupiterApiKey }),
      swapApi: env.jupiterSwapApi,
      // The sandbox lands /build transactions at its own /swap/v2/submit (packages/market README).
      ...(env.jupiterBaseUrl === undefined && base !== undefined
        ? { submitPath: '/swap/v2/submit' }
        : {}),
    },
    dexscreener: dexscreenerBaseUrl === undefined ? {} : { baseUrl: dexscreenerBaseUrl },
    geckoterminal: geckoterminalBaseUrl === undefined ? {} : { baseUrl: geckoterminalBaseUrl },
    moralis: {
      ...(moralisBaseUrl === undefined ? {} : { baseUrl: moralisBaseUrl }),
      ...(moralisApiKey === undefined ? {} : { apiKey: moralisApiKey }),
    },
    pumpportal: pumpportalUrl === undefined ? {} : { url: pumpportalUrl },
  };
}
