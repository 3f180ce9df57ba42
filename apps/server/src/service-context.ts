import type { AddressInfo } from 'node:net';
import type { BalanceReader, EndpointPool } from '@fleet/chain';
import type { ChainConfig, Clock, DatabaseKind, LiveBalancesState, Random } from '@fleet/core';
import type { FleetDatabase } from '@fleet/db';
import type { Market } from '@fleet/market';
import type { FastifyBaseLogger } from 'fastify';
import type { CaptchaVerifier } from './auth/captcha';
import type { SessionPolicy } from './auth/session-store';
import type { AnyJobHandler } from './jobs/job-handler';
import type { JobQueue } from './jobs/job-queue';
import type { Mailer } from './mail/mailer';
import type { SecretKeyVault } from './vault';

/**
 * What every service is built from (`createServices`): the database, the chain, the keys, time and
 * the process's settings. The HTTP app, the first start and the job workers pass the same one.
 */
export interface ServiceContext {
  readonly db: FleetDatabase;
  readonly databaseKind: DatabaseKind;
  readonly logger: FastifyBaseLogger;
  readonly adminToken: string;
  readonly vault: SecretKeyVault;
  /** The RPC endpoint pool every chain call goes through (SOLANA_RPC_URLS or the localnet). */
  readonly chainPool: EndpointPool;
  /** Balance reads (the master wallet's); default: built on `chainPool`, so the stats are shared. */
  readonly chain?: BalanceReader;
  /**
   * Which cluster `chainPool` reads, for the web app's explorer links: the sandbox as `custom`
   * with its URL as a browser reaches it. Mainnet when not said.
   */
  readonly chainConfig?: ChainConfig;
  readonly mailer: Mailer;
  readonly captcha?: CaptchaVerifier;
  readonly sessionPolicy?: SessionPolicy;
  /** Hand invite tokens back in the response: development only (spec 1 §7). */
  readonly exposeInviteTokens?: boolean;
  /**
   * FLEET_PUBLIC_URL, an origin: invite links, the cross-site check and `Secure` cookies follow
   * it. Unset: links go to the listen address, or are refused in production (decision 015).
   */
  readonly publicUrl?: string | undefined;
  /** Production rules: no invite links without a public URL. */
  readonly production?: boolean;
  /** Time for every service; default the system clock. */
  readonly clock?: Clock;
  /** Chance (jitter) for every service; default `Math.random`. */
  readonly random?: Random;
  /** How throttled answers wait; default the clock's sleep. Tests pass one that records instead. */
  readonly sleep?: (ms: number) => Promise<void>;
  /** Where the server listens, for invite links when there is no public URL. */
  readonly listeningAddress?: () => AddressInfo | string | null;
  /** Delivers "run job X" (pg-boss, `jobs/job-queue.ts`); without one, enqueueing refuses. */
  readonly jobQueue?: JobQueue;
  /** Kinds of job besides the server's own (tests add theirs); the same list goes to the workers. */
  readonly jobHandlers?: readonly AnyJobHandler[];
  /** Micro-lamports per compute unit for SOL operations; spec 2 §9's 5,000 when not set. */
  readonly microLamportsPerUnit?: bigint;
  /**
   * Time between background refresh rounds (issue 20, `FLEET_BACKGROUND_REFRESH_MS`); 0 turns it
   * off; 5 minutes when not set. `main.ts` starts it; the services only build it.
   */
  readonly backgroundRefreshMs?: number;
  /** Distribution transactions in flight; default from the pool's send budget. */
  readonly sendLanes?: number;
  /**
   * The market providers (issue 18), one per process: `main.ts` builds it from the environment
   * (the sandbox market by default). Without one, every price reads as unavailable.
   */
  readonly market?: Market;
  /**
   * Wallets per batch of a Final Truth Scan and of the sync scans (`FLEET_SCAN_BATCH_SIZE`); their
   * default when not said (tests pass a few).
   */
  readonly finalTruthBatchSize?: number;
  /** The process's live balances for Scan Details (`main.ts` starts them; issue 20). */
  readonly liveBalances?: () => LiveBalancesState | undefined;
}
