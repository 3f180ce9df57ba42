// Starts the sandbox market on a running localnet: the state over the chain, the seeded
// catalogue, the HTTP providers under `<localnet>/market`, and (unless told otherwise) the
// activity generator.

import type { LocalnetAdmin } from '../admin/admin.js';
import type { AssetRegistry } from '../admin/asset-registry.js';
import type { LocalChain } from '../chain/local-chain.js';
import type { WireTransaction } from '../chain/wire-transaction.js';
import type { EndpointCounters } from '../faults/endpoint.js';
import type { FaultProfile } from '../faults/fault-profile.js';
import { ActivityGenerator, type ActivityOptions } from './activity/activity-generator.js';
import { restoreLaunches } from './activity/restore-launches.js';
import type { ProviderHandler } from './http/market-request.js';
import { staticAssetsHandler } from './http/static-handler.js';
import { MARKET_BASE_PATH, type MarketRouter } from './market-http.js';
import type { MarketView } from './market-model.js';
import { MarketState } from './market-state.js';
import { jupiterHandler } from './providers/jupiter/jupiter-handler.js';
import { mountedDataProviders } from './providers/mounted-providers.js';
import { seedMarket } from './seed/seed-market.js';
import { SolUsdDrift, type SolUsdDriftOptions } from './sol-usd-drift.js';
import { SwapCosigner } from './swap/swap-cosigner.js';

export const DEFAULT_MARKET_SEED = 'fleet-sandbox';

export interface SandboxMarketOptions {
  /** Everything the market invents derives from this (default 'fleet-sandbox'). */
  readonly seed?: string;
  /** The market's clock (SOL/USD drift, trade times); default Date.now. */
  readonly now?: () => number;
  readonly solUsd?: Omit<SolUsdDriftOptions, 'seed' | 'now'>;
  /**
   * Fault profile per provider prefix ('jupiter', …). Jupiter defaults to 50 requests/s, the
   * order of a paid plan's limit; a provider without an entry has no limit.
   */
  readonly profiles?: Readonly<Record<string, FaultProfile>>;
  /** When set, Jupiter requires this `x-api-key`. */
  readonly jupiterApiKey?: string;
  /** The activity generator; `false` for a market that moves only when someone trades. */
  readonly activity?: ActivityOptions | false;
}

export interface SandboxMarket {
  /** Base URL: each provider answers at `${url}/<prefix>/…`. */
  readonly url: string;
  readonly view: MarketView;
  /** The generator, when the options asked for one. */
  readonly activity: ActivityGenerator | null;
  /**
   * `tx` with the pools' signatures added when it carries a fill handed out as instructions
   * (`/swap-instructions`); the localnet's RPC calls it before preflight and landing.
   */
  cosign(tx: WireTransaction): WireTransaction;
  /** Adds a provider at `${url}/<prefix>`, answered from `view`. */
  register(prefix: string, handler: ProviderHandler, profile?: FaultProfile): void;
  setProfile(prefix: string, profile: FaultProfile): void;
  counters(prefix: string): EndpointCounters;
  resetCounters(prefix: string): void;
  close(): Promise<void>;
}

export interface MarketDeps {
  readonly chain: LocalChain;
  readonly admin: LocalnetAdmin;
  readonly assets: AssetRegistry;
  readonly router: MarketRouter;
  readonly baseUrl: string;
  readonly onError: (error: unknown) => void;
}

const DEFAULT_PROFILES: Readonly<Record<string, FaultProfile>> = { jupiter: { rps: 50 } };

export async function startSandboxMarket(
  deps: MarketDeps,
  options: SandboxMarketOptions = {},
): Promise<SandboxMarket> {
  const seed = options.seed ?? DEFAULT_MARKET_SEED;
  const now = options.now ?? Date.now;
  const { chain, router } = deps;
  const state = new MarketState({
    chain,
    baseUrl: deps.baseUrl,
    solUsd: new SolUsdDrift({ ...options.solUsd, seed, now }),
    now,
    onListenerError: deps.onError,
  });
  await seedMarket({ chain, admin: deps.admin, assets: deps.assets, market: state, seed, now });
  // A localnet restarted from its data directory: earlier launches and trades come back from
  // the chain itself before new ones are watched for.
  await restoreLaunches({ chain, assets: deps.assets, market: state, seed, now });
  state.replayHistory();
  state.watchChain();

  const cosigner = new SwapCosigner(chain);
  const profiles = { ...DEFAULT_PROFILES, ...options.profiles };
  const register = (prefix: string, handler: ProviderHandler, profile?: FaultProfile): void =>
    router.register(prefix, handler, profile ?? profiles[prefix] ?? {});
  // The imitated providers, one line each: a prefix under the base URL and a handler answering
  // from the market's state (the router adds the prefix's fault profile).
  const providers: readonly (readonly [string, ProviderHandler])[] = [
    ['static', staticAssetsHandler(state)],
    [
      'jupiter',
      jupiterHandler(
        { market: state, chain, cosigner, now },
        options.jupiterApiKey === undefined ? {} : { apiKey: options.jupiterApiKey },
      ),
    ],
  ];
  for (const [prefix, handler] of providers) register(prefix, handler);
  for (const [prefix, handler, published] of mountedDataProviders({
    view: state,
    basePath: MARKET_BASE_PATH,
    now,
    onError: deps.onError,
  })) {
    register(prefix, handler, profiles[prefix] ?? published);
  }

  const activity =
    options.activity === false || options.activity === undefined
      ? null
      : new ActivityGenerator(
          { chain, admin: deps.admin, market: state, seed, now, onError: deps.onError },
          options.activity,
        );
  if (activity !== null && options.activity !== false && options.activity?.autoStart !== false) {
    activity.start();
  }

  return {
    url: deps.baseUrl,
    view: state,
    activity,
    cosign: (tx) => cosigner.cosign(tx),
    register,
    setProfile: (prefix, profile) => router.setProfile(prefix, profile),
    counters: (prefix) => router.counters(prefix),
    resetCounters: (prefix) => router.resetCounters(prefix),
    async close() {
      await activity?.stop();
      await router.close();
      cosigner.close();
      state.close();
    },
  };
}
