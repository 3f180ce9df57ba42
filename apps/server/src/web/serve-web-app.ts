import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendRouteNotFound } from '../http/error-handler';

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

export function isWebAppBuilt(distDir: string): boolean {
  return existsSync(join(distDir, 'index.html'));
}

/**
 * Serves the built single-page app. Any GET for a client route (no file, not under /api, asking
 * for HTML) gets index.html so that deep links and reloads work; the client renders its own 404.
 */
export async function serveWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: ['index.html'],
    // Hashed assets never change; index.html must always be revalidated to pick up a new build.
    cacheControl: false,
    setHeaders(reply, path) {
      void reply.header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!wantsPage || path === '/api' || path.startsWith('/api/') || /\.[a-z0-9]+$/i.test(path)) {
      return sendRouteNotFound(request, reply);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
