import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendRouteNotFound } from '../http/error-handler';

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

export function isWebAppBuilt(distDir: string): boolean {
  return existsSync(join(distDir, 'index.html'));
}

const ADMIN_PATH_META = /(<meta\s+name="fleet-admin-path"\s+content=")[^"]*(")/;

export interface WebAppOptions {
  /** Where the admin console lives (FLEET_ADMIN_PATH); told to the app through a meta tag. */
  readonly adminPath?: string;
}

/**
 * Source maps hand out the app's source: the build makes none, and one lying in the directory is
 * not served. The path is judged as the file server will read it, percent-decoded (`%2Emap`).
 */
export function isServableWebPath(path: string): boolean {
  let decoded = path;
  for (let round = 0; round < 3; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return false;
    }
    if (next === decoded) break;
    decoded = next;
  }
  return !/\.map\/*$/i.test(decoded);
}

/**
 * Serves the built single-page app. Files are looked up per request (a rebuild needs no restart);
 * any GET for a client route (no file, not under /api) gets index.html so that deep links and
 * reloads work, and the client renders its own 404. index.html carries the run-time settings the
 * app needs in meta tags, since the Content-Security-Policy allows no inline script.
 */
export async function serveWebApp(
  app: FastifyInstance,
  distDir: string,
  options: WebAppOptions = {},
): Promise<void> {
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: true,
    index: false,
    // Checked against the decoded path and again against the file finally chosen.
    allowedPath: (path) => isServableWebPath(path),
    // Hashed assets never change; everything else must be revalidated to pick up a new build.
    cacheControl: false,
    setHeaders(reply, path) {
      void reply.header(
        'cache-control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  // The root is a directory to the file server; it is the app's start page to us.
  app.get('/', (_request, reply) => sendIndex(reply, distDir, options));
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    const looksLikeFile = /\.[a-z0-9]+$/i.test(path) || !isServableWebPath(path);
    if (!wantsPage || path === '/api' || path.startsWith('/api/') || looksLikeFile) {
      return sendRouteNotFound(request, reply);
    }
    return sendIndex(reply, distDir, options);
  });
}

function sendIndex(reply: FastifyReply, distDir: string, options: WebAppOptions): FastifyReply {
  // Read per request: it is small, and a rebuild must show at once.
  let html = readFileSync(join(distDir, 'index.html'), 'utf8');
  if (options.adminPath)
    html = html.replace(ADMIN_PATH_META, `$1${escapeAttribute(options.adminPath)}$2`);
  return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
}

function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (character) => `&#${character.charCodeAt(0)};`);
}
