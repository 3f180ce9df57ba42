import { readSlimWalletList, type SlimWallet } from '@fleet/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestKeypair } from '../apps/server/src/testing/keypairs';
import { launchChromium, screenshot, type BrowserHandle } from './support/chromium';
import { startFleetServer, type FleetServer } from './support/fleet-server';

let server: FleetServer;
let chromium: BrowserHandle;
let page: Page;
let sandboxUrl: string;

beforeAll(async () => {
  [server, chromium] = await Promise.all([startFleetServer(), launchChromium()]);
  sandboxUrl = /Local Solana sandbox: (\S+)/.exec(server.output())?.[1] ?? '';
  const password = /with password (\S+)/.exec(server.output())?.[1] ?? '';
  if (!sandboxUrl || !password) throw new Error(`unexpected start output:\n${server.output()}`);
  page = await chromium.browser.newPage({ viewport: { width: 1400, height: 950 } });
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

async function rpc<T>(method: string, params: unknown[]): Promise<T> {
  const response = await fetch(sandboxUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await response.json()) as { result: T }).result;
}

/** SOL sent to `address` from outside Fleet (the sandbox's faucet), once the chain shows it. */
async function sendFromOutside(address: string, lamports: number, expected: number) {
  await rpc('requestAirdrop', [address, lamports]);
  await expect
    .poll(
      async () =>
        (await rpc<{ value: number }>('getBalance', [address, { commitment: 'confirmed' }])).value,
    )
    .toBe(expected);
}

async function api<T>(method: 'GET' | 'POST', path: string, data?: object): Promise<T> {
  const response =
    method === 'GET'
      ? await page.request.get(`${server.url}${path}`)
      : await page.request.post(`${server.url}${path}`, { data: data ?? {} });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

async function walletNamed(address: string): Promise<SlimWallet> {
  const wallet = readSlimWalletList(await api('GET', '/api/wallets?mode=slim')).wallets.find(
    (entry) => entry.address === address,
  );
  if (!wallet) throw new Error(`${address} is not in the list`);
  return wallet;
}

const rowOf = (id: string) => page.locator(`[role=row][data-wallet-id="${id}"]`);
/** The SOL cell's age line: "scanned 2m ago", or "Never". */
const ageOf = (id: string) => rowOf(id).locator('[title^="Balances "]');
/** The SOL cell: the balance, then its age. */
const solOf = (id: string) => ageOf(id).locator('xpath=..');

describe('balances that follow the chain, in Chromium', () => {
  const imported = newTestKeypair();
  let importedId = '';
  let createdId = '';

  it('shows SOL that arrived from outside Fleet after Refresh, with a fresh scan age', async () => {
    await sendFromOutside(imported.address, 1_000_000_000, 1_000_000_000);
    const preview = await api<object>('POST', '/api/scan-assets/preview', {
      publicAddresses: [imported.address],
    });
    await api('POST', '/api/wallet', { privateKeys: [imported.privateKey], preview });
    const before = await walletNamed(imported.address);
    importedId = before.id;
    expect(before.lamports).toBe('1000000000');

    await page.goto(`${server.url}/wallets`);
    await expect.poll(() => rowOf(importedId).textContent()).toContain('1.0000');
    const importAge = await ageOf(importedId).getAttribute('title');
    expect(importAge).toBe(`Balances scanned at ${before.lastScannedAt ?? ''}`);

    // 1.5 SOL arrive from outside Fleet: the table cannot know until the chain is read again.
    await sendFromOutside(imported.address, 1_500_000_000, 2_500_000_000);
    await page.reload();
    await expect.poll(() => rowOf(importedId).textContent()).toContain('1.0000');

    await page
      .getByRole('contentinfo', { name: 'Status bar' })
      .getByRole('button', { name: 'Refresh' })
      .click();
    await page.getByText('Balances refreshed', { exact: true }).waitFor();
    expect(
      await page
        .getByText(/wallet\(s\) scanned in/)
        .first()
        .textContent(),
    ).toContain('no endpoint failures');
    await expect.poll(() => rowOf(importedId).textContent()).toContain('2.5000');
    const after = await walletNamed(imported.address);
    expect(after.lamports).toBe('2500000000');
    expect(Date.parse(after.lastScannedAt ?? '')).toBeGreaterThan(
      Date.parse(before.lastScannedAt ?? ''),
    );
    expect(await ageOf(importedId).getAttribute('title')).toBe(
      `Balances scanned at ${after.lastScannedAt ?? ''}`,
    );
    expect(await ageOf(importedId).textContent()).toMatch(/^scanned \d+s ago$/);
    const overview = page.getByRole('region', { name: 'Portfolio Overview' });
    expect(await overview.textContent()).toMatch(/scanned \d+s ago/);
    await screenshot(page, 'balances-after-refresh');
  });

  it('shows a created wallet at 0 SOL, scanned when it was made, not as a dash', async () => {
    const created = await api<{ wallets: { id: string; address: string }[] }>(
      'POST',
      '/api/create-wallet',
      { count: 1, is_trader: false },
    );
    createdId = created.wallets[0]?.id ?? '';
    await page.goto(`${server.url}/wallets`);
    // An empty wallet is in the All segment, not in the default Non-Empty one.
    await page.getByRole('button', { name: 'View', exact: true }).click();
    await page.getByRole('menu').getByText('All', { exact: true }).click();
    await expect
      .poll(() => solOf(createdId).textContent())
      .toMatch(/^0\.0000scanned \d+[smhd] ago$/);
  });

  it('opens explorer links on the sandbox cluster, in the explorer chosen in Preferences', async () => {
    const link = page.getByRole('link', { name: `View ${imported.address} on explorer` });
    const customUrl = `cluster=custom&customUrl=${encodeURIComponent(sandboxUrl)}`;
    await expect
      .poll(() => link.getAttribute('href'))
      .toBe(`https://explorer.solana.com/address/${imported.address}?${customUrl}`);

    await page.getByRole('button', { name: 'Settings menu' }).click();
    await page.getByRole('menuitem', { name: 'Preferences' }).click();
    await page
      .getByRole('dialog', { name: 'Preferences' })
      .getByText('Solscan', { exact: true })
      .click();
    await page.keyboard.press('Escape');
    await expect
      .poll(() => link.getAttribute('href'))
      .toBe(`https://solscan.io/account/${imported.address}?${customUrl}`);

    // Kept across a reload, like the other preferences.
    await page.reload();
    await expect
      .poll(() =>
        page
          .getByRole('link', { name: `View ${imported.address} on explorer` })
          .getAttribute('href'),
      )
      .toBe(`https://solscan.io/account/${imported.address}?${customUrl}`);
  });
});
