import type { Localnet } from '@fleet/localnet';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/chromium';
import type { FleetServer } from './support/fleet-server';
import { startOnOwnLocalnet, type OwnLocalnetSession } from './support/own-localnet';

/**
 * Issue 20, the Tokens Overview's Sync menu end to end (Chromium), on a localnet of this test's
 * own. A final truth scan from the menu stores what the chain holds; then the chain moves beside
 * Fleet: one wallet is funded, one token amount grows, and one wallet gets a token account of a
 * new mint. Verify reports the three wallets that differ and writes nothing; Quick Refresh reads
 * the known accounts again (the SOL and the amount, not the new account); Deep Scan finds the new
 * account and its Update writes it, after which a second Verify finds nothing left.
 */
let localnet: Localnet;
let server: FleetServer;
let session: OwnLocalnetSession | undefined;
let page: Page;

const SOL = 1_000_000_000n;
const FLEET_SIZE = 6;
let wallets: { id: string; address: string }[] = [];
let token = '';
let newMint = '';
const WAIT = { timeout: 30_000 } as const;

beforeAll(async () => {
  session = await startOnOwnLocalnet({ width: 1400, height: 1400 });
  ({ localnet, server, page } = session);

  const created = await api<{ wallets: { id: string; address: string }[] }>(
    'POST',
    '/api/create-wallet',
    { count: FLEET_SIZE },
  );
  wallets = created.wallets;
  const [w0, w1] = wallets;
  if (!w0 || !w1) throw new Error('the wallets were not made');
  token = await localnet.admin.createMint({ decimals: 6 });
  await localnet.admin.createTokenAccount({ owner: w0.address, mint: token, amount: 2_000_000n });
  await localnet.admin.fund(w1.address, 1n * SOL);
}, 120_000);
afterAll(async () => {
  await session?.close();
});

async function api<T = unknown>(method: 'GET' | 'POST', path: string, data?: object): Promise<T> {
  const response =
    method === 'GET'
      ? await page.request.get(`${server.url}${path}`)
      : await page.request.post(`${server.url}${path}`, { data: data ?? {} });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

async function openSync(item: string, title = item): Promise<Locator> {
  await page.getByRole('button', { name: 'Sync' }).click();
  await page.getByRole('menuitem', { name: item }).click();
  const dialog = page.getByRole('dialog', { name: title, exact: true });
  await dialog.waitFor();
  return dialog;
}

/** A figure of a dialog's report, by its list's label and its own. */
async function figure(dialog: Locator, list: string, label: string): Promise<string> {
  return (
    (await dialog
      .getByLabel(list)
      .locator('div')
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator('dd')
      .textContent()) ?? ''
  );
}

describe('the Sync menu of the Tokens Overview', () => {
  it('runs a final truth scan from the menu', async () => {
    await page.goto(`${server.url}/tokens`);
    const confirm = await openSync('Final Truth Scan', 'Confirm Final Truth Scan');
    await confirm.getByRole('button', { name: 'Start Scan' }).click();
    const scan = page.getByRole('dialog', { name: 'Final Truth Scan', exact: true });
    await scan.getByRole('table', { name: 'Scan results' }).waitFor(WAIT);
    await scan.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => scan.count(), WAIT).toBe(0);
    // The chain moves beside Fleet: SOL in, a larger amount, a token account of a new mint.
    const [w0, w1, w2] = wallets;
    await localnet.admin.fund(w1?.address ?? '', 2n * SOL);
    await localnet.admin.createTokenAccount({
      owner: w0?.address ?? '',
      mint: token,
      amount: 3_000_000n,
    });
    newMint = await localnet.admin.createMint({ decimals: 0 });
    await localnet.admin.createTokenAccount({
      owner: w2?.address ?? '',
      mint: newMint,
      amount: 1n,
    });
  }, 180_000);

  it('verifies: the three wallets that moved differ, and nothing is written', async () => {
    expect(await verifyDiffering()).toBe('3');
    // Nothing written: a second verify finds the same.
    expect(await verifyDiffering()).toBe('3');
  }, 120_000);

  it('quick-refreshes the known accounts: the SOL and the amount, not the new account', async () => {
    const dialog = await openSync('Quick Refresh');
    await dialog.getByRole('button', { name: 'Fetch Tokens' }).click();
    await dialog.getByRole('button', { name: 'Start Scan' }).click();
    await dialog.getByText('Every wallet was refreshed.', { exact: true }).waitFor(WAIT);
    const report = 'Quick refresh report';
    expect(await figure(dialog, report, 'SOL balances updated')).toBe('1');
    expect(await figure(dialog, report, 'Token accounts updated')).toBe('1');
    expect(await figure(dialog, report, 'RPC failures')).toBe('0');
    await screenshot(page, 'sync-quick-refresh');
    await dialog.getByRole('button', { name: 'Sync & Refresh' }).click();
    await expect.poll(() => dialog.count(), WAIT).toBe(0);
    expect(await verifyDiffering()).toBe('1');
  }, 120_000);

  it('deep-scans, finds the new account, and its Update writes it', async () => {
    const mintRow = page.locator(`[role=row][data-mint="${newMint}"]`);
    expect(await mintRow.count()).toBe(0);
    const dialog = await openSync('Deep Scan');
    await dialog.getByRole('button', { name: 'Fetch Wallets' }).click();
    await dialog.getByRole('button', { name: 'Start Scan' }).click();
    const report = 'Deep scan report';
    await dialog.getByLabel(report).waitFor(WAIT);
    expect(await figure(dialog, report, 'New token accounts')).toBe('1');
    expect(await figure(dialog, report, 'Aborted')).toBe('No');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await dialog.getByRole('button', { name: 'Update' }).click();
    await dialog.getByText('The update is done.', { exact: true }).waitFor(WAIT);
    expect(await figure(dialog, 'Update summary', 'Token accounts added')).toBe('1');
    await screenshot(page, 'sync-deep-scan');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.count(), WAIT).toBe(0);
    // The overview lists the new mint without a reload: the update read its lists again.
    await mintRow.waitFor(WAIT);
    expect(await verifyDiffering()).toBe('0');
  }, 120_000);
});

/** Runs Verify from the Sync menu; answers its 'Wallets differing' figure. */
async function verifyDiffering(): Promise<string> {
  await page.goto(`${server.url}/tokens`);
  const dialog = await openSync('Verify');
  await dialog.getByRole('button', { name: 'Fetch Wallets' }).click();
  await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
  const report = 'Verify report';
  await dialog.getByLabel(report).waitFor(WAIT);
  const differing = await figure(dialog, report, 'Wallets differing');
  expect(await figure(dialog, report, 'RPC failures')).toBe('0');
  await screenshot(page, `sync-verify-${differing}`);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect.poll(() => dialog.count(), WAIT).toBe(0);
  return differing;
}
