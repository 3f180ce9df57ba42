import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOperator, createTestApp, type TestApp } from '../testing/test-app';

/**
 * What Fleet takes from its configuration and never from a request: the origin of the links it
 * mails, the origin a cross-site check compares with, and whether its cookie needs HTTPS.
 */
describe('the public URL and the proxy setting', () => {
  let harness: TestApp | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  const lastMail = (outboxDir: string) =>
    readFileSync(join(outboxDir, readdirSync(outboxDir).sort().at(-1) ?? ''), 'utf8');

  const requestInvite = (app: TestApp['app'], headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/invite-request',
      headers,
      payload: { email: 'linked@example.com' },
    });

  it('mails invite links to the public URL whatever Host the request names', async () => {
    harness = await createTestApp('pglite', { publicUrl: 'https://fleet.example.com' });
    const response = await requestInvite(harness.app, {
      host: 'attacker.example',
      'x-forwarded-host': 'attacker.example',
      'x-forwarded-proto': 'http',
    });
    expect(response.statusCode).toBe(201);
    const mail = lastMail(harness.outboxDir);
    expect(mail).toContain('https://fleet.example.com/invite/activate?token=');
    expect(mail).not.toContain('attacker.example');
  });

  it('without a public URL, mails links to the address the server listens on, not the Host header', async () => {
    harness = await createTestApp('pglite');
    const address = await harness.app.listen({ host: '127.0.0.1', port: 0 });
    const response = await requestInvite(harness.app, { host: 'attacker.example' });
    expect(response.statusCode).toBe(201);
    const mail = lastMail(harness.outboxDir);
    expect(mail).toContain(`${address}/invite/activate?token=`);
    expect(mail).not.toContain('attacker.example');
  });

  it('in production without a public URL, refuses to send an invite at all', async () => {
    harness = await createTestApp('pglite', { production: true, exposeInviteTokens: false });
    const response = await requestInvite(harness.app, { host: 'attacker.example' });
    expect(response.statusCode).toBe(503);
    expect(response.json<{ error: string }>().error).toBe(
      'Invites cannot be sent: the server has no public URL (FLEET_PUBLIC_URL).',
    );
    expect(readdirSync(harness.outboxDir)).toEqual([]);
  });

  const cookieOf = (response: Awaited<ReturnType<TestApp['app']['inject']>>) =>
    response.cookies.find((entry) => entry.name === 'fleet_session');

  const signIn = async (headers: Record<string, string>) => {
    const app = harness?.app;
    if (!app) throw new Error('no app');
    const operator = await createOperator(app, 'secure@example.com', 'a good password');
    return app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers,
      payload: { email: operator.email, password: operator.password },
    });
  };

  it('marks the session cookie Secure when the public URL is https, even over a plain hop', async () => {
    harness = await createTestApp('pglite', { publicUrl: 'https://fleet.example.com' });
    const response = await signIn({});
    expect(response.statusCode).toBe(200);
    expect(cookieOf(response)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });
  });

  it('marks the session cookie Secure when a trusted proxy says the client came over https', async () => {
    harness = await createTestApp('pglite', {
      trustProxy: { kind: 'addresses', addresses: ['127.0.0.1'] },
    });
    const response = await signIn({ 'x-forwarded-proto': 'https' });
    expect(response.statusCode).toBe(200);
    expect(cookieOf(response)?.secure).toBe(true);
  });

  it('does not believe X-Forwarded-Proto from a peer that is not a trusted proxy', async () => {
    harness = await createTestApp('pglite');
    const response = await signIn({ 'x-forwarded-proto': 'https' });
    expect(response.statusCode).toBe(200);
    expect(cookieOf(response)?.secure).toBeFalsy();
  });

  it.each([
    [{ origin: 'http://fleet.example.com' }, 403],
    [{ origin: 'https://fleet.example.com:8443' }, 403],
    [{ origin: 'https://attacker.example', host: 'attacker.example' }, 403],
    [{ origin: 'https://fleet.example.com' }, 401],
    [{ origin: 'https://fleet.example.com', host: '10.0.0.5:8080' }, 401],
    [{ 'sec-fetch-site': 'cross-site', origin: 'https://fleet.example.com' }, 403],
    [{ 'sec-fetch-site': 'same-origin' }, 401],
  ])(
    'compares a sign-in from %j with the public URL origin (scheme and host): %i',
    async (headers, status) => {
      harness = await createTestApp('pglite', { publicUrl: 'https://fleet.example.com' });
      const response = await harness.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers,
        payload: { email: 'nobody@example.com', password: 'x' },
      });
      expect(response.statusCode).toBe(status);
    },
  );
});
