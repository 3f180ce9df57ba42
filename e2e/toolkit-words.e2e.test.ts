import { readSlimWalletList, type Group, type SlimWallet } from '@fleet/core';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestKeypair } from '../apps/server/src/testing/keypairs';
import { launchChromium, screenshot, type BrowserHandle } from './support/chromium';
import { startFleetServer, type FleetServer } from './support/fleet-server';

/**
 * Issue 15, "The Toolkit keeps what you chose", "Words that say what they mean" and "Wallets you
 * can name and groups you can manage", in Chromium against the real server.
 */
let server: FleetServer;
let chromium: BrowserHandle;
let browser: Browser;
let page: Page;
let sandboxUrl: string;
/** Imported wallets holding 2.5 SOL and 0.5 SOL; the five created ones hold nothing known. */
const funded = newTestKeypair();
const FUNDED_LAMPORTS = 2_500_000_000;
const dust = newTestKeypair();
const DUST_LAMPORTS = 500_000_000;

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
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: server.url,
  });

  // The funded wallet first and the dust last, five empty ones between: the list's own order is
  // not the order by SOL.
  await importFunded(funded, FUNDED_LAMPORTS);
  await api('POST', '/api/create-wallet', { is_trader: false, count: 5 });
  await importFunded(dust, DUST_LAMPORTS);
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

async function api<T>(method: 'GET' | 'POST' | 'PATCH', path: string, data?: object): Promise<T> {
  const response =
    method === 'GET'
      ? await page.request.get(`${server.url}${path}`)
      : await page.request.fetch(`${server.url}${path}`, { method, data: data ?? {} });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

/** Airdrops on the sandbox, then imports the key the way the Import page does. */
async function importFunded(
  keypair: { readonly address: string; readonly privateKey: string },
  lamports: number,
): Promise<void> {
  await rpc('requestAirdrop', [keypair.address, lamports]);
  // Called from beforeAll, where expect.poll is not allowed.
  for (let attempt = 0; ; attempt++) {
    const { value } = await rpc<{ value: number }>('getBalance', [keypair.address]);
    if (value === lamports) break;
    if (attempt > 100) throw new Error(`the airdrop to ${keypair.address} never landed`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const validated = await api<{ publicAddresses: string[] }>('POST', '/api/wallet/validate-only', {
    privateKeys: keypair.privateKey,
  });
  const preview = await api<object>('POST', '/api/scan-assets/preview', {
    publicAddresses: validated.publicAddresses,
  });
  await api('POST', '/api/wallet', { privateKeys: [keypair.privateKey], preview });
}

async function slimWallets(): Promise<SlimWallet[]> {
  return readSlimWalletList(await api<unknown>('GET', '/api/wallets?mode=slim')).wallets;
}

async function groupNamed(name: string): Promise<Group | undefined> {
  const body = await api<{ groups: Group[] }>('GET', '/api/groups?withCounts=true');
  return body.groups.find((group) => group.group_name === name);
}

const rows = () => page.locator('[role=row][data-wallet-id]');
const selectedCount = () => page.locator('[role=row][data-wallet-id][aria-selected=true]').count();
const banner = () => page.getByRole('region', { name: 'Task mode' });
const idsInOrder = () =>
  rows().evaluateAll((elements) =>
    elements
      .map((element) => ({
        id: element.getAttribute('data-wallet-id') ?? '',
        top: element.getBoundingClientRect().top,
      }))
      .sort((left, right) => left.top - right.top)
      .map((row) => row.id),
  );

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

async function openAllWallets(): Promise<SlimWallet[]> {
  await page.goto(`${server.url}/wallets`);
  await page.getByRole('tab', { name: 'List' }).click();
  await chooseSegment('All');
  const wallets = await slimWallets();
  await expect.poll(() => rows().count()).toBe(wallets.length);
  return wallets;
}

async function tick(addresses: readonly string[]): Promise<void> {
  for (const address of addresses) await page.getByLabel(`Select ${address}`).click();
}

async function toggleUnits(): Promise<void> {
  await closeDialogs();
  await page.getByRole('button', { name: 'Settings menu' }).click();
  await page.getByRole('menuitem', { name: /Toggle units/ }).click();
}

describe('the Toolkit, its words, wallet names and groups in Chromium', () => {
  it('keeps the 3 ticked wallets when Export, Copy Public Keys, Delete or Copy Private Keys is chosen', async () => {
    const wallets = await openAllWallets();
    const addressOf = (id: string) => wallets.find((wallet) => wallet.id === id)?.address ?? '';
    const three = (await idsInOrder()).slice(0, 3).map(addressOf);
    await tick(three);
    await expect.poll(selectedCount).toBe(3);

    await openToolkitTile(/^Export/);
    expect(await selectedCount()).toBe(3);
    await expect.poll(() => banner().getByRole('button', { name: 'Export 3' }).count()).toBe(1);
    await screenshot(page, 'toolkit-export-keeps-selection');
    await banner().getByRole('button', { name: 'Exit' }).click();

    await openToolkitTile(/Copy Public Keys/);
    expect(await selectedCount()).toBe(3);
    await banner().getByRole('button', { name: 'Copy 3 Public Keys' }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.split('\n').sort()).toEqual([...three].sort());
    await expect.poll(() => banner().count(), { timeout: 5_000 }).toBe(0);

    for (const [tile, action] of [
      [/^Delete/, 'Archive 3'],
      [/Copy Private Keys/, 'Copy 3 Private Keys'],
    ] as const) {
      await openToolkitTile(tile);
      expect(await selectedCount()).toBe(3);
      await expect.poll(() => banner().getByRole('button', { name: action }).count()).toBe(1);
      await banner().getByRole('button', { name: 'Exit' }).click();
    }
    // Clear Selection is what empties it; a task chosen then starts from nothing, as before.
    await openToolkitTile(/^Export/);
    await banner().getByRole('button', { name: 'Clear Selection' }).click();
    await expect.poll(selectedCount).toBe(0);
    await banner().getByRole('button', { name: 'Exit' }).click();
    await openToolkitTile(/Copy Public Keys/);
    expect(await selectedCount()).toBe(0);
    await banner().getByRole('button', { name: 'Exit' }).click();
  });

  it('renames a wallet from its row menu: the table, the search and an export show the name', async () => {
    const wallets = await openAllWallets();
    const target = wallets.find((wallet) => wallet.address !== funded.address);
    if (!target) throw new Error('no wallet to rename');
    await page.getByRole('button', { name: `Actions for ${target.address}` }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename wallet' });
    await dialog.getByLabel('Name').fill('\u202Eevil');
    await expect
      .poll(() => dialog.getByText('Wallet name cannot contain control characters').count())
      .toBe(1);
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Name').fill('  Sniper Seven  ');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    const row = page.locator(`[role=row][data-wallet-id="${target.id}"]`);
    await expect.poll(() => row.textContent()).toContain('Sniper Seven');
    expect((await slimWallets()).find((wallet) => wallet.id === target.id)?.name).toBe(
      'Sniper Seven',
    );
    await screenshot(page, 'toolkit-renamed-wallet');

    const searchBox = page.getByRole('combobox', { name: 'Search wallets, tags and groups' });
    await searchBox.fill('sniper sev');
    await expect.poll(() => page.getByRole('option', { name: /Sniper Seven/ }).count()).toBe(1);
    await searchBox.fill('');
    await page.keyboard.press('Escape');

    await tick([target.address]);
    await openToolkitTile(/^Export/);
    await banner().getByRole('button', { name: 'Export 1' }).click();
    const downloading = page.waitForEvent('download');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^(Export|Download)/ })
      .last()
      .click();
    const csv = readFileSync((await (await downloading).path()) ?? '', 'utf8');
    const [header, line] = csv.trimEnd().split('\r\n');
    expect(header?.split(',').slice(0, 2)).toEqual(['address', 'name']);
    expect(line?.split(',').slice(0, 2)).toEqual([target.address, 'Sniper Seven']);
  });

  it('adds the selection to a group from the Toolkit, removes one from the row menu, and the card shows the group’s SOL', async () => {
    await api('POST', '/api/groups', { group_name: 'E2E Crew' });
    const wallets = await openAllWallets();
    const others = wallets.filter(
      (wallet) => wallet.address !== funded.address && wallet.address !== dust.address,
    );
    const [one, two] = others;
    if (!one || !two) throw new Error('not enough wallets');
    await tick([funded.address, one.address, two.address]);

    await openToolkitTile(/Add to Group/);
    expect(await selectedCount()).toBe(3);
    await banner().getByRole('button', { name: 'Add 3 to Group…' }).click();
    const picker = page.getByRole('dialog', { name: 'Add to group' });
    await picker.getByText('E2E Crew').click();
    await screenshot(page, 'toolkit-add-to-group');
    await picker.getByRole('button', { name: 'Add to group' }).click();
    await expect.poll(async () => (await groupNamed('E2E Crew'))?.count).toBe(3);
    await expect.poll(() => page.getByText('Added to group').count()).toBeGreaterThan(0);

    // The row menu lists the groups the wallet is in; choosing one takes it out.
    await closeDialogs();
    await page.getByRole('button', { name: `Actions for ${one.address}` }).click();
    await page.getByRole('menuitem', { name: 'Remove from group' }).click();
    const item = page.getByRole('menuitem', { name: 'E2E Crew' });
    const box = await item.boundingBox();
    if (!box) throw new Error('no submenu');
    // A hand moves across: one jump from the trigger would leave the submenu's pointer grace area.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 12 });
    await item.click();
    await expect.poll(async () => (await groupNamed('E2E Crew'))?.count).toBe(2);
    expect((await groupNamed('E2E Crew'))?.total_lamports).toBe(String(FUNDED_LAMPORTS));

    await page.getByRole('tab', { name: 'Groups' }).click();
    const card = page.getByRole('article').filter({ hasText: 'E2E Crew' });
    await expect.poll(() => card.textContent()).toContain('2 wallets');
    const totals = card.getByRole('definition');
    await expect.poll(() => totals.first().textContent()).toBe('2.5000 SOL');
    expect(await totals.nth(1).textContent()).toBe('—');
    await screenshot(page, 'toolkit-group-card');
    await page.getByRole('tab', { name: 'List' }).click();
  });

  it('refuses a blank quantity in Create Wallet instead of creating one wallet', async () => {
    const before = (await slimWallets()).length;
    await openAllWallets();
    await openToolkitTile(/Create Wallet/);
    const dialog = page.getByRole('dialog', { name: 'Create New Wallet' });
    const quantity = dialog.getByLabel('Quantity');
    await quantity.fill('');
    await quantity.blur();
    await expect
      .poll(() => dialog.getByText('Enter how many wallets to create, from 1 to 100').count())
      .toBe(1);
    expect(await quantity.inputValue()).toBe('');
    expect(await dialog.getByRole('button', { name: 'Create' }).isDisabled()).toBe(true);
    await quantity.press('Enter');
    await page.waitForTimeout(1_000);
    expect((await slimWallets()).length).toBe(before);
    await screenshot(page, 'toolkit-blank-quantity');
    await closeDialogs();
  });

  it('shows the display unit on the overview cards and the SOL column header', async () => {
    await openAllWallets();
    const portfolio = page.getByRole('region', { name: 'Portfolio Overview' });
    await expect.poll(() => portfolio.textContent()).toContain('3.0000 SOL');
    expect(await page.getByRole('columnheader', { name: 'SOL Balance' }).count()).toBe(1);

    await toggleUnits();
    await expect.poll(() => portfolio.textContent()).toContain('3,000,000,000 lamports');
    await expect.poll(() => page.getByRole('columnheader', { name: 'Lamports' }).count()).toBe(1);
    expect(await page.getByRole('columnheader', { name: 'SOL Balance' }).count()).toBe(0);
    expect(await page.getByLabel('Totals in view').textContent()).toContain(
      '3,000,000,000 lamports',
    );
    await screenshot(page, 'toolkit-lamports');
    await toggleUnits();
    await expect.poll(() => portfolio.textContent()).toContain('3.0000 SOL');
  });

  it('describes every View segment, and sorts Tokens Value by SOL while nothing is priced', async () => {
    const wallets = await openAllWallets();
    await page.getByRole('button', { name: 'View', exact: true }).click();
    const menu = page.getByRole('menu');
    await expect
      .poll(() => menu.getByText('Wallets whose token accounts are all empty').count())
      .toBe(1);
    expect(await menu.getByText('Wallets with no SOL and no token accounts').count()).toBe(1);
    await screenshot(page, 'toolkit-view-descriptions');
    await page.keyboard.press('Escape');

    const header = page.getByRole('columnheader', { name: 'Tokens Value' });
    expect(await header.getAttribute('title')).toBe('Not priced yet: sorts by SOL balance');
    await header.getByRole('button').click();
    await header.getByRole('button').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    // Descending: 2.5 SOL, then 0.5 SOL, then the wallets with nothing known.
    const idOf = (address: string) => wallets.find((wallet) => wallet.address === address)?.id;
    await expect
      .poll(async () => (await idsInOrder()).slice(0, 2))
      .toEqual([idOf(funded.address), idOf(dust.address)]);
    await header.getByRole('button').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    // Ascending: 0.5 SOL before 2.5 SOL (the list's own order has them the other way round).
    await expect
      .poll(async () => {
        const order = await idsInOrder();
        return order.indexOf(idOf(dust.address) ?? '') < order.indexOf(idOf(funded.address) ?? '');
      })
      .toBe(true);
  });

  it('copies an address without adding to the notification inbox', async () => {
    const wallets = await openAllWallets();
    const inbox = () =>
      page.evaluate(
        () => (JSON.parse(localStorage.getItem('fleet.notifications') ?? '[]') as unknown[]).length,
      );
    const before = await inbox();
    const address = wallets[0]?.address ?? '';
    await page.getByRole('button', { name: `Copy address ${address}` }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    await expect.poll(() => page.getByText('Copied', { exact: true }).count()).toBeGreaterThan(0);
    expect(await inbox()).toBe(before);
  });

  it('hides the master balance on Settings → Overview while balances are hidden', async () => {
    await api('PATCH', '/api/master-wallet', { private_key: funded.privateKey });
    await page.goto(`${server.url}/settings?section=overview`);
    const overview = page.getByRole('region', { name: 'Overview' });
    await expect.poll(() => overview.textContent()).toContain('2.5000 SOL');
    await page.getByRole('button', { name: 'Hide balances' }).click();
    await expect.poll(() => overview.textContent()).toContain('***');
    expect(await overview.textContent()).not.toContain('2.5000');
    await screenshot(page, 'toolkit-settings-hidden');
    await page.getByRole('button', { name: 'Show balances' }).click();
    await expect.poll(() => overview.textContent()).toContain('2.5000 SOL');
  });
});
