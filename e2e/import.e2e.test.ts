import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestKeypair } from '../apps/server/src/testing/keypairs';
import { launchChromium, screenshot, type BrowserHandle } from './support/chromium';
import { startFleetServer, type FleetServer } from './support/fleet-server';

let server: FleetServer;
let chromium: BrowserHandle;
let browser: Browser;
let page: Page;
let sandboxUrl: string;
let demoPassword: string;

beforeAll(async () => {
  [server, chromium] = await Promise.all([startFleetServer(), launchChromium()]);
  browser = chromium.browser;
  sandboxUrl = /Local Solana sandbox: (\S+)/.exec(server.output())?.[1] ?? '';
  demoPassword = /with password (\S+)/.exec(server.output())?.[1] ?? '';
  if (!sandboxUrl || !demoPassword) throw new Error(`unexpected start output:\n${server.output()}`);
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(20_000);
});
afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

async function totalHits(): Promise<number> {
  const response = await page.request.get(`${server.url}/api/scan/details`);
  const body = (await response.json()) as { pool: { endpointHits: Record<string, number> } };
  return Object.values(body.pool.endpointHits).reduce((sum, hits) => sum + hits, 0);
}

async function rpc<T>(method: string, params: unknown[]): Promise<T> {
  const response = await fetch(sandboxUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result: T };
  return body.result;
}

describe('importing private keys in Chromium', () => {
  it('validates pasted keys, scans their balances on the chain, imports them and then knows them', async () => {
    const keys = [newTestKeypair(), newTestKeypair(), newTestKeypair()];
    const funded = keys[0];
    if (!funded) throw new Error('no keypair');
    await rpc('requestAirdrop', [funded.address, 2_000_000_000]);
    await expect
      .poll(
        async () =>
          (
            await rpc<{ value: number }>('getBalance', [
              funded.address,
              { commitment: 'confirmed' },
            ])
          ).value,
      )
      .toBe(2_000_000_000);

    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').fill('demo@fleet.local');
    await page.getByLabel('Password').fill(demoPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}/`);

    await page
      .getByLabel(/Private keys/)
      .fill(`${keys.map((key) => key.privateKey).join('\n')}\n${keys[1]?.privateKey ?? ''}`);
    await page.getByRole('button', { name: 'Validate' }).click();
    const review = page.getByRole('region', { name: 'Review wallets' });
    await expect.poll(() => review.textContent()).toContain('3 new');
    expect(await review.textContent()).toContain('1 repeated key(s) removed');

    await page.getByRole('button', { name: 'Scan assets' }).click();
    await expect
      .poll(() => page.locator('[data-scan-status]').getAttribute('data-scan-status'))
      .toBe('success');
    expect(await page.getByRole('table').textContent()).toContain('2.0000');
    await screenshot(page, 'import-scanned');

    // Scan Details shows the pool's real counts, and they move with the next scan.
    await page.getByRole('button', { name: 'Scan Details' }).click();
    const details = page.getByRole('dialog', { name: 'Scan Details' });
    await expect.poll(() => details.textContent()).toContain('getMultipleAccounts');
    const hitsBefore = await totalHits();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Scan assets' }).click();
    await expect
      .poll(() => page.locator('[data-scan-status]').getAttribute('data-scan-status'))
      .toBe('success');
    expect(await totalHits()).toBeGreaterThan(hitsBefore);

    await page
      .getByRole('button', { name: /^Import/ })
      .last()
      .click();
    await expect
      .poll(() => page.getByRole('heading', { level: 2 }).first().textContent())
      .toMatch(/import/i);
    await screenshot(page, 'import-finished');

    const again = await page.request.post(`${server.url}/api/wallet/validate-only`, {
      data: { privateKeys: keys.map((key) => key.privateKey).join('\n') },
    });
    const validation = (await again.json()) as { duplicateActiveAddresses: string[] };
    expect([...validation.duplicateActiveAddresses].sort()).toEqual(
      keys.map((key) => key.address).sort(),
    );
  });
});
