import { readSlimWalletList } from '@fleet/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** SOL sent to `address` from outside Fleet: the sandbox's faucet, straight to the chain. */
async function airdrop(address: string, lamports: number): Promise<void> {
  const response = await fetch(sandboxUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'requestAirdrop',
      params: [address, lamports],
    }),
  });
  expect(response.status).toBe(200);
}

const rowOf = (id: string) => page.locator(`[role=row][data-wallet-id="${id}"]`);
/** The SOL cell: the balance, then its age ("scanned 3s ago"). */
const solOf = (id: string) => rowOf(id).locator('[title^="Balances "]').locator('xpath=..');

describe('balances that change on screen without Refresh, in Chromium', () => {
  it('shows SOL sent to a trader wallet from outside Fleet while the wallet page stays open', async () => {
    const made = await page.request.post(`${server.url}/api/create-wallet`, {
      data: { count: 1, is_trader: true },
    });
    expect(made.status(), await made.text()).toBe(200);
    const trader = ((await made.json()) as { wallets: { id: string; address: string }[] })
      .wallets[0];
    if (!trader) throw new Error('no wallet made');

    await page.goto(`${server.url}/wallets`);
    // A new wallet holds nothing: it is in the All segment, not the default Non-Empty one.
    await page.getByRole('button', { name: 'View', exact: true }).click();
    await page.getByRole('menu').getByText('All', { exact: true }).click();
    await expect.poll(() => solOf(trader.id).textContent()).toMatch(/^0\.0000scanned/);
    const listReads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/wallets?')) listReads.push(request.url());
    });

    await airdrop(trader.address, 1_250_000_000);
    // No reload and no Refresh: the server heard the chain, the page saw the list's version move.
    await expect
      .poll(() => solOf(trader.id).textContent(), { timeout: 20_000 })
      .toMatch(/^1\.2500scanned \d+s ago$/);
    expect(listReads.length).toBeGreaterThan(0);
    const stored = readSlimWalletList(
      await (await page.request.get(`${server.url}/api/wallets?mode=slim`)).json(),
    ).wallets.find((wallet) => wallet.id === trader.id);
    expect(stored?.lamports).toBe('1250000000');
    await screenshot(page, 'live-balances-trader');
  });

  it('tells in Scan Details that the balances follow the chain', async () => {
    await page
      .getByRole('contentinfo', { name: 'Status bar' })
      .getByRole('button', { name: 'Scan Details' })
      .click();
    const live = page
      .getByRole('dialog', { name: 'Scan Details' })
      .getByRole('region', { name: 'Live balances' });
    // The trader made above; the demo master is not one of the fleet's wallets but is followed too.
    await expect.poll(() => live.textContent()).toContain('Live balancesConnected');
    expect(await live.textContent()).toContain('Watched2 of 2');
    expect(await live.textContent()).not.toContain('Last change (UTC)—');
  });
});
