import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestKeypair } from '../apps/server/src/testing/keypairs';
import { shortenAddress } from '../apps/web/src/format/address';
import { launchChromium, screenshot, type BrowserHandle } from './support/chromium';
import { startFleetServer, type FleetServer } from './support/fleet-server';

let server: FleetServer;
let chromium: BrowserHandle;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, chromium] = await Promise.all([startFleetServer(), launchChromium()]);
  browser = chromium.browser;
  const password = /with password (\S+)/.exec(server.output())?.[1] ?? '';
  if (!password) throw new Error(`unexpected start output:\n${server.output()}`);
  page = await browser.newPage({ viewport: { width: 1400, height: 950 }, acceptDownloads: true });
  page.setDefaultTimeout(20_000);
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill('demo@fleet.local');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${server.url}/`);
});
afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

async function api<T>(method: 'GET' | 'POST', path: string, data?: object): Promise<T> {
  const response =
    method === 'GET'
      ? await page.request.get(`${server.url}${path}`)
      : await page.request.post(`${server.url}${path}`, { data: data ?? {} });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

const auditTable = () => page.getByRole('table', { name: 'Audit log' });
const auditRows = (action?: string) =>
  auditTable().locator(action ? `tbody tr[data-audit-action="${action}"]` : 'tbody tr');

describe('the audit log in Chromium', () => {
  it('shows a revealed master key and a copied wallet key with their addresses, filters by action and exports the CSV', async () => {
    // A wallet key copied through the call the Toolkit's Copy private keys makes.
    const imported = newTestKeypair();
    await api('POST', '/api/wallet', { privateKeys: [imported.privateKey] });
    const { wallets } = await api<{ wallets: { id: string; public_address: string }[] }>(
      'GET',
      '/api/groups/all/wallets',
    );
    const walletId = wallets.find((wallet) => wallet.public_address === imported.address)?.id;
    await api('POST', '/api/wallets/reveal-keys', { walletIds: [walletId], purpose: 'copy' });

    // The master key shown in the Master wallet dialog.
    await page.getByRole('button', { name: 'Settings menu' }).click();
    await page.getByRole('menuitem', { name: 'Master wallet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Master wallet' });
    const masterAddress = await dialog
      .getByRole('textbox', { name: 'Public address' })
      .inputValue();
    expect(masterAddress).not.toBe('');
    await dialog.getByRole('button', { name: 'Show private key' }).click();
    // Showing the master key asks first (issue 15).
    await page
      .getByRole('dialog', { name: 'Show the master private key' })
      .getByRole('button', { name: 'Show key' })
      .click();
    await dialog.getByLabel('Private key', { exact: true }).waitFor();
    const masterKey = (await dialog.getByLabel('Private key', { exact: true }).textContent()) ?? '';
    expect(masterKey.length).toBeGreaterThan(80);
    await page.keyboard.press('Escape');

    // The Control Centre's Audit log shows both, newest first, with the addresses they named.
    await page.goto(`${server.url}/settings`);
    await page.getByRole('navigation', { name: 'Control Centre' }).getByText('Audit log').click();
    await page.waitForURL(/section=audit/);
    await expect.poll(() => auditRows('master_wallet.reveal').count()).toBe(1);
    const reveal = auditRows('master_wallet.reveal');
    expect(await reveal.textContent()).toContain('Master key revealed');
    expect(await reveal.textContent()).toContain('Succeeded');
    expect(await reveal.textContent()).toContain(shortenAddress(masterAddress));
    expect(await reveal.locator('code[title]').last().getAttribute('title')).toBe(masterAddress);
    expect(await reveal.locator('time').getAttribute('title')).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/,
    );
    const copy = auditRows('wallet.keys.copy');
    expect(await copy.textContent()).toContain('Private keys copied');
    expect(await copy.textContent()).toContain(shortenAddress(imported.address));
    expect(await auditRows('auth.login').first().textContent()).toContain('127.0.0.1');
    const tableText = (await auditTable().textContent()) ?? '';
    expect(tableText).not.toContain(masterKey);
    expect(tableText).not.toContain(imported.privateKey);
    // The first row is the newest: the reveal came after the copy.
    expect(await auditRows().first().getAttribute('data-audit-action')).toBe(
      'master_wallet.reveal',
    );
    await screenshot(page, 'audit-log');

    // Filtered by action: only master key reveals, and the filter is in the address bar.
    await page.getByLabel('Action', { exact: true }).selectOption('master_wallet.reveal');
    await page.waitForURL(/action=master_wallet\.reveal/);
    await expect.poll(() => auditRows().count()).toBe(1);
    expect(await auditRows().first().getAttribute('data-audit-action')).toBe(
      'master_wallet.reveal',
    );

    // Export CSV downloads the filtered log.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^fleet-audit-log-\d{8}-\d{6}\.csv$/);
    const lines = readFileSync((await download.path()) ?? '', 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('time_utc,user,action,event,outcome,ip,detail');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('demo@fleet.local,master_wallet.reveal,Master key revealed,success');
    expect(lines[1]).toContain(masterAddress);
    expect(lines.join('\n')).not.toContain(masterKey);
  });

  it('leads from the export dialog to the audit log it promises', async () => {
    await page.goto(`${server.url}/wallets`);
    await page.getByRole('tab', { name: 'List' }).click();
    await page.getByRole('button', { name: 'Toolkit' }).click();
    await page
      .getByRole('dialog', { name: 'Toolkit' })
      .getByRole('button', { name: /Export/ })
      .click();
    await page
      .getByRole('region', { name: 'Task mode' })
      .getByRole('button', { name: 'Export All' })
      .click();
    const exportDialog = page.getByRole('dialog', { name: 'Export Wallets' });
    expect(await exportDialog.textContent()).toContain('Every export is recorded in the audit log');
    await exportDialog.getByRole('link', { name: 'audit log' }).click();
    await page.waitForURL(/\/settings\?section=audit$/);
    await auditTable().waitFor();
    expect(await auditRows().count()).toBeGreaterThan(0);
  });
});
