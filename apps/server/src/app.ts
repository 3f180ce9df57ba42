import type { DatabaseKind } from '@fleet/core';
import type { FleetDatabase } from '@fleet/db';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { registerErrorHandling, sendRouteNotFound } from './http/error-handler';
import { registerSecurityHeaders } from './http/security-headers';
import { getMeRoute } from './routes/auth/get-me';
import { getHealthRoute } from './routes/health/get-health';
import { SERVER_VERSION } from './version';
import { serveWebApp } from './web/serve-web-app';

export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

export interface AppContext {
  readonly db: FleetDatabase;
  readonly databaseKind: DatabaseKind;
  readonly logger: FastifyBaseLogger;
  /** The built web app to serve, or undefined to serve the API only. */
  readonly webDistDir?: string | undefined;
  readonly bodyLimitBytes?: number;
}

/** Builds the HTTP app around an open, migrated database. Listening is the caller's business. */
export async function buildApp(context: AppContext): Promise<FastifyInstance> {
  const bodyLimitBytes = context.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  const app = Fastify({
    loggerInstance: context.logger,
    bodyLimit: bodyLimitBytes,
    trustProxy: false,
    return503OnClosing: true,
  });

  registerErrorHandling(app, { bodyLimitBytes });
  registerSecurityHeaders(app);

  await app.register(
    (api, _options, done) => {
      getHealthRoute(api, {
        db: context.db,
        databaseKind: context.databaseKind,
        version: SERVER_VERSION,
      });
      getMeRoute(api);
      done();
    },
    { prefix: '/api' },
  );

  if (context.webDistDir) {
    await serveWebApp(app, context.webDistDir);
  } else {
    app.setNotFoundHandler((request, reply) => sendRouteNotFound(request, reply));
  }
  return app;
}
