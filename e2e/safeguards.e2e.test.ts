import { decodePrivateKey, readSlimWalletList } from '@fleet/core';
import { databaseLocationFor, openDatabase, schema } from '@fleet/db';
import { rmSync } from 'node:fs';
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
  const context = await chromium.browser.newContext({ viewport: { width: 1400, height: 950 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  page = await context.newPage();
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

async function api<T>(method: 'GET' | 'POST' | 'DELETE', path: string, data?: object): Promise<T> {
  const response = await page.request.fetch(`${server.url}${path}`, {
    method,
    ...(data ? { data } : {}),
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

async function rpc<T>(method: string, params: unknown[]): Promise<T> {
  const response = await fetch(sandboxUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await response.json()) as { result: T }).result;
}

const clipboard = () => page.evaluate(() => navigator.clipboard.readText());
const toastTitled = (title: string) => page.getByText(title, { exact: true });

/** Escape until no dialog is open (a toast on screen takes the first Escape). */
async function closeDialogs(): Promise<void> {
  for (let attempt = 0; attempt < 5 && (await page.getByRole('dialog').count()) > 0; attempt++) {
    await page.keyboard.press('Escape');
    await page.waitForTimeout(200);
  }
}

/** What the test expects the audit log to hold once the server has stopped. */
const audited = { oldMaster: '', deletedWallet: '' };

describe('safeguards around keys and funds in Chromium', () => {
  it('warns before replacing a funded master, and keeps its old key revealable in the history', async () => {
    const old = await api<{ public_address: string; private_key: string }>(
      'POST',
      '/api/master-wallet/reveal',
    );
    audited.oldMaster = old.public_address;
    const next = newTestKeypair();

    await page.getByRole('button', { name: 'Settings menu' }).click();
    await page.getByRole('menuitem', { name: /Master wallet/i }).click();
    const dialog = page.getByRole('dialog', { name: 'Master wallet' });

    // Showing the stored key asks first.
    await dialog.getByRole('button', { name: 'Show private key' }).click();
    const showAsk = page.getByRole('dialog', { name: 'Show the master private key' });
    await showAsk.waitFor();
    expect(await page.locator('body').textContent()).not.toContain(old.private_key);
    await showAsk.getByRole('button', { name: 'Show key' }).click();
    await expect
      .poll(() => dialog.getByLabel('Private key', { exact: true }).textContent())
      .toBe(old.private_key);
    await dialog.getByRole('button', { name: 'Hide private key' }).click();

    await dialog.getByRole('button', { name: 'Edit' }).click();
    await dialog.getByRole('textbox', { name: 'Private key' }).fill(next.privateKey);
    await dialog.getByRole('button', { name: 'Save' }).click();

    // Saving asks first, with the current master's address and what it holds (100 SOL).
    const confirm = dialog.getByRole('region', { name: 'Replace the master wallet?' });
    await expect
      .poll(() => confirm.textContent())
      .toContain(
        'The current master wallet holds 100 SOL. Replacing it does not move these funds.',
      );
    expect(await confirm.textContent()).toContain(old.public_address);
    expect(await confirm.textContent()).toContain(next.address);
    await screenshot(page, 'safeguards-master-replace');
    expect(
      (await api<{ public_address: string }>('GET', '/api/master-wallet')).public_address,
    ).toBe(old.public_address);

    await confirm.getByRole('button', { name: 'Replace master wallet' }).click();
    await expect
      .poll(
        async () =>
          (await api<{ public_address: string }>('GET', '/api/master-wallet')).public_address,
      )
      .toBe(next.address);
    await closeDialogs();

    // The replaced key is revealed from the history, after a confirmation.
    await page.goto(`${server.url}/settings`);
    const history = page.getByRole('table', { name: 'Master wallet history' });
    const swap = history.getByRole('row').filter({ hasText: 'Swapped' }).first();
    await swap.getByRole('button', { name: 'Reveal previous key' }).click();
    const ask = page.getByRole('dialog', { name: 'Reveal a private key' });
    expect(await ask.textContent()).toContain(old.public_address);
    await ask.getByRole('button', { name: 'Reveal key' }).click();
    const revealed = swap.getByLabel('Previous key revealed');
    await expect.poll(() => revealed.textContent()).toBe(old.private_key);
    await screenshot(page, 'safeguards-history-reveal');
    await swap.getByRole('button', { name: 'Copy previous key' }).click();
    await expect.poll(clipboard).toBe(old.private_key);
    await expect.poll(() => toastTitled('Private key copied').count()).toBeGreaterThan(0);
  });

  it("asks before copying a row's private key, and says a private key was copied", async () => {
    const created = await api<{ wallets: { id: string; address: string }[] }>(
      'POST',
      '/api/create-wallet',
      { count: 1, is_trader: false },
    );
    const wallet = created.wallets[0];
    if (!wallet) throw new Error('no wallet created');
    await page.goto(`${server.url}/wallets`);
    await page.getByRole('button', { name: 'View', exact: true }).click();
    await page.getByRole('menu').getByText('All', { exact: true }).click();
    await page.evaluate(() => navigator.clipboard.writeText('before'));

    const row = page.locator(`[role=row][data-wallet-id="${wallet.id}"]`);
    await row.getByRole('button', { name: `Actions for ${wallet.address}` }).click();
    await page.getByRole('menuitem', { name: 'Copy private key' }).click();
    const ask = page.getByRole('dialog', { name: 'Copy private key' });
    await ask.waitFor();
    await screenshot(page, 'safeguards-row-copy-confirm');
    expect(await clipboard()).toBe('before');

    await ask.getByRole('button', { name: 'Copy key' }).click();
    await expect.poll(clipboard).not.toBe('before');
    const copied = decodePrivateKey(await clipboard());
    expect(copied.ok && copied.value.address).toBe(wallet.address);
    await expect.poll(() => toastTitled('Private key copied').count()).toBeGreaterThan(0);
    expect(await toastTitled('Copied').count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('shows what wallets hold when archiving them, and needs the count typed to delete a funded one for good', async () => {
    const funded = newTestKeypair();
    await rpc('requestAirdrop', [funded.address, 2_000_000_000]);
    await expect
      .poll(async () => (await rpc<{ value: number }>('getBalance', [funded.address])).value)
      .toBe(2_000_000_000);
    const validated = await api<{ publicAddresses: string[] }>(
      'POST',
      '/api/wallet/validate-only',
      {
        privateKeys: funded.privateKey,
      },
    );
    const preview = await api<object>('POST', '/api/scan-assets/preview', {
      publicAddresses: validated.publicAddresses,
    });
    await api('POST', '/api/wallet', { privateKeys: [funded.privateKey], preview });
    const id = readSlimWalletList(await api<unknown>('GET', '/api/wallets?mode=slim')).wallets.find(
      (wallet) => wallet.address === funded.address,
    )?.id;
    audited.deletedWallet = funded.address;

    // Archiving from the Toolkit lists what the wallet holds and warns with the totals.
    await page.goto(`${server.url}/wallets`);
    await page.getByRole('button', { name: 'View', exact: true }).click();
    await page.getByRole('menu').getByText('All', { exact: true }).click();
    await page.getByRole('button', { name: 'Toolkit' }).click();
    await page
      .getByRole('dialog', { name: 'Toolkit' })
      .getByRole('button', { name: /Delete/ })
      .click();
    await page.getByLabel(`Select ${funded.address}`).click();
    await page
      .getByRole('region', { name: 'Task mode' })
      .getByRole('button', { name: 'Archive 1' })
      .click();
    const archiving = page.getByRole('dialog', { name: 'Archive wallets' });
    await expect.poll(() => archiving.textContent()).toContain('1 of 1 wallet holds 2 SOL.');
    expect(await archiving.getByRole('table', { name: 'Wallet holdings' }).textContent()).toContain(
      funded.address.slice(0, 4),
    );
    await screenshot(page, 'safeguards-archive-funded');
    await archiving.getByRole('button', { name: 'Archive 1' }).click();
    await expect
      .poll(async () =>
        (await api<{ wallets: { id: string }[] }>('GET', '/api/archived-wallets')).wallets.map(
          (wallet) => wallet.id,
        ),
      )
      .toContain(id);

    await page.getByRole('tab', { name: 'Archive' }).click();
    await page.getByLabel(`Select ${funded.address}`).click();
    await page.getByRole('button', { name: 'Delete permanently' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete permanently' });
    await expect.poll(() => dialog.textContent()).toContain('1 of 1 wallet holds 2 SOL.');
    const holdings = dialog.getByRole('table', { name: 'Wallet holdings' });
    expect(await holdings.textContent()).toContain('2 SOL');

    const confirm = dialog.getByRole('button', { name: 'Delete permanently' });
    await dialog.getByLabel('Type DELETE PERMANENTLY to confirm').fill('DELETE PERMANENTLY');
    expect(await confirm.isDisabled()).toBe(true);
    const count = dialog.getByLabel(/the number of wallets being deleted/);
    await count.fill('2');
    expect(await confirm.isDisabled()).toBe(true);
    await count.fill('1');
    await screenshot(page, 'safeguards-delete-funded');
    expect(await confirm.isDisabled()).toBe(false);
    await confirm.click();
    await expect
      .poll(async () =>
        (await api<{ wallets: { id: string }[] }>('GET', '/api/archived-wallets')).wallets.map(
          (wallet) => wallet.id,
        ),
      )
      .not.toContain(id);
  });

  it('finds the history reveal, the key copy and the funded delete in the audit log', async () => {
    await chromium.close();
    await server.stop({ keepDataDir: true });
    const database = await openDatabase(databaseLocationFor({ dataDir: server.dataDir }));
    try {
      const entries = (await database.db.select().from(schema.auditLog)).map((entry) => ({
        action: entry.action,
        outcome: entry.outcome,
        actor: entry.actor,
        detail: JSON.parse(entry.detail ?? '{}') as Record<string, unknown>,
      }));
      const successes = (action: string) =>
        entries.filter((entry) => entry.action === action && entry.outcome === 'success');
      expect(successes('master_wallet.history.reveal').map((entry) => entry.detail)).toEqual([
        expect.objectContaining({ side: 'previous', address: audited.oldMaster }) as unknown,
      ]);
      expect(successes('master_wallet.history.reveal')[0]?.actor).toBe('demo@fleet.local');
      expect(successes('wallet.keys.copy').map((entry) => entry.detail.count)).toEqual([1]);
      const deletes = successes('wallet.delete_permanently').map((entry) => entry.detail);
      expect(deletes).toHaveLength(1);
      expect(deletes[0]?.funded).toBe(1);
      expect(deletes[0]?.addresses).toEqual([audited.deletedWallet]);
    } finally {
      await database.close();
      rmSync(server.dataDir, { recursive: true, force: true });
    }
  });
});
