import { finalTruthScanProgressSchema, type FinalTruthScanProgress } from '@fleet/core';
import type { Localnet } from '@fleet/localnet';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestKeypair } from '../apps/server/src/testing/keypairs';
import type { FleetServer } from './support/fleet-server';
import { startOnOwnLocalnet, type OwnLocalnetSession } from './support/own-localnet';
import { openToolkitTile } from './support/wallets-page';
import { pageApi } from './support/page-api';

/**
 * Issue 20, the Final Truth Scan end to end (Chromium). Fleet runs on a localnet of this test's
 * own (SOLANA_RPC_URLS), whose answers the test can slow down: with every call taking 5 s the scan
 * is still running when the operator closes its dialog, reopens it from the bottom bar, is refused
 * a second scan of the same wallets (and shown the running one), and presses Cancel Scan; the
 * batch in flight is dropped, so no wallet is written. At full speed the next scan runs to its
 * end and its report lists each wallet's tokens as the chain holds them.
 */
let localnet: Localnet;
let server: FleetServer;
let session: OwnLocalnetSession | undefined;
let page: Page;

const FLEET_SIZE = 100;
/** What the chain holds: wallets[0] two token accounts with balances, [1] an empty one, [2] an NFT. */
let wallets: { id: string; address: string }[] = [];
/** Every call slowed: a scan of 100 wallets (200 token account reads) then takes over a minute. */
const SLOW = { latencyMs: 5_000 } as const;
const WAIT = { timeout: 30_000 } as const;

beforeAll(async () => {
  session = await startOnOwnLocalnet({ width: 1400, height: 1600 });
  ({ localnet, server, page } = session);

  const created = await api<{ wallets: { id: string; address: string }[] }>(
    'POST',
    '/api/create-wallet',
    { count: FLEET_SIZE },
  );
  wallets = created.wallets;
  const [held, empty, nft] = wallets;
  if (!held || !empty || !nft) throw new Error('the wallets were not made');
  const { admin } = localnet;
  const token = await admin.createMint({ decimals: 6 });
  const collectible = await admin.createMint({ decimals: 0 });
  await admin.createTokenAccount({ owner: held.address, mint: token, amount: 2_500_000n });
  await admin.createTokenAccount({ owner: empty.address, mint: token });
  await admin.createTokenAccount({ owner: nft.address, mint: collectible, amount: 1n });
  await admin.createTokenAccount({
    owner: held.address,
    mint: token,
    amount: 7n,
    address: newTestKeypair().address,
  });
}, 120_000);
afterAll(async () => {
  await session?.close();
});

const api = <T = unknown>(method: 'GET' | 'POST', path: string, data?: object) =>
  pageApi<T>(page, server.url, method, path, data);

const progressOf = async (jobId: string): Promise<FinalTruthScanProgress> =>
  finalTruthScanProgressSchema.parse(
    await api('GET', `/api/final-truth-scan/progress?jobId=${jobId}`),
  );

/** The job the page keeps open (sessionStorage, so a reload re-attaches to it). */
async function openJobId(): Promise<string | null> {
  const stored = await page.evaluate(() => sessionStorage.getItem('fleet.operations.openJob'));
  const parsed: unknown = JSON.parse(stored ?? 'null');
  const jobId: unknown =
    typeof parsed === 'object' && parsed !== null ? Reflect.get(parsed, 'jobId') : null;
  return typeof jobId === 'string' ? jobId : null;
}

const banner = () => page.getByRole('region', { name: 'Task mode' });
const confirmDialog = () => page.getByRole('dialog', { name: 'Confirm Final Truth Scan' });
const scanDialog = () => page.getByRole('dialog', { name: 'Final Truth Scan' });
const toastTitled = (title: string) => page.getByText(title, { exact: true }).first();

async function openAllWallets(): Promise<void> {
  await page.goto(`${server.url}/wallets`);
  await page.getByRole('tab', { name: 'List' }).click();
  await page.getByRole('button', { name: 'View', exact: true }).click();
  await page
    .getByRole('menuitem')
    .filter({ has: page.getByText('All', { exact: true }) })
    .click();
  await expect
    .poll(() => page.locator('[role=row][data-wallet-id]').count(), WAIT)
    .toBeGreaterThan(10);
}

/** One of this test's wallets whose row is drawn now (the table draws the rows in view). */
async function walletInView(): Promise<string> {
  const ids = await page
    .locator('[role=row][data-wallet-id]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-wallet-id') ?? ''));
  const found = wallets.find((wallet) => ids.includes(wallet.id));
  if (!found) throw new Error('none of the wallets is in view');
  return found.address;
}

describe('the Final Truth Scan from the Toolkit', () => {
  it('warns with nothing selected; runs slowly in the background; refuses a second; Cancel Scan drops the batch in flight', async () => {
    await openAllWallets();
    await openToolkitTile(page, 'Final Truth Scan');
    // Spec 2 §5: the selected scope with nothing selected.
    await banner().getByRole('button', { name: 'Scan 0 Wallets…' }).click();
    await page.getByText('Select wallets to scan', { exact: true }).first().waitFor();
    expect(await toastTitled('No wallets selected').count()).toBe(1);
    expect(await confirmDialog().count()).toBe(0);

    localnet.admin.setProfile('default', SLOW);
    try {
      await banner().getByRole('button', { name: 'Scan All Wallets…' }).click();
      await confirmDialog().getByRole('button', { name: 'Start Scan' }).click();
      await scanDialog().waitFor();
      await expect.poll(openJobId, WAIT).not.toBeNull();
      const jobId = (await openJobId()) ?? '';
      await expect.poll(async () => (await progressOf(jobId)).status, WAIT).toBe('running');

      // Closed, the scan goes on; the bottom bar brings its dialog back.
      await scanDialog().getByRole('button', { name: 'Close' }).click();
      await expect.poll(() => scanDialog().count()).toBe(0);
      expect((await progressOf(jobId)).isDone).toBe(false);
      await page
        .getByRole('group', { name: 'Running operations' })
        .getByRole('button', { name: /^Scan final truth/ })
        .click();
      await scanDialog().waitFor();
      await scanDialog().getByRole('button', { name: 'Close' }).click();

      // A second scan of the same wallets is refused, and the running one is shown instead.
      await openToolkitTile(page, 'Final Truth Scan');
      await page.getByLabel(`Select ${await walletInView()}`).click();
      await banner().getByRole('button', { name: 'Scan 1 Wallet…' }).click();
      await confirmDialog().getByRole('button', { name: 'Start Scan' }).click();
      await page
        .getByText('A final truth scan is already running for these wallets', { exact: true })
        .first()
        .waitFor();
      expect(await toastTitled('Failed to Start Scan').count()).toBe(1);
      await scanDialog().waitFor();
      expect(await openJobId()).toBe(jobId);

      await scanDialog().getByRole('button', { name: 'Cancel Scan' }).click();
      await page.getByText('Scan will stop shortly.', { exact: true }).first().waitFor();
      expect(await toastTitled('Cancellation Requested').count()).toBe(1);
      await scanDialog().getByText('Cancelled', { exact: true }).waitFor(WAIT);
      const done = await progressOf(jobId);
      expect(done).toMatchObject({ status: 'cancelled', isDone: true, processedItems: 0 });
      // The batch in flight was dropped whole: no wallet was written.
      expect(done.report.results).toEqual([]);
      expect(done.totalItems).toBeGreaterThanOrEqual(FLEET_SIZE);
      await scanDialog().getByRole('button', { name: 'Close' }).click();
    } finally {
      localnet.admin.setProfile('default', {});
    }
  }, 180_000);

  it('runs to its end at full speed and reports each wallet’s tokens as the chain holds them', async () => {
    await openAllWallets();
    await openToolkitTile(page, 'Final Truth Scan');
    await banner().getByRole('button', { name: 'Scan All Wallets…' }).click();
    await confirmDialog().getByRole('button', { name: 'Start Scan' }).click();
    const results = scanDialog().getByRole('table', { name: 'Scan results' });
    await results.waitFor(WAIT);
    const jobId = (await openJobId()) ?? '';
    const done = await progressOf(jobId);
    expect(done).toMatchObject({ status: 'succeeded', isDone: true });
    expect(done.processedItems).toBe(done.totalItems);
    // Spec 2 §8: a success, this scan's figures.
    await page
      .getByText(
        `${done.totalItems}/${done.totalItems} wallets scanned, 4 token accounts, 0 error(s)`,
        { exact: true },
      )
      .first()
      .waitFor();
    expect(await toastTitled('Final Truth Scan Finished').count()).toBe(1);

    const rowOf = (address: string) => results.locator(`tr[data-address="${address}"]`);
    const cells = async (address: string) =>
      (await rowOf(address).locator('td').allTextContents()).slice(1);
    expect(await cells(wallets[0]?.address ?? '')).toEqual(['ok', '2 SPL · 0 empty · 0 NFTs', '']);
    expect(await cells(wallets[1]?.address ?? '')).toEqual(['ok', '0 SPL · 1 empty · 0 NFTs', '']);
    expect(await cells(wallets[2]?.address ?? '')).toEqual(['ok', '0 SPL · 0 empty · 1 NFT', '']);
    expect(await cells(wallets[5]?.address ?? '')).toEqual(['ok', '0 SPL · 0 empty · 0 NFTs', '']);
    expect(await results.locator('tbody tr').count()).toBe(done.totalItems);
    expect(done.stats).toMatchObject({ tokenAccounts: 4, splWithBalance: 2, nfts: 1 });

    await scanDialog().getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => scanDialog().count()).toBe(0);
  }, 180_000);
});
