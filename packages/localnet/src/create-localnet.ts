// Starts a localnet: the chain (fresh or restored from `dataDir`), the slot clock, the HTTP
// JSON-RPC server with its named fault-injected endpoints, and the WebSocket subscriptions.

import { randomBytes } from 'node:crypto';

import { createAdmin, type LocalnetAdmin } from './admin/admin.js';
import { AssetRegistry } from './admin/asset-registry.js';
import { Faucet } from './admin/faucet.js';
import { LocalChain } from './chain/local-chain.js';
import { startSlotClock } from './chain/slot-clock.js';
import { Endpoint } from './faults/endpoint.js';
import type { FaultProfile } from './faults/fault-profile.js';
import { startRpcServer } from './http/rpc-server.js';
import {
  startSandboxMarket,
  type SandboxMarket,
  type SandboxMarketOptions,
} from './market/create-market.js';
import { MARKET_BASE_PATH, MarketRouter } from './market/market-http.js';
import { ChainStore, loadChain, type ChainCapture } from './persistence/chain-store.js';
import type { RpcContext } from './rpc/rpc-context.js';
import { SubscriptionServer } from './ws/subscription-server.js';

export interface LocalnetOptions<E extends string = string> {
  /** 0 (the default) picks a free port. */
  readonly port?: number;
  readonly host?: string;
  /** Where chain state and the transaction index persist; in memory only when absent. */
  readonly dataDir?: string;
  /**
   * With `dataDir`: once the journal is this long, the entries a snapshot includes move to
   * compacted history segments (default 8 MiB; see persistence/history-segments.ts).
   */
  readonly journalCompactBytes?: number;
  /** Slot length; 0 stops the clock, and then each landed transaction advances one slot. */
  readonly slotIntervalMs?: number;
  /**
   * A slot also ends early once it holds this many transactions (default 1,000, about a mainnet
   * block), so sustained load moves the clock as it would on mainnet.
   */
  readonly transactionsPerSlot?: number;
  /** Named endpoints served at `/rpc/<name>`, each with its fault profile. */
  readonly endpoints?: Readonly<Record<E, FaultProfile>>;
  /** Profile of the plain root path (endpoint "default"). */
  readonly defaultProfile?: FaultProfile;
  /** Largest accepted request body; Agave's limit is 50 KiB. */
  readonly maxBodyBytes?: number;
  /** Receives unexpected internal failures (default: console.error). */
  readonly onError?: (error: unknown) => void;
  /**
   * The sandbox market under `<url>/market` (seeded tokens and pools, Jupiter and the other
   * providers' APIs). Off unless given: tests and benchmarks of the chain get the bare chain they
   * count accounts on; `npm start` and `npm run localnet` turn it on. `{}` serves a market that
   * moves only when someone trades; add `activity: {}` for the generator.
   */
  readonly market?: SandboxMarketOptions | false;
}

export interface LocalnetEndpointUrls {
  readonly url: string;
  readonly wsUrl: string;
}

export interface Localnet<E extends string = string> {
  readonly url: string;
  readonly wsUrl: string;
  /** Every endpoint by name, including "default" (the root path). */
  readonly endpoints: Readonly<Record<E | 'default', LocalnetEndpointUrls>>;
  readonly admin: LocalnetAdmin;
  /** The sandbox market, when the options asked for it. */
  readonly market: SandboxMarket | null;
  close(): Promise<void>;
}

const DEFAULT_MAX_BODY_BYTES = 50 * 1024;
const DEFAULT_TRANSACTIONS_PER_SLOT = 1_000;
const ENDPOINT_NAME = /^[A-Za-z0-9_-]{1,64}$/;

export async function createLocalnet<E extends string = never>(
  options: LocalnetOptions<E> = {},
): Promise<Localnet<E>> {
  const host = options.host ?? '127.0.0.1';
  const slotIntervalMs = options.slotIntervalMs ?? 400;
  const onError = options.onError ?? ((error: unknown) => console.error('[localnet]', error));
  if (!Number.isFinite(slotIntervalMs) || slotIntervalMs < 0) {
    throw new Error(`slotIntervalMs must be a non-negative number, got ${slotIntervalMs}`);
  }
  if (
    options.transactionsPerSlot !== undefined &&
    !(Number.isInteger(options.transactionsPerSlot) && options.transactionsPerSlot > 0)
  ) {
    throw new Error(
      `transactionsPerSlot must be a positive integer, got ${options.transactionsPerSlot}`,
    );
  }

  const endpoints = new Map<string, Endpoint>([
    ['default', new Endpoint('default', options.defaultProfile)],
  ]);
  for (const [name, profile] of Object.entries<FaultProfile>(options.endpoints ?? {})) {
    if (!ENDPOINT_NAME.test(name) || name === 'default')
      throw new Error(`invalid endpoint name "${name}"`);
    endpoints.set(name, new Endpoint(name, profile));
  }

  const restored = options.dataDir === undefined ? null : loadChain(options.dataDir);
  // The store exists before the chain: the chain's first clock reading and the faucet's first
  // funding are already journal entries.
  const store: ChainStore | null =
    options.dataDir === undefined
      ? null
      : new ChainStore({
          dataDir: options.dataDir,
          loaded: restored,
          capture: (): ChainCapture => ({
            state: chain.svm.toBytes(),
            meta: {
              seed: chain.seed,
              slot: chain.slot.toString(),
              clockOffsetSeconds: chain.clockOffset,
              faucetSecret: faucet.keypair.exportSecret(),
              assets: assets.entries(),
            },
          }),
          onError,
          ...(options.journalCompactBytes === undefined
            ? {}
            : { compactAtBytes: options.journalCompactBytes }),
        });
  const chain = new LocalChain({
    svm: restored?.svm,
    index: restored?.index,
    journal: store ?? undefined,
    seed: restored?.seed ?? randomBytes(16).toString('hex'),
    slot: restored?.slot ?? 0n,
    clockOffsetSeconds: restored?.clockOffsetSeconds,
    onListenerError: onError,
  });
  const faucet = new Faucet(chain, restored?.faucetSecret);
  const assets = new AssetRegistry();
  for (const [mint, metadata] of restored?.assets ?? []) assets.set(mint, metadata);
  store?.snapshotNow();

  // Set once the market has started (after the server, whose URL it needs); RPC contexts read it
  // through a getter.
  let market: SandboxMarket | null = null;
  const contexts = new Map<Endpoint, RpcContext>();
  const contextFor = (endpoint: Endpoint): RpcContext => {
    let ctx = contexts.get(endpoint);
    if (ctx === undefined) {
      ctx = {
        chain,
        faucet,
        assets,
        slot: () => {
          const lag = BigInt(endpoint.profile.lagSlots ?? 0);
          return chain.slot > lag ? chain.slot - lag : 0n;
        },
        dropSend: () => endpoint.dropSend(),
        reportError: onError,
        market: () => market?.view ?? null,
        cosign: (tx) => market?.cosign(tx) ?? tx,
      };
      contexts.set(endpoint, ctx);
    }
    return ctx;
  };

  const subscriptions = new SubscriptionServer(chain, onError);
  const marketOptions =
    options.market === undefined || options.market === false ? null : options.market;
  const marketRouter =
    marketOptions === null
      ? null
      : new MarketRouter({ maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES, onError });
  const server = await startRpcServer({
    host,
    port: options.port ?? 0,
    endpoints,
    contextFor,
    subscriptions,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    onError,
    ...(marketRouter === null ? {} : { mount: marketRouter }),
  }).catch(async (error: unknown) => {
    await store?.close();
    throw error;
  });
  const base = server.authority;

  const stopClock = startSlotClock(chain, {
    slotIntervalMs,
    transactionsPerSlot: options.transactionsPerSlot ?? DEFAULT_TRANSACTIONS_PER_SLOT,
    onError,
  });

  const urls: Record<string, LocalnetEndpointUrls> = {};
  for (const name of endpoints.keys()) {
    const path = name === 'default' ? '' : `/rpc/${name}`;
    urls[name] = { url: `http://${base}${path}`, wsUrl: `ws://${base}${path}` };
  }

  const admin = createAdmin({
    chain,
    faucet,
    assets,
    endpoints,
    onAssetNamed: (mint, metadata) => store?.assetNamed(mint, metadata),
    onOutage: (name) => subscriptions.terminateEndpoint(name),
  });

  if (marketOptions !== null && marketRouter !== null) {
    market = await startSandboxMarket(
      {
        chain,
        admin,
        assets,
        router: marketRouter,
        baseUrl: `http://${base}${MARKET_BASE_PATH}`,
        onError,
      },
      marketOptions,
    ).catch(async (error: unknown) => {
      stopClock();
      await subscriptions.close();
      await server.close();
      await store?.close();
      throw error;
    });
  }

  let closing: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      await market?.close();
      stopClock();
      await subscriptions.close();
      await server.close();
      await store?.close();
    })();
    return closing;
  };

  return {
    url: `http://${base}`,
    wsUrl: `ws://${base}`,
    // Built from the same names the options declared (plus "default").
    endpoints: urls as Record<E | 'default', LocalnetEndpointUrls>,
    admin,
    market,
    close,
  };
}
