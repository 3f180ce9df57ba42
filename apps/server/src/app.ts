import type { AddressInfo } from 'node:net';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import { createWalletScanner, type BalanceReader, type EndpointPool } from '@fleet/chain';
import { MAINNET_CHAIN, type ChainConfig, type DatabaseKind } from '@fleet/core';
import type { FleetDatabase } from '@fleet/db';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { createBalanceRefreshService } from './balances/balance-refresh-service';
import { createAdminGate } from './admin/require-admin';
import { createLicenseService } from './admin/license-service';
import { createAuditLog } from './audit/audit-log';
import { createAuditLogReader } from './audit/audit-log-reader';
import { noCaptcha, type CaptchaVerifier } from './auth/captcha';
import { createIdentityService } from './auth/identity-service';
import { createInviteLinkBase } from './auth/invite-link-base';
import { createJoinFeed } from './auth/join-feed';
import { createSessionCookies } from './auth/session-cookie';
import { createSessionStore, type SessionPolicy } from './auth/session-store';
import { createThrottle, sleep } from './auth/throttle';
import { registerCsrfProtection } from './http/csrf';
import { registerErrorHandling, sendRouteNotFound } from './http/error-handler';
import { registerNulCharacterGuard } from './http/nul-character-guard';
import { registerSecurityHeaders } from './http/security-headers';
import { fastifyTrustProxy, TRUST_NO_PROXY, type TrustProxySetting } from './http/trust-proxy';
import type { Mailer } from './mail/mailer';
import { createMasterHistoryKeys } from './master-wallet/master-history-keys';
import { createMasterHoldingsReader } from './master-wallet/master-holdings';
import {
  createMasterWalletService,
  type SecretKeyVault,
} from './master-wallet/master-wallet-service';
import { getKeysRoute } from './routes/admin/get-keys';
import { getAuditLogRoute } from './routes/audit/get-audit-log';
import { getAuditLogCsvRoute } from './routes/audit/get-audit-log-csv';
import { getAuditLogFiltersRoute } from './routes/audit/get-audit-log-filters';
import { postKeysRoute } from './routes/admin/post-keys';
import { postRevokeKeyRoute } from './routes/admin/post-revoke-key';
import { postUpgradeKeyRoute } from './routes/admin/post-upgrade-key';
import { getMeRoute } from './routes/auth/get-me';
import { postActivateRoute } from './routes/auth/post-activate';
import { postInviteRequestRoute } from './routes/auth/post-invite-request';
import { postLoginRoute } from './routes/auth/post-login';
import { postLogoutRoute } from './routes/auth/post-logout';
import { postPasswordRoute } from './routes/auth/post-password';
import { getHealthRoute } from './routes/health/get-health';
import { getNotificationsRoute } from './routes/notifications/get-notifications';
import { getMasterWalletHistoryRoute } from './routes/history/get-master-wallet-history';
import { postRevealMasterHistoryKeyRoute } from './routes/history/post-reveal-master-history-key';
import { deleteMasterWalletRoute } from './routes/master-wallet/delete-master-wallet';
import { getMasterBalanceRoute } from './routes/master-wallet/get-master-balance';
import { getMasterHoldingsRoute } from './routes/master-wallet/get-master-holdings';
import { getMasterWalletRoute } from './routes/master-wallet/get-master-wallet';
import { patchMasterWalletRoute } from './routes/master-wallet/patch-master-wallet';
import { postRevealMasterWalletRoute } from './routes/master-wallet/post-reveal-master-wallet';
import { getSeedGroupsRoute } from './routes/import/get-seed-groups';
import { patchSeedGroupRoute } from './routes/import/patch-seed-group';
import { postImportWalletsRoute } from './routes/import/post-import-wallets';
import { postScanPreviewRoute } from './routes/import/post-scan-preview';
import { postSeedGroupRoute } from './routes/import/post-seed-group';
import { postSeedImportRoute } from './routes/import/post-seed-import';
import { postValidateKeysRoute } from './routes/import/post-validate-keys';
import type { RouteServices } from './routes/route-services';
import { getScanDetailsRoute } from './routes/scan/get-scan-details';
import { getScanSolBalancesRoute } from './routes/scan/get-scan-sol-balances';
import { getChainConfigRoute } from './routes/chain/get-chain-config';
import { deleteArchivedWalletsRoute } from './routes/wallets/delete-archived-wallets';
import { getArchivedWalletsRoute } from './routes/wallets/get-archived-wallets';
import { getWalletRoute } from './routes/wallets/get-wallet';
import { getWalletsRoute } from './routes/wallets/get-wallets';
import { postCreateWalletRoute } from './routes/wallets/post-create-wallet';
import { postExportWalletsRoute } from './routes/wallets/post-export-wallets';
import { postRestoreWalletsRoute } from './routes/wallets/post-restore-wallets';
import { postRevealKeysRoute } from './routes/wallets/post-reveal-keys';
import { patchWalletRoute } from './routes/wallets/patch-wallet';
import { postWalletHoldingsRoute } from './routes/wallets/post-wallet-holdings';
import { deleteGroupRoute } from './routes/groups/delete-group';
import { getGroupWalletsRoute } from './routes/groups/get-group-wallets';
import { getGroupsRoute } from './routes/groups/get-groups';
import { patchGroupRoute } from './routes/groups/patch-group';
import { postGroupRoute } from './routes/groups/post-group';
import { getSearchRoute } from './routes/search/get-search';
import { deleteTagRoute } from './routes/tags/delete-tag';
import { getTagsRoute } from './routes/tags/get-tags';
import { patchTagRoute } from './routes/tags/patch-tag';
import { postAssignTagsRoute } from './routes/tags/post-assign-tags';
import { postTagRoute } from './routes/tags/post-tag';
import { postUnassignTagsRoute } from './routes/tags/post-unassign-tags';
import { createGroupsService } from './organize/groups-service';
import { createWalletNamesService } from './organize/wallet-names-service';
import { createSearchService } from './organize/search-service';
import { createTagsService } from './organize/tags-service';
import { createScanActivity } from './scan-details/scan-activity';
import { createScanDetailsService } from './scan-details/scan-details-service';
import { SERVER_VERSION } from './version';
import { nodePublicKeyOf } from './wallet-import/node-ed25519';
import { createScanCache } from './wallet-import/scan-cache';
import { createSeedGroupService } from './wallet-import/seed-group-service';
import { createWalletImportService } from './wallet-import/wallet-import-service';
import { createKeyRequestLimiter } from './wallets/key-request-limiter';
import { createWalletKeysService } from './wallets/wallet-keys-service';
import { createWalletLifecycleService } from './wallets/wallet-lifecycle-service';
import { createWalletListService } from './wallets/wallet-list-service';
import { serveWebApp } from './web/serve-web-app';

export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;
export const DEFAULT_ADMIN_PATH = '/admin_secure_path_2025';

export const DEFAULT_SESSION_POLICY: SessionPolicy = {
  idleMs: 30 * 60_000,
  absoluteMs: 12 * 60 * 60_000,
};

export interface AppContext {
  readonly db: FleetDatabase;
  readonly databaseKind: DatabaseKind;
  readonly logger: FastifyBaseLogger;
  readonly adminToken: string;
  readonly vault: SecretKeyVault;
  /** Balance reads (the master wallet's); built on `chainPool` so the stats are shared. */
  readonly chain: BalanceReader;
  /** The RPC endpoint pool every chain call goes through (SOLANA_RPC_URLS or the localnet). */
  readonly chainPool: EndpointPool;
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
  /** FLEET_TRUST_PROXY: which peers may name the client (`request.ip`, `request.protocol`). */
  readonly trustProxy?: TrustProxySetting;
  /** Production rules: no invite links without a public URL. */
  readonly production?: boolean;
  /** How throttled answers wait; tests pass one that records instead. */
  readonly sleep?: (ms: number) => Promise<void>;
  /** Where the web app shows the admin console (FLEET_ADMIN_PATH). */
  readonly adminPath?: string;
  /** The built web app to serve, or undefined to serve the API only. */
  readonly webDistDir?: string | undefined;
  readonly bodyLimitBytes?: number;
  readonly now?: () => Date;
}

/** Builds the HTTP app around an open, migrated database. Listening is the caller's business. */
export async function buildApp(context: AppContext): Promise<FastifyInstance> {
  const bodyLimitBytes = context.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  const app = Fastify({
    loggerInstance: context.logger,
    bodyLimit: bodyLimitBytes,
    trustProxy: fastifyTrustProxy(context.trustProxy ?? TRUST_NO_PROXY),
    return503OnClosing: true,
  });
  if (context.production && !context.publicUrl) {
    context.logger.warn('FLEET_PUBLIC_URL is not set: invite requests will be refused');
  }

  registerErrorHandling(app, { bodyLimitBytes });
  registerSecurityHeaders(app);
  registerCsrfProtection(app, { publicUrl: context.publicUrl });
  registerNulCharacterGuard(app);
  await app.register(cookie);
  // gzip or br for clients that accept them, from 1 KB up: the slim wallet list of 50,000 wallets
  // is ~25 MB as text. Request bodies are not inflated (no decompression bombs past bodyLimit);
  // event streams are left alone by the plugin's default types.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });

  const services = createRouteServices(context, () => app.server.address());
  await app.register(
    (api, _options, done) => {
      getHealthRoute(api, {
        db: context.db,
        databaseKind: context.databaseKind,
        version: SERVER_VERSION,
      });
      for (const route of [
        getMeRoute,
        getNotificationsRoute,
        postLoginRoute,
        postLogoutRoute,
        postInviteRequestRoute,
        postActivateRoute,
        postPasswordRoute,
        getKeysRoute,
        postKeysRoute,
        postRevokeKeyRoute,
        postUpgradeKeyRoute,
        getMasterWalletRoute,
        patchMasterWalletRoute,
        deleteMasterWalletRoute,
        postRevealMasterWalletRoute,
        getMasterBalanceRoute,
        getMasterHoldingsRoute,
        getMasterWalletHistoryRoute,
        postRevealMasterHistoryKeyRoute,
        postValidateKeysRoute,
        postScanPreviewRoute,
        postImportWalletsRoute,
        getSeedGroupsRoute,
        postSeedGroupRoute,
        patchSeedGroupRoute,
        postSeedImportRoute,
        getScanDetailsRoute,
        getScanSolBalancesRoute,
        getChainConfigRoute,
        getWalletsRoute,
        getWalletRoute,
        postCreateWalletRoute,
        getArchivedWalletsRoute,
        deleteArchivedWalletsRoute,
        postRestoreWalletsRoute,
        postRevealKeysRoute,
        postExportWalletsRoute,
        patchWalletRoute,
        postWalletHoldingsRoute,
        getTagsRoute,
        postTagRoute,
        patchTagRoute,
        deleteTagRoute,
        postAssignTagsRoute,
        postUnassignTagsRoute,
        getGroupsRoute,
        postGroupRoute,
        patchGroupRoute,
        deleteGroupRoute,
        getGroupWalletsRoute,
        getSearchRoute,
        getAuditLogRoute,
        getAuditLogFiltersRoute,
        getAuditLogCsvRoute,
      ]) {
        route(api, services);
      }
      done();
    },
    { prefix: '/api' },
  );

  if (context.webDistDir) {
    await serveWebApp(app, context.webDistDir, {
      adminPath: context.adminPath ?? DEFAULT_ADMIN_PATH,
    });
  } else {
    app.setNotFoundHandler((request, reply) => sendRouteNotFound(request, reply));
  }
  return app;
}

function createRouteServices(
  context: AppContext,
  listeningAddress: () => AddressInfo | string | null,
): RouteServices {
  const now = context.now ?? (() => new Date());
  const wait = context.sleep ?? sleep;
  const audit = createAuditLog(context.db);
  const throttle = createThrottle(context.db, now);
  const scanActivity = createScanActivity({ now });
  // One count of key requests per user, whichever way a key leaves (wallets, master history).
  const keyRequests = createKeyRequestLimiter({ db: context.db, now });
  // One scanner for every scan: its mint directory (decimals, names) is then read once per mint
  // for the life of the process, not once per feature.
  const scanner = createWalletScanner({ pool: context.chainPool });
  const sessions = createSessionStore(
    context.db,
    context.sessionPolicy ?? DEFAULT_SESSION_POLICY,
    now,
  );
  return {
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
      chain: context.chain,
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
    scanDetails: createScanDetailsService({ pool: context.chainPool, activity: scanActivity }),
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
    search: createSearchService({ db: context.db }),
    balanceRefresh: createBalanceRefreshService({
      db: context.db,
      scanner,
      scanActivity,
      audit,
      now,
    }),
    chainConfig: context.chainConfig ?? MAINNET_CHAIN,
  };
}
