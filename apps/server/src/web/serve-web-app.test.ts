import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../http/error-handler';
import { isServableWebPath, serveWebApp } from './serve-web-app';

describe('serving the built web app', () => {
  let distDir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    distDir = mkdtempSync(join(tmpdir(), 'fleet-dist-'));
    mkdirSync(join(distDir, 'assets'));
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Fleet</title>');
    writeFileSync(join(distDir, 'assets', 'app-1a2b.js'), 'console.log(1);');
    // A source map left behind by an older build, or copied in by hand.
    writeFileSync(join(distDir, 'assets', 'app-1a2b.js.map'), '{"version":3,"sources":["x.ts"]}');
    app = Fastify();
    registerErrorHandling(app, { bodyLimitBytes: 1024 });
    await serveWebApp(app, distDir);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('serves the assets and the start page', async () => {
    expect((await app.inject({ url: '/assets/app-1a2b.js' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/' })).body).toContain('<title>Fleet</title>');
  });

  it('answers 404 for a source map lying in the dist directory, however the path is spelt', async () => {
    for (const url of [
      '/assets/app-1a2b.js.map',
      '/assets/app-1a2b.js%2Emap',
      '/assets/../assets/app-1a2b.js.map',
      '/assets/app-1a2b.js.map?raw',
    ]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('"sources"');
    }
  });

  it('refuses every path that ends in .map, in any case', () => {
    expect(isServableWebPath('/assets/app.js.map')).toBe(false);
    expect(isServableWebPath('/assets/app.css.MAP')).toBe(false);
    expect(isServableWebPath('/assets/app.js%2emap')).toBe(false);
    expect(isServableWebPath('/assets/app.js%252Emap')).toBe(false);
    expect(isServableWebPath('/assets/app.js')).toBe(true);
    expect(isServableWebPath('/assets/sitemap.xml')).toBe(true);
  });
});
