// The composition root: every service of the server, built from one injected context. The HTTP
// app, the first start (the demo account) and job workers all build their services here, so a
// service gets the same database, pool, vault, clock and randomness wherever it runs.

import { createBalanceReader, createDigitalAssets, createWalletScanner } from '@fleet/chain';
import {
  FleetError,
  MAINNET_CHAIN,
  systemClock,
  systemRandom,
  type ChainConfig,
} from '@fleet/core';
import { createMarket } from '@fleet/market';
import { createAdminGate } from './admin/require-admin';
import { createLicenseService } from './admin/license-service';
import { createAuditLog } from './audit/audit-log';
import { createAuditLogReader } from './audit/audit-log-reader';
import {
  createBalanceRefreshService,
  type BalanceRefreshService,
} from './balances/balance-refresh-service';
import { noCaptcha } from './auth/captcha';
import { createIdentityService } from './auth/identity-service';
import { createInviteLinkBase } from './auth/invite-link-base';
import { createJoinFeed } from './auth/join-feed';
import { createSessionCookies } from './auth/session-cookie';
import { createSessionStore, type SessionPolicy } from './auth/session-store';
import { createThrottle } from './auth/throttle';
import { createHealthService, type HealthService } from './health/health-service';
import { createFeeSettingsService, serverUnitPrice, type FeeSettingsService } from './fees';
import { createCloseHistoryService, type CloseHistoryService } from './close-history';
import { createJobRegistry, type AnyJobHandler } from './jobs/job-handler';
import type { JobQueue } from './jobs/job-queue';
import { createMoneyJobHandlers } from './jobs/job-kinds';
import type { AssetScanService } from './asset-scan/asset-scan-service';
import { createJobService, type JobService } from './jobs/job-service';
import { createMiddlemanService, type MiddlemanService } from './middlemen';
import { createLedgerService, type LedgerService } from './ledger/ledger-service';
import {
  createTransactionHistoryService,
  type TransactionHistoryService,
} from './transaction-history/transaction-history-service';
import { noMarketFetch } from './market/market-fetch';
import { createMarketService, type MarketService } from './market/market-service';
import { createValuationService, type ValuationService } from './valuation/valuation-service';
import {
  createTokenServices,
  type TokenClassifyService,
  type TokensOverviewService,
} from './tokens-overview';
import { createMasterHistoryKeys } from './master-wallet/master-history-keys';
import { createMasterHoldingsReader } from './master-wallet/master-holdings';
import { createMasterWalletService } from './master-wallet/master-wallet-service';
import { createGroupsService } from './organize/groups-service';
import { createSearchService } from './organize/search-service';
import { createTagsService } from './organize/tags-service';
import { createWalletNamesService } from './organize/wallet-names-service';
import { createScanActivity } from './scan-details/scan-activity';
import { createScanDetailsService } from './scan-details/scan-details-service';
import { createFinalTruthScanJob } from './scans/final-truth-scan-job';
import { createAssetScanJob } from './asset-scan/asset-scan-job';
import { createBatchedScanJob } from './sync-scans/batched-scan-job';
import { deepScan, quickRefreshScan, verifyScan } from './sync-scans/sync-scan-kinds';
import { createDeepScanService, type DeepScanService } from './sync-scans/deep-scan-service';
import { createSyncScanService, type SyncScanService } from './sync-scans/sync-scan-service';
import {
  createFinalTruthScanService,
  type FinalTruthScanService,
} from './scans/final-truth-scan-service';
import {
  BACKGROUND_REFRESH_MS,
  createBackgroundRefresh,
  type BackgroundRefresh,
} from './balances/background-refresh';
import {
  createSolExecuteService,
  type SolExecuteService,
} from './sol-operations/sol-execute-service';
import { completeSolOperation } from './sol-operations/operation-rows';
import { createSolPlanService, type SolPlanService } from './sol-operations/sol-plan-service';
import { createBurnExecuteService } from './token-burns/burn-execute-service';
import { createBurnPlanService, type BurnPlanService } from './token-burns/burn-plan-service';
import { createBurnStream, type BurnStream } from './token-burns/burn-stream';
import { createClosePlanService, type ClosePlanService } from './token-closes/close-plan-service';
import { createCloseExecuteService } from './token-closes/close-execute-service';
import { createCloseStream, type CloseStream } from './token-closes/close-stream';
import {
  createTokenTransferExecuteService,
  type TokenTransferExecuteService,
} from './token-transfers/token-transfer-execute-service';
import {
  createTokenTransferPlanService,
  type TokenTransferPlanService,
} from './token-transfers/token-transfer-plan-service';
import {
  createTokenTransferProgressService,
  type TokenTransferProgressService,
} from './token-transfers/token-transfer-progress-service';
import {
  createSolProgressService,
  type SolProgressService,
} from './sol-operations/sol-progress-service';
import type { ServiceContext } from './service-context';

export type { ServiceContext } from './service-context';
import { SERVER_VERSION } from './version';
import { nodePublicKeyOf } from './wallet-import/node-ed25519';
import { createScanCache } from './wallet-import/scan-cache';
import { createSeedGroupService } from './wallet-import/seed-group-service';
import { createWalletImportService } from './wallet-import/wallet-import-service';
import { createKeyRequestLimiter } from './wallets/key-request-limiter';
import { createWalletKeysService } from './wallets/wallet-keys-service';
import { createWalletLifecycleService } from './wallets/wallet-lifecycle-service';
import { createWalletListService } from './wallets/wallet-list-service';
import type { RequireAdmin } from './admin/require-admin';
import type { LicenseService } from './admin/license-service';
import type { AuditLog } from './audit/audit-log';
import type { AuditLogReader } from './audit/audit-log-reader';
import type { IdentityService } from './auth/identity-service';
import type { JoinFeed } from './auth/join-feed';
import type { SessionCookies } from './auth/session-cookie';
import type { SessionStore } from './auth/session-store';
import type { MasterHistoryKeys } from './master-wallet/master-history-keys';
import type { MasterHoldingsReader } from './master-wallet/master-holdings';
import type { MasterWalletService } from './master-wallet/master-wallet-service';
import type { GroupsService } from './organize/groups-service';
import type { SearchService } from './organize/search-service';
import type { TagsService } from './organize/tags-service';
import type { WalletNamesService } from './organize/wallet-names-service';
import type { ScanDetailsService } from './scan-details/scan-details-service';
import type { SeedGroupService } from './wallet-import/seed-group-service';
import type { WalletImportService } from './wallet-import/wallet-import-service';
import type { WalletKeysService } from './wallets/wallet-keys-service';
import type { WalletLifecycleService } from './wallets/wallet-lifecycle-service';
import type { WalletListService } from './wallets/wallet-list-service';

export const DEFAULT_SESSION_POLICY: SessionPolicy = {
  idleMs: 30 * 60_000,
  absoluteMs: 12 * 60 * 60_000,
};

/** Every service, built once per process: what routes, the first start and job workers call. */
export interface Services {
  readonly health: HealthService;
  readonly sessions: SessionStore;
  readonly sessionCookies: SessionCookies;
  readonly identity: IdentityService;
  readonly joinFeed: JoinFeed;
  readonly licenses: LicenseService;
  readonly requireAdmin: RequireAdmin;
  readonly masterWallet: MasterWalletService;
  readonly masterHoldings: MasterHoldingsReader;
  readonly masterHistoryKeys: MasterHistoryKeys;
  readonly walletImport: WalletImportService;
  readonly seedGroups: SeedGroupService;
  readonly scanDetails: ScanDetailsService;
  readonly backgroundRefresh: BackgroundRefresh;
  readonly audit: AuditLog;
  readonly auditReader: AuditLogReader;
  readonly walletList: WalletListService;
  readonly walletLifecycle: WalletLifecycleService;
  readonly walletKeys: WalletKeysService;
  readonly tags: TagsService;
  readonly groups: GroupsService;
  readonly walletNames: WalletNamesService;
  readonly search: SearchService;
  readonly balanceRefresh: BalanceRefreshService;
  readonly jobs: JobService;
  /** Money operations: their stored plans, items and transactions (issue 17). */
  readonly ledger: LedgerService;
  /** Every transaction the fleet sent, one record each (issue 19). */
  readonly transactionHistory: TransactionHistoryService;
  /** SOL operations: plans, their execution as jobs, and the double distribution's progress. */
  readonly solPlans: SolPlanService;
  readonly closePlans: ClosePlanService;
  readonly closeStream: CloseStream;
  /** Burning dust (issue 19): plans from the chain and the market, execution followed as events. */
  readonly burnPlans: BurnPlanService;
  readonly burnStream: BurnStream;
  /** SPL withdrawals to the master and distributions from it: plans, execution, progress. */
  readonly tokenTransferPlans: TokenTransferPlanService;
  readonly tokenTransferExecute: TokenTransferExecuteService;
  readonly tokenTransferProgress: TokenTransferProgressService;
  readonly solExecute: SolExecuteService;
  readonly solProgress: SolProgressService;
  /** Every kind of job this server runs: its own and the context's; the workers take this list. */
  readonly jobHandlers: readonly AnyJobHandler[];
  /** Two-hop middlemen: made and linked inside the execute service's transaction. */
  readonly middlemen: MiddlemanService;
  /** The tenant's cap on the priority fee, beside the server's unit price (issue 17). */
  readonly feeSettings: FeeSettingsService;
  /** Which cluster the RPC pool reads (for explorer links); not a service, a fixed fact. */
  readonly chainConfig: ChainConfig;
  /** Prices, the SOL price and the providers' counters (issue 18). */
  readonly market: MarketService;
  /** The tenant's wallets valued at the market's prices (spec 2 §3). */
  readonly valuation: ValuationService;
  /** The token accounts the tenant's operations closed (issue 19). */
  readonly closeHistory: CloseHistoryService;
  /** Every token the fleet holds, and one token's holders (issue 20). */
  readonly tokensOverview: TokensOverviewService;
  /** Classify Tokens: mint classes from the digital-asset API (issue 20). */
  readonly tokenClassify: TokenClassifyService;
  /** The GetAssets scan: assets by owner, mint classes and compressed NFTs (issue 20). */
  readonly assetScan: AssetScanService;
  /** The Final Truth Scan (spec 2 §7): a cold scan of the fleet as a job. */
  readonly finalTruthScan: FinalTruthScanService;
  readonly syncScans: SyncScanService;
  readonly deepScan: DeepScanService;
}

export function createServices(context: ServiceContext): Services {
  const clock = context.clock ?? systemClock;
  const now = (): Date => new Date(clock.now());
  const wait = context.sleep ?? ((ms: number) => (ms > 0 ? clock.sleep(ms) : Promise.resolve()));
  const listeningAddress = context.listeningAddress ?? (() => null);
  const chain = context.chain ?? createBalanceReader(context.chainPool);
  const random = context.random ?? systemRandom;
  // One scanner for every scan: its mint directory (decimals, names) is then read once per mint
  // for the life of the process, not once per feature.
  const scanner = createWalletScanner({ pool: context.chainPool, clock, random });
  const digitalAssets = createDigitalAssets(context.chainPool);
  const backgroundRefresh = createBackgroundRefresh({
    db: context.db,
    scanner,
    clock,
    intervalMs: context.backgroundRefreshMs ?? BACKGROUND_REFRESH_MS,
  });
  const audit = createAuditLog(context.db);
  const throttle = createThrottle(context.db, now);
  const scanActivity = createScanActivity({
    db: context.db,
    now,
    onWriteError: (error) => context.logger.warn({ err: error }, 'scan log lines were not stored'),
  });
  // One count of key requests per user, whichever way a key leaves (wallets, master history).
  const keyRequests = createKeyRequestLimiter({ db: context.db, now });
  const sessions = createSessionStore(
    context.db,
    context.sessionPolicy ?? DEFAULT_SESSION_POLICY,
    now,
  );
  const syncScanDeps = {
    db: context.db,
    scanner,
    scanActivity,
    clock,
    ...(context.finalTruthBatchSize === undefined
      ? {}
      : { batchSize: context.finalTruthBatchSize }),
  };
  const jobHandlers: readonly AnyJobHandler[] = [
    ...createMoneyJobHandlers({
      db: context.db,
      pool: context.chainPool,
      vault: context.vault,
      clock,
      logger: context.logger,
      ...(context.sendLanes === undefined ? {} : { lanes: context.sendLanes }),
    }),
    createFinalTruthScanJob({
      db: context.db,
      scanner,
      scanActivity,
      clock,
      ...(context.finalTruthBatchSize === undefined
        ? {}
        : { batchSize: context.finalTruthBatchSize }),
    }),
    createBatchedScanJob(syncScanDeps, quickRefreshScan),
    createBatchedScanJob(syncScanDeps, verifyScan),
    createBatchedScanJob(syncScanDeps, deepScan),
    createAssetScanJob({ db: context.db, assets: digitalAssets, clock }),
    ...(context.jobHandlers ?? []),
  ];
  const jobs = createJobService({
    db: context.db,
    queue: context.jobQueue ?? noJobQueue,
    registry: createJobRegistry(jobHandlers),
    now,
  });
  const ledger = createLedgerService({
    db: context.db,
    audit,
    now,
    completeOperation: completeSolOperation,
  });
  const middlemen = createMiddlemanService({ vault: context.vault, now });
  const market = createMarketService({
    market: context.market ?? createMarket({ fetch: noMarketFetch, clock }),
    now: () => clock.now(),
  });
  const valuation = createValuationService({ db: context.db, market, now: () => clock.now() });
  return {
    health: createHealthService({
      db: context.db,
      databaseKind: context.databaseKind,
      version: SERVER_VERSION,
    }),
    audit,
    auditReader: createAuditLogReader({ db: context.db }),
    sessions,
    sessionCookies: createSessionCookies({ publicUrl: context.publicUrl }),
    joinFeed: createJoinFeed({ db: context.db }),
    identity: createIdentityService({
      db: context.db,
      sessions,
      throttle,
      audit,
      mailer: context.mailer,
      captcha: context.captcha ?? noCaptcha,
      inviteLinkBase: createInviteLinkBase({
        publicUrl: context.publicUrl,
        production: context.production ?? false,
        listeningAddress,
      }),
      exposeInviteTokens: context.exposeInviteTokens ?? false,
      now,
      sleep: wait,
    }),
    licenses: createLicenseService({ db: context.db, sessions, now }),
    requireAdmin: createAdminGate({
      adminToken: context.adminToken,
      throttle,
      audit,
      sleep: wait,
    }),
    masterWallet: createMasterWalletService({
      db: context.db,
      vault: context.vault,
      chain,
      audit,
      limiter: keyRequests,
    }),
    masterHoldings: createMasterHoldingsReader({
      db: context.db,
      scanner,
    }),
    masterHistoryKeys: createMasterHistoryKeys({
      db: context.db,
      vault: context.vault,
      audit,
      limiter: keyRequests,
    }),
    seedGroups: createSeedGroupService({ db: context.db, audit }),
    walletImport: createWalletImportService({
      db: context.db,
      vault: context.vault,
      scanner,
      scanCache: createScanCache({ now }),
      scanActivity,
      audit,
      publicKeyOf: nodePublicKeyOf,
      now,
    }),
    scanDetails: createScanDetailsService({
      pool: context.chainPool,
      activity: scanActivity,
      providers: () => market.providers(),
      backgroundRefresh: (tenantId) => backgroundRefresh.status(tenantId),
      liveBalances: context.liveBalances,
    }),
    backgroundRefresh,
    walletList: createWalletListService({ db: context.db }),
    walletLifecycle: createWalletLifecycleService({
      db: context.db,
      vault: context.vault,
      audit,
      now,
    }),
    walletKeys: createWalletKeysService({
      db: context.db,
      vault: context.vault,
      audit,
      limiter: keyRequests,
      now,
    }),
    tags: createTagsService({ db: context.db, audit }),
    groups: createGroupsService({ db: context.db, audit }),
    walletNames: createWalletNamesService({ db: context.db, audit }),
    search: createSearchService({
      db: context.db,
      searchMarket: (q) =>
        market.market.searchTokens(q).catch((error: unknown) => {
          // The header search still answers wallets and held tokens; the log says why not more.
          context.logger.warn({ err: error }, 'market token search failed');
          return [];
        }),
    }),
    balanceRefresh: createBalanceRefreshService({
      db: context.db,
      scanner,
      scanActivity,
      audit,
      now,
    }),
    jobs,
    ledger,
    transactionHistory: createTransactionHistoryService({ db: context.db }),
    solPlans: createSolPlanService({
      db: context.db,
      pool: context.chainPool,
      now,
      ...(context.microLamportsPerUnit === undefined
        ? {}
        : { microLamportsPerUnit: context.microLamportsPerUnit }),
    }),
    closePlans: createClosePlanService({
      db: context.db,
      pool: context.chainPool,
      now,
      ...(context.microLamportsPerUnit === undefined
        ? {}
        : { microLamportsPerUnit: context.microLamportsPerUnit }),
    }),
    solExecute: createSolExecuteService({
      db: context.db,
      jobs,
      audit,
      now,
      createMiddlemen: (tx, input) => middlemen.createMiddlemen(tx, input),
      linkMiddlemen: (tx, operationId, walletIds) =>
        middlemen.linkMiddlemen(tx, operationId, walletIds),
    }),
    closeStream: createCloseStream({
      jobs,
      clock,
      closeExecute: createCloseExecuteService({ db: context.db, jobs, audit, now }),
    }),
    burnPlans: createBurnPlanService({
      db: context.db,
      pool: context.chainPool,
      market: market.market,
      now,
      ...(context.microLamportsPerUnit === undefined
        ? {}
        : { microLamportsPerUnit: context.microLamportsPerUnit }),
    }),
    burnStream: createBurnStream({
      jobs,
      clock,
      burnExecute: createBurnExecuteService({ db: context.db, jobs, audit, now }),
    }),
    solProgress: createSolProgressService({ jobs, ledger, pool: context.chainPool }),
    tokenTransferPlans: createTokenTransferPlanService({
      db: context.db,
      pool: context.chainPool,
      now,
      ...(context.microLamportsPerUnit === undefined
        ? {}
        : { microLamportsPerUnit: context.microLamportsPerUnit }),
    }),
    tokenTransferExecute: createTokenTransferExecuteService({ db: context.db, jobs, audit, now }),
    tokenTransferProgress: createTokenTransferProgressService({ jobs, ledger }),
    jobHandlers,
    middlemen,
    feeSettings: createFeeSettingsService({
      db: context.db,
      audit,
      now,
      serverMicroLamportsPerUnit: serverUnitPrice(context.microLamportsPerUnit),
    }),
    chainConfig: context.chainConfig ?? MAINNET_CHAIN,
    market,
    valuation,
    closeHistory: createCloseHistoryService({ db: context.db }),
    finalTruthScan: createFinalTruthScanService({ db: context.db, jobs, audit, now }),
    syncScans: createSyncScanService({ db: context.db, jobs, audit, clock }),
    deepScan: createDeepScanService({ db: context.db, jobs, audit, clock }),
    ...createTokenServices({
      db: context.db,
      market: market.market,
      assets: digitalAssets,
      jobs,
      audit,
      clock,
      onMarketError: (error) => context.logger.warn({ err: error }, 'token pair figures unread'),
      onFoldError: (error) => context.logger.warn({ err: error }, 'mint holdings not folded'),
    }),
  };
}

/** The queue of a context that runs no jobs: enqueueing is a mistake there, so it says so. */
const noJobQueue: JobQueue = {
  // A refusal with a status of its own: a start route reached on such a server says why.
  send: () => Promise.reject(new FleetError('JOB__QUEUE_UNAVAILABLE', {})),
  work: () => Promise.reject(new Error('this server has no job queue')),
  stop: () => Promise.resolve(),
};
