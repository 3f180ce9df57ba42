import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, screenshot, type BrowserHandle } from './support/chromium';
import { startFleetServer, type FleetServer } from './support/fleet-server';

let server: FleetServer;
let chromium: BrowserHandle;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, chromium] = await Promise.all([startFleetServer(), launchChromium()]);
  browser = chromium.browser;
});
afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});
beforeEach(async () => {
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
});
afterEach(async () => {
  await page.context().close();
});

const htmlClasses = () => page.evaluate(() => [...document.documentElement.classList]);

describe('the console shell in Chromium', () => {
  it('serves health from the same port as the app', async () => {
    const response = await page.request.get(`${server.url}/api/health`);
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ ok: true, version: '0.1.0', database: 'pglite' });
  });

  it('serves React’s production build, even when the tests built it under NODE_ENV=test', async () => {
    // The e2e set-up builds the app from inside Vitest; a development bundle there would also be
    // what `npm start` serves next, since the build is stamped as up to date.
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    await page.goto(`${server.url}/`);
    const scripts = await page.evaluate(() =>
      [...document.querySelectorAll('script[src], link[rel=modulepreload]')].map(
        (element) => element.getAttribute('src') ?? element.getAttribute('href') ?? '',
      ),
    );
    expect(scripts.length).toBeGreaterThan(0);
    for (const path of scripts) {
      const source = await (await page.request.get(`${server.url}${path}`)).text();
      expect({ path, development: source.includes('Download the React DevTools') }).toEqual({
        path,
        development: false,
      });
    }
    expect(messages.filter((text) => text.includes('React DevTools'))).toEqual([]);
  });

  it('shows visitors the landing view with scroll anchors instead of links', async () => {
    await page.goto(server.url);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toContain('Run hundreds');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const anchors = await nav.getByRole('link').allTextContents();
    expect(anchors.map((text) => text.trim().toLowerCase())).toEqual([
      'import',
      'wallets',
      'tokens',
      'trading',
      'liquidity',
    ]);
    expect(await nav.getByText('Settings', { exact: true }).count()).toBe(0);

    await nav.getByRole('link', { name: 'Tokens' }).click();
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#tokens');
    await expect
      .poll(() =>
        page.evaluate(() =>
          Math.round(document.getElementById('tokens')?.getBoundingClientRect().top ?? -1),
        ),
      )
      .toBeLessThan(120);
    expect(new URL(page.url()).pathname).toBe('/');
    await screenshot(page, 'landing');
  });

  it('sends a visitor who opens a session route to /login', async () => {
    await page.goto(`${server.url}/wallets?address=abc`);
    await page.waitForURL('**/login');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Sign in');
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(await page.getByRole('alert').allTextContents()).toEqual([
      'Email is required',
      'Password is required',
    ]);
    expect(await page.getByRole('link', { name: 'Request an invite' }).getAttribute('href')).toBe(
      '/invite/request',
    );
    await screenshot(page, 'login-redirect');
  });

  it('shows the 404 page for an unknown address', async () => {
    const response = await page.goto(`${server.url}/no/such/page`);
    expect(response?.status()).toBe(200);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('404 Page Not Found');
    await screenshot(page, 'not-found');
  });

  it('starts dark and uppercase, and remembers a theme and text-case change across reloads', async () => {
    await page.goto(server.url);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await htmlClasses()).toEqual(expect.arrayContaining(['dark', 'text-upper']));
    expect(await page.evaluate(() => getComputedStyle(document.body).textTransform)).toBe(
      'uppercase',
    );

    await page.getByRole('button', { name: 'Settings menu' }).click();
    await page.getByRole('menuitem', { name: 'Switch to light theme' }).click();
    await page.getByRole('button', { name: 'Settings menu' }).click();
    await page.getByRole('menuitem', { name: 'Use normal text case' }).click();
    expect(await htmlClasses()).not.toContain('dark');
    expect(await htmlClasses()).not.toContain('text-upper');

    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await htmlClasses()).not.toContain('dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).textTransform)).toBe('none');
    await screenshot(page, 'landing-light');
  });
});
