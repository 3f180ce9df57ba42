import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerAccountWatchHook } from './balances/account-watch-hook';
import { registerCsrfProtection } from './http/csrf';
import { registerErrorHandling, sendRouteNotFound } from './http/error-handler';
import { registerNulCharacterGuard } from './http/nul-character-guard';
import { registerSecurityHeaders } from './http/security-headers';
import { fastifyTrustProxy, TRUST_NO_PROXY, type TrustProxySetting } from './http/trust-proxy';
import { registerAdminRoutes } from './routes/admin';
import { registerAuditRoutes } from './routes/audit';
import { registerAuthRoutes } from './routes/auth';
import { registerChainRoutes } from './routes/chain';
import { registerCloseHistoryRoutes } from './routes/close-history';
import { registerFeesRoutes } from './routes/fees';
import { registerGroupsRoutes } from './routes/groups';
import { registerJobsRoutes } from './routes/jobs';
import { registerHealthRoutes } from './routes/health';
import { registerHistoryRoutes } from './routes/history';
import { registerImportRoutes } from './routes/import';
import { registerMarketRoutes } from './routes/market';
import { registerMasterWalletRoutes } from './routes/master-wallet';
import { registerNotificationsRoutes } from './routes/notifications';
import { registerOperationsRoutes } from './routes/operations';
import { registerTransactionHistoryRoutes } from './routes/transaction-history';
import { registerScanRoutes } from './routes/scan';
import { registerScansRoutes } from './routes/scans';
import { registerSyncScansRoutes } from './routes/sync-scans';
import { registerSearchRoutes } from './routes/search';
import { registerSolRoutes } from './routes/sol';
import { registerTokenBurnsRoutes } from './routes/token-burns';
import { registerTokenClosesRoutes } from './routes/token-closes';
import { registerTokenTransfersRoutes } from './routes/token-transfers';
import { registerDoubleDistributionRoutes } from './routes/double-distribution';
import { registerTagsRoutes } from './routes/tags';
import { registerValuationRoutes } from './routes/valuation';
import { registerTokensOverviewRoutes } from './routes/tokens-overview';
import { registerAssetScanRoutes } from './routes/asset-scan';
import { registerWalletsRoutes } from './routes/wallets';
import { createServices, type ServiceContext, type Services } from './services';
import { serveWebApp } from './web/serve-web-app';

export { DEFAULT_SESSION_POLICY } from './services';

/** One registrar per feature (`routes/<feature>/index.ts`): a new feature adds one line here. */
const FEATURE_ROUTES: readonly ((api: FastifyInstance, services: Services) => void)[] = [
  registerHealthRoutes,
  registerAuthRoutes,
  registerNotificationsRoutes,
  registerAdminRoutes,
  registerMasterWalletRoutes,
  registerHistoryRoutes,
  registerImportRoutes,
  registerScanRoutes,
  registerChainRoutes,
  registerWalletsRoutes,
  registerTagsRoutes,
  registerGroupsRoutes,
  registerSearchRoutes,
  registerAuditRoutes,
  registerJobsRoutes,
  registerOperationsRoutes,
  registerTransactionHistoryRoutes,
  registerSolRoutes,
  registerTokenClosesRoutes,
  registerTokenTransfersRoutes,
  registerDoubleDistributionRoutes,
  registerFeesRoutes,
  registerMarketRoutes,
  registerValuationRoutes,
  registerCloseHistoryRoutes,
  registerTokenBurnsRoutes,
  registerTokensOverviewRoutes,
  registerAssetScanRoutes,
  registerScansRoutes,
  registerSyncScansRoutes,
];

export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;
export const DEFAULT_ADMIN_PATH = '/admin_secure_path_2025';

export interface AppContext extends ServiceContext {
  /** FLEET_TRUST_PROXY: which peers may name the client (`request.ip`, `request.protocol`). */
  readonly trustProxy?: TrustProxySetting;
  /** Where the web app shows the admin console (FLEET_ADMIN_PATH). */
  readonly adminPath?: string;
  /** The built web app to serve, or undefined to serve the API only. */
  readonly webDistDir?: string | undefined;
  readonly bodyLimitBytes?: number;
  /** Services already built (the process's composition root); built from the context if not. */
  readonly services?: Services;
  /** Told when a call may have changed the wallets the live balances follow. */
  readonly onWatchedAccountsChange?: () => void;
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
  if (context.onWatchedAccountsChange) {
    registerAccountWatchHook(app, context.onWatchedAccountsChange);
  }
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

  const services =
    context.services ??
    createServices({
      ...context,
      listeningAddress: context.listeningAddress ?? (() => app.server.address()),
    });
  await app.register(
    (api, _options, done) => {
      for (const register of FEATURE_ROUTES) register(api, services);
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
