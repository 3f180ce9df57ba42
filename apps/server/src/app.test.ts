import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorBodySchema, healthResponseSchema } from '@fleet/core';
import { testDatabaseKinds } from '@fleet/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/test-app';

describe.each(testDatabaseKinds)('the API on %s', (kind) => {
  let harness: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    harness = await createTestApp(kind, { bodyLimitBytes: 64 * 1024 });
    app = harness.app;
    // A route that takes a body, to exercise the parsers before the features bring their own.
    app.post('/api/test-echo', (request) => ({ received: request.body }));
  });
  afterAll(async () => {
    await harness.close();
  });

  it('answers health with its version and database kind', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(healthResponseSchema.parse(response.json())).toEqual({
      ok: true,
      version: '0.1.0',
      database: kind,
    });
  });

  it('answers unknown API routes with a 404 error body', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/does-not-exist?x=1' });
    expect(response.statusCode).toBe(404);
    expect(errorBodySchema.parse(response.json())).toEqual({
      error: 'Route POST /api/does-not-exist not found',
      code: 'REQUEST__ROUTE_NOT_FOUND',
    });
  });

  it('refuses malformed JSON with a 400 and a message, not a 500', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test-echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Request body is not valid JSON',
      code: 'REQUEST__MALFORMED_JSON',
    });
  });

  it('refuses an oversized body with a 413 naming the limit', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test-echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(70 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: 'Request body is larger than the 64 KiB limit',
      code: 'REQUEST__PAYLOAD_TOO_LARGE',
    });
  });

  it('refuses content types it does not parse with a 415', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test-echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'REQUEST__UNSUPPORTED_MEDIA_TYPE' });
  });

  it('parses a well-formed JSON body up to the limit', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test-echo',
      payload: { a: [1, 2] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: { a: [1, 2] } });
  });

  it('answers the session check with 401 while no one can be signed in', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Not signed in', code: 'AUTH__NOT_SIGNED_IN' });
  });

  it('sends the security headers on every answer', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});

describe('serving the built web app', () => {
  let harness: TestApp;
  let app: FastifyInstance;
  let distDir: string;

  beforeAll(async () => {
    distDir = mkdtempSync(join(tmpdir(), 'fleet-web-'));
    mkdirSync(join(distDir, 'assets'));
    writeFileSync(
      join(distDir, 'index.html'),
      '<!doctype html><meta name="fleet-admin-path" content="/admin_secure_path_2025" /><title>Fleet</title><div id="root"></div>',
    );
    writeFileSync(join(distDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    harness = await createTestApp('pglite', { webDistDir: distDir, adminPath: '/ops/keys' });
    app = harness.app;
  });
  afterAll(async () => {
    await harness.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it.each(['/', '/wallets?address=abc', '/trading/new', '/some/unknown/page'])(
    'falls back to index.html for the client route %s',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root"></div>');
    },
  );

  it('tells the app where the admin console lives', async () => {
    const response = await app.inject({ method: 'GET', url: '/ops/keys' });
    expect(response.body).toContain('<meta name="fleet-admin-path" content="/ops/keys" />');
  });

  it('serves a file that appeared after start, so a rebuild needs no restart', async () => {
    writeFileSync(join(distDir, 'assets', 'later-def456.js'), 'console.log(2)');
    const response = await app.inject({ method: 'GET', url: '/assets/later-def456.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log(2)');
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing file and unknown API routes with 404, never index.html', async () => {
    const missing = await app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'REQUEST__ROUTE_NOT_FOUND' });
  });
});
