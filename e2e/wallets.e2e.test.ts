import {
  SEGMENT_LABELS,
  decodePrivateKey,
  filterBySegment,
  readSlimWalletList,
  type SlimWallet,
} from '@fleet/core';
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
let sandboxUrl: string;

beforeAll(async () => {
  [server, chromium] = await Promise.all([startFleetServer(), launchChromium()]);
  browser = chromium.browser;
  sandboxUrl = /Local Solana sandbox: (\S+)/.exec(server.output())?.[1] ?? '';
  const password = /with password (\S+)/.exec(server.output())?.[1] ?? '';
  if (!sandboxUrl || !password) throw new Error(`unexpected start output:\n${server.output()}`);
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

async function rpc<T>(method: string, params: unknown[]): Promise<T> {
  const response = await fetch(sandboxUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await response.json()) as { result: T }).result;
}

async function api<T>(method: 'GET' | 'POST', path: string, data?: object): Promise<T> {
  const response =
    method === 'GET'
      ? await page.request.get(`${server.url}${path}`)
      : await page.request.post(`${server.url}${path}`, { data: data ?? {} });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

async function slimWallets(query = ''): Promise<SlimWallet[]> {
  const body = await api<unknown>('GET', `/api/wallets?mode=slim${query}`);
  return readSlimWalletList(body).wallets;
}

const rows = () => page.locator('[role=row][data-wallet-id]');
const selectedCount = () => page.locator('[role=row][data-wallet-id][aria-selected=true]').count();

async function chooseSegment(label: string): Promise<void> {
  await page.getByRole('button', { name: 'View', exact: true }).click();
  await page.getByRole('menu').getByText(label, { exact: true }).click();
}

/** Escape until no dialog is open (a toast on screen takes the first Escape). */
async function closeDialogs(): Promise<void> {
  for (let attempt = 0; attempt < 5 && (await page.getByRole('dialog').count()) > 0; attempt++) {
    await page.keyboard.press('Escape');
    await page.waitForTimeout(200);
  }
}

async function openToolkitTile(name: RegExp): Promise<void> {
  await closeDialogs();
  await page.getByRole('button', { name: 'Toolkit' }).click();
  await page.getByRole('dialog', { name: 'Toolkit' }).getByRole('button', { name }).click();
}

/** Imports keys through the API the Import page uses: validate, scan on the chain, import. */
async function importKeys(privateKeys: string[]): Promise<void> {
  const validated = await api<{ publicAddresses: string[] }>('POST', '/api/wallet/validate-only', {
    privateKeys: privateKeys.join('\n'),
  });
  const preview = await api<object>('POST', '/api/scan-assets/preview', {
    publicAddresses: validated.publicAddresses,
  });
  await api('POST', '/api/wallet', { privateKeys, preview });
}

describe('managing wallets in Chromium', () => {
  it('creates 20 wallets, filters every segment, sorts, shift-selects, tags, groups, archives, restores, finds and exports', async () => {
    // A funded wallet and an empty one, imported with their scanned balances.
    const funded = newTestKeypair();
    const empty = newTestKeypair();
    await rpc('requestAirdrop', [funded.address, 3_000_000_000]);
    await expect
      .poll(async () => (await rpc<{ value: number }>('getBalance', [funded.address])).value)
      .toBe(3_000_000_000);
    await importKeys([funded.privateKey, empty.privateKey]);

    // Create 20 wallets from the Toolkit.
    await page.goto(`${server.url}/wallets`);
    await openToolkitTile(/Create Wallet/);
    const create = page.getByRole('dialog');
    await create.getByLabel(/Quantity|How many|Number/i).fill('20');
    await create.getByRole('button', { name: /^Create/ }).click();
    await expect.poll(async () => (await slimWallets()).length).toBe(22);
    await expect.poll(() => page.getByText('Wallets Created').count()).toBeGreaterThan(0);

    // Every segment shows exactly the wallets the core rules pick from the server's list.
    const all = await slimWallets();
    for (const [segment, label] of Object.entries(SEGMENT_LABELS)) {
      await chooseSegment(label);
      const expected = filterBySegment(all, segment as keyof typeof SEGMENT_LABELS, {
        now: Date.now(),
      });
      await expect.poll(() => rows().count()).toBe(expected.length);
    }
    await chooseSegment('With SOL Balance');
    await expect.poll(() => rows().first().textContent()).toContain(funded.address.slice(0, 4));
    // Base58 is case-sensitive: the uppercase text preference must not change an address as shown.
    expect(await rows().first().locator('.font-mono').first().innerText()).toBe(
      shortenAddress(funded.address),
    );

    // Sort by SOL balance: ascending first, then descending puts the funded wallet on top.
    await chooseSegment('All');
    await expect.poll(() => rows().count()).toBe(22);
    const solHeader = page.getByRole('columnheader', { name: /SOL Balance/ });
    await solHeader.click();
    await solHeader.click();
    await expect.poll(() => solHeader.getAttribute('aria-sort')).toBe('descending');
    await expect
      .poll(() => rows().first().getAttribute('data-wallet-id'))
      .toBe(all.find((wallet) => wallet.address === funded.address)?.id);

    // The rows follow the display unit and the hidden-balance switch.
    const topRow = () => rows().first().textContent();
    expect(await topRow()).toContain('3.0000');
    await page.getByRole('button', { name: 'Settings menu' }).click();
    await page.getByRole('menuitem', { name: /Toggle units/ }).click();
    await expect.poll(topRow).toContain('3,000,000,000');
    await page.getByRole('button', { name: 'Hide balances' }).click();
    await expect.poll(topRow).toContain('***');
    expect(await topRow()).not.toContain('3,000,000,000');
    await page.getByRole('button', { name: 'Show balances' }).click();
    await page.getByRole('button', { name: 'Settings menu' }).click();
    await page.getByRole('menuitem', { name: /Toggle units/ }).click();
    await expect.poll(topRow).toContain('3.0000');

    // Shift-click selects the range between two clicked rows.
    const ids = await rows().evaluateAll((elements) =>
      elements
        .map((element) => ({
          id: element.getAttribute('data-wallet-id') ?? '',
          top: element.getBoundingClientRect().top,
        }))
        .sort((left, right) => left.top - right.top)
        .map((row) => row.id),
    );
    const rangeIds = ids.slice(2, 7);
    const addressOf = (id: string) => all.find((wallet) => wallet.id === id)?.address ?? '';
    await page.getByLabel(`Select ${addressOf(rangeIds[0] ?? '')}`).click();
    await page.getByLabel(`Select ${addressOf(rangeIds[4] ?? '')}`).click({ modifiers: ['Shift'] });
    await expect.poll(selectedCount).toBe(5);
    await screenshot(page, 'wallets-range-selected');

    // Tag the range from Manage Tags.
    await openToolkitTile(/Manage Tags/);
    const tags = page.getByRole('dialog');
    await tags.getByLabel('New tag').fill('E2E Range');
    await tags.getByRole('button', { name: /^(Add|Create)/ }).click();
    await tags
      .getByRole('button', { name: /^Assign/ })
      .first()
      .click();
    await expect.poll(async () => (await slimWallets('&tag=e2e-range')).length).toBe(5);
    await closeDialogs();

    // Make a group of the same range.
    await openToolkitTile(/Create Group/);
    const group = page.getByRole('dialog');
    await group.getByLabel(/Name/).first().fill('E2E Group');
    await group.getByRole('button', { name: /^Create/ }).click();
    await expect
      .poll(async () => {
        const body = await api<{ groups: { group_name: string; count?: number }[] }>(
          'GET',
          '/api/groups?withCounts=true',
        );
        return body.groups.find((entry) => entry.group_name === 'E2E Group')?.count;
      })
      .toBe(5);

    // Archive two wallets through task mode, then restore them from the Archive tab. The task
    // starts with the range still ticked (decision 010): clear it first.
    await openToolkitTile(/Delete/);
    await page
      .getByRole('region', { name: 'Task mode' })
      .getByRole('button', { name: 'Clear Selection' })
      .click();
    const toArchive = rangeIds.slice(0, 2);
    for (const id of toArchive) await page.getByLabel(`Select ${addressOf(id)}`).click();
    await page
      .getByRole('region', { name: 'Task mode' })
      .getByRole('button', { name: 'Archive 2' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Archive 2' }).click();
    await expect.poll(async () => (await slimWallets()).length).toBe(20);
    await page.getByRole('tab', { name: 'Archive' }).click();
    for (const id of toArchive) await page.getByLabel(`Select ${addressOf(id)}`).click();
    await page.getByRole('button', { name: /^Restore/ }).click();
    await expect.poll(async () => (await slimWallets()).length).toBe(22);
    await expect.poll(() => page.getByText('Wallets restored').count()).toBeGreaterThan(0);

    // Ctrl+K finds the funded wallet and lands on it, highlighted.
    await page.goto(`${server.url}/settings`);
    await page.getByRole('heading', { name: /Master wallet history/i }).waitFor();
    await page.keyboard.press('Control+k');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('role')))
      .toBe('combobox');
    await page.keyboard.type(funded.address.slice(0, 8));
    await expect
      .poll(() => page.getByRole('option').first().textContent())
      .toContain(funded.address.slice(0, 4));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/wallets\?address=/);
    // The highlight's 6 s start when the page lands, just before the address bar changes.
    const landedAt = Date.now();
    const landed = page.locator(`[role=row][data-wallet-id][aria-selected=true]`);
    await expect.poll(() => landed.textContent()).toContain(funded.address.slice(0, 4));
    expect(await landed.getAttribute('class')).toContain('outline-warning');
    await screenshot(page, 'wallets-landed');
    // The highlight clears after 6 s (spec 2 §2.1); the selection stays.
    await expect
      .poll(() => landed.getAttribute('class'), { timeout: 10_000 })
      .not.toContain('outline-warning');
    expect(Date.now() - landedAt).toBeGreaterThan(4_000);
    expect(await landed.count()).toBe(1);

    // Export every wallet's address as CSV.
    await page.goto(`${server.url}/wallets`);
    await page.getByRole('tab', { name: 'List' }).click();
    await openToolkitTile(/Export/);
    await page
      .getByRole('region', { name: 'Task mode' })
      .getByRole('button', { name: 'Export All' })
      .click();
    const exportDialog = page.getByRole('dialog');
    const downloading = page.waitForEvent('download');
    await exportDialog
      .getByRole('button', { name: /^(Export|Download)/ })
      .last()
      .click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^fleet-wallets-.*\.csv$/);
    const csv = readFileSync((await download.path()) ?? '', 'utf8');
    expect(csv.split('\n')[0]).toContain('address');
    for (const wallet of all) expect(csv).toContain(wallet.address);
    expect(csv).not.toContain(funded.privateKey);
  });

  it('opens what the search box offers: computed groups as segments, system tags by their rule, groups with hidden balances', async () => {
    await api('POST', '/api/create-wallet', { is_trader: true, count: 2 });
    await expect.poll(async () => (await slimWallets('&tag=trader')).length).toBe(2);
    const traders = new Set((await slimWallets('&tag=trader')).map((wallet) => wallet.id));

    // A computed group chosen in the page's search box opens the segment with the same rule.
    await page.goto(`${server.url}/wallets`);
    await chooseSegment('All');
    const searchBox = page.getByRole('combobox', { name: 'Search wallets, tags and groups' });
    await searchBox.fill('Trader Wal');
    await page.getByRole('option', { name: /Trader Wallets/ }).click();
    await page.waitForURL(/groupId=traders/);
    await expect.poll(() => rows().count()).toBe(2);
    expect(await page.getByRole('button', { name: 'View', exact: true }).innerText()).toMatch(
      /Trader/i,
    );
    const shown = await rows().evaluateAll((elements) =>
      elements.map((element) => element.getAttribute('data-wallet-id')),
    );
    expect(shown.every((id) => id !== null && traders.has(id))).toBe(true);

    // An address that is no wallet here: "Wallet not found", and the parameter leaves the URL.
    await page.goto(`${server.url}/wallets?address=${newTestKeypair().address}`);
    await expect.poll(() => page.getByText('Wallet not found').count()).toBeGreaterThan(0);
    await expect.poll(() => new URL(page.url()).searchParams.has('address')).toBe(false);

    // ?tag= with the system Trader tag and with an assigned tag shows what the server's ?tag= does.
    await page.goto(`${server.url}/wallets?tag=trader`);
    await expect.poll(() => rows().count()).toBe(2);
    const tagged = (await slimWallets('&tag=e2e-range')).length;
    expect(tagged).toBeGreaterThan(0);
    await page.goto(`${server.url}/wallets?tag=e2e-range`);
    await expect.poll(() => rows().count()).toBe(tagged);

    // An opened group follows the hidden-balance switch.
    await page.getByRole('button', { name: 'Hide balances' }).click();
    await page.getByRole('tab', { name: 'Groups' }).click();
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Trader Wallets' })
      .getByRole('button', { name: 'Open' })
      .click();
    const groupTable = page.getByRole('table', { name: 'Wallets in Trader Wallets' });
    await expect.poll(() => groupTable.locator('[role=row]').count()).toBe(3);
    expect(await groupTable.innerText()).toContain('***');
    await page.getByRole('button', { name: 'Show balances' }).click();
    await expect.poll(() => groupTable.innerText()).not.toContain('***');
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('tab', { name: 'List' }).click();
  });

  it('copies public and private keys in task mode, and clears, cancels and exits it', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: server.url,
    });
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
    const banner = page.getByRole('region', { name: 'Task mode' });
    await page.goto(`${server.url}/wallets`);
    await chooseSegment('All');
    const wallets = await slimWallets();
    const addressOf = (id: string | null) =>
      wallets.find((wallet) => wallet.id === id)?.address ?? '';
    const firstTwo = [
      addressOf(await rows().nth(0).getAttribute('data-wallet-id')),
      addressOf(await rows().nth(1).getAttribute('data-wallet-id')),
    ];

    // Copy Public Keys: the selected addresses, one per line; "Copied", then the task ends.
    await openToolkitTile(/Copy Public Keys/);
    for (const address of firstTwo) await page.getByLabel(`Select ${address}`).click();
    await banner.getByRole('button', { name: 'Copy 2 Public Keys' }).click();
    await expect.poll(clipboard).toBe(firstTwo.join('\n'));
    await expect.poll(() => banner.count(), { timeout: 5_000 }).toBe(0);

    // Copy Private Keys asks first; the key copied is the one the wallet's address comes from.
    // Entering a task keeps the wallets ticked (decision 010): untick the second.
    await openToolkitTile(/Copy Private Keys/);
    await expect.poll(selectedCount).toBe(2);
    await page.getByLabel(`Select ${firstTwo[1] ?? ''}`).click();
    await banner.getByRole('button', { name: 'Copy 1 Private Key' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Copy keys' }).click();
    await expect.poll(async () => (await clipboard()) !== firstTwo.join('\n')).toBe(true);
    const copied = decodePrivateKey(await clipboard());
    expect(copied.ok && copied.value.address).toBe(firstTwo[0]);
    expect(await page.locator('body').innerText()).not.toContain(await clipboard());
    await expect.poll(() => banner.count(), { timeout: 5_000 }).toBe(0);

    // Clear Selection empties the selection; Cancel goes back to the Toolkit; Exit leaves.
    await openToolkitTile(/Delete/);
    await page.getByLabel(`Select ${firstTwo[1] ?? ''}`).click();
    await expect.poll(selectedCount).toBe(2);
    await banner.getByRole('button', { name: 'Clear Selection' }).click();
    await expect.poll(selectedCount).toBe(0);
    await banner.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Toolkit' }).count()).toBe(1);
    await page
      .getByRole('dialog', { name: 'Toolkit' })
      .getByRole('button', { name: /Delete/ })
      .click();
    await banner.getByRole('button', { name: 'Exit' }).click();
    await expect.poll(() => banner.count()).toBe(0);
    expect((await slimWallets()).length).toBe(wallets.length);
  });
});
