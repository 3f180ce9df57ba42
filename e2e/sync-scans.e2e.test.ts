import {
  deepScanProgressSchema,
  formatTokenAmount,
  quickRefreshProgressSchema,
  syncVerifyResponseSchema,
  type DeepScanProgress,
} from '@fleet/core';
import type { FaultProfile, Localnet } from '@fleet/localnet';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './support/chromium';
import type { FleetServer } from './support/fleet-server';
import { startOnOwnLocalnet, type OwnLocalnetSession } from './support/own-localnet';
import { openJob as openPageJob } from './support/open-job';
import { pageApi } from './support/page-api';

/**
 * Issue 20, the Tokens Overview's Sync menu end to end (Chromium), on a localnet of this test's
 * own. A final truth scan from the menu stores what the chain holds; then the chain moves beside
 * Fleet: one wallet is funded, one token amount grows, and one wallet gets a token account of a
 * new mint. Verify reports the three wallets that differ and writes nothing; Quick Refresh reads
 * the known accounts again (the SOL and the amount, not the new account); Deep Scan finds the new
 * account and its Update writes it, after which a second Verify finds nothing left. Before that,
 * on a chain that holds its answers back, a deep scan is closed, reopened from the bottom bar and
 * cancelled: its report is aborted with nothing to update. Last, a quick refresh whose dialog was
 * closed while it ran re-reads the overview when it ends.
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
/**
 * Every RPC call left unanswered (until the client's timeout): no scan batch can end while it
 * holds, however fast the machine, so a scan is still running when the test acts on it.
 */
const HUNG: FaultProfile = { outage: 'hang' };

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

const api = <T = unknown>(method: 'GET' | 'POST', path: string, data?: object) =>
  pageApi<T>(page, server.url, method, path, data);

const openJob = () => openPageJob(page);

const deepProgress = async (jobId: string): Promise<DeepScanProgress> =>
  deepScanProgressSchema.parse(await api('GET', `/api/solana/deep-scan/progress?jobId=${jobId}`));

const runningOperation = (name: RegExp) =>
  page.getByRole('group', { name: 'Running operations' }).getByRole('button', { name });

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

  it('cancels a deep scan reopened from the bottom bar: aborted, nothing to update, nothing written', async () => {
    await page.goto(`${server.url}/tokens`);
    await page.locator(`[role=row][data-mint="${token}"]`).waitFor(WAIT);
    const mintRow = page.locator(`[role=row][data-mint="${newMint}"]`);
    expect(await mintRow.count()).toBe(0);
    localnet.admin.setProfile('default', HUNG);
    let jobId = '';
    try {
      const dialog = await openSync('Deep Scan');
      await dialog.getByRole('button', { name: 'Fetch Wallets' }).click();
      await dialog.getByRole('button', { name: 'Start Scan' }).click();
      await expect.poll(openJob, WAIT).not.toBeNull();
      jobId = (await openJob())?.jobId ?? '';
      await expect.poll(async () => (await deepProgress(jobId)).status, WAIT).toBe('running');

      // Closed, the scan goes on out of sight; the bottom bar brings its dialog back.
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect.poll(() => dialog.count(), WAIT).toBe(0);
      expect(await openJob()).toEqual({ jobId, visible: false });
      await runningOperation(/^Scan deep/).click();
      await dialog.waitFor();

      // Spec 2 §4: cancel possible while scanning; the summary may show aborted.
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await dialog
        .getByText('The scan was aborted: its report covers the wallets read before it stopped.', {
          exact: true,
        })
        .waitFor(WAIT);
      const report = 'Deep scan report';
      expect(await figure(dialog, report, 'Aborted')).toBe('Yes');
      expect(await figure(dialog, report, 'Wallets scanned')).toMatch(/^0 of \d+$/);
      await screenshot(page, 'sync-deep-scan-cancelled');
      const done = await deepProgress(jobId);
      expect(done).toMatchObject({ status: 'cancelled', done: true, scannedWallets: 0 });
      expect(done.report).toMatchObject({ aborted: true, scanResults: [] });

      // The batch in flight was dropped whole: nothing to apply (spec 2 §8's words).
      await dialog.getByRole('button', { name: 'Update' }).click();
      await dialog.getByText('No scan summary available.', { exact: true }).waitFor();
      expect(await dialog.getByRole('button', { name: 'Back' }).count()).toBe(0);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect.poll(() => dialog.count(), WAIT).toBe(0);
      // Its end seen, the scan is let go.
      expect(await openJob()).toBeNull();
    } finally {
      localnet.admin.setProfile('default', {});
    }
    // Nothing was written: the overview still does not list the new mint.
    await page.goto(`${server.url}/tokens`);
    await page.locator(`[role=row][data-mint="${token}"]`).waitFor(WAIT);
    expect(await mintRow.count()).toBe(0);
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

describe('a quick refresh whose dialog was closed', () => {
  it('is followed to its end out of sight, then the overview reads what it wrote', async () => {
    const [w0] = wallets;
    // The chain moves beside Fleet once more: wallets[0]'s token account now holds 4.5.
    await localnet.admin.createTokenAccount({
      owner: w0?.address ?? '',
      mint: token,
      amount: 4_500_000n,
    });
    await page.goto(`${server.url}/tokens`);
    const balance = page.locator(`[role=row][data-mint="${token}"]`).getByRole('cell').nth(2);
    await balance.waitFor(WAIT);
    const stored = formatTokenAmount('3000000', 6);
    expect(await balance.textContent()).toBe(stored);

    localnet.admin.setProfile('default', HUNG);
    let jobId = '';
    try {
      const dialog = await openSync('Quick Refresh');
      await dialog.getByRole('button', { name: 'Fetch Tokens' }).click();
      await dialog.getByRole('button', { name: 'Start Scan' }).click();
      await expect.poll(openJob, WAIT).not.toBeNull();
      jobId = (await openJob())?.jobId ?? '';
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect.poll(() => dialog.count(), WAIT).toBe(0);
      expect(await openJob()).toEqual({ jobId, visible: false });
      await runningOperation(/^Scan quick refresh/).waitFor(WAIT);
      const running = quickRefreshProgressSchema.parse(
        await api('GET', `/api/solana/sync-refresh-progress?jobId=${jobId}`),
      );
      expect(running.progress.done).toBe(false);
      expect(await balance.textContent()).toBe(stored);
    } finally {
      // The chain answers again: the calls left hanging are retried and the refresh ends.
      localnet.admin.setProfile('default', {});
    }
    await page.getByText('Quick Refresh Finished', { exact: true }).first().waitFor(WAIT);
    await page
      .getByText(
        /^\d+ of \d+ wallets refreshed: 0 SOL balance\(s\) and 1 token account\(s\) updated\.$/,
      )
      .first()
      .waitFor();
    // Re-read without a reload, and let go.
    await expect.poll(() => balance.textContent(), WAIT).toBe(formatTokenAmount('4500000', 6));
    expect(await openJob()).toBeNull();
    await expect.poll(() => runningOperation(/^Scan quick refresh/).count(), WAIT).toBe(0);
    await screenshot(page, 'sync-quick-refresh-hidden');
  }, 120_000);
});

describe('a second Verify', () => {
  it('is refused while one runs, follows that one instead and shows its report', async () => {
    await page.goto(`${server.url}/tokens`);
    localnet.admin.setProfile('default', HUNG);
    let first: Promise<unknown> | null = null;
    try {
      // A verify started beside the page (another tab), held by the hanging chain.
      const started = page.request.post(`${server.url}/api/solana/sync-verify`, {
        data: { publicAddresses: [] },
        timeout: 90_000,
      });
      first = started.then(async (response): Promise<unknown> => {
        expect(response.status(), await response.text()).toBe(200);
        return (await response.json()) as unknown;
      });
      // Awaited below; a failure before then is the test's own, not an unhandled rejection.
      first.catch(() => undefined);
      await runningOperation(/^Scan verify/).waitFor(WAIT);
      const dialog = await openSync('Verify');
      await dialog.getByRole('button', { name: 'Fetch Wallets' }).click();
      await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
      await dialog
        .getByText(
          'A verify was already running: this dialog follows it and shows its report when it ends.',
          { exact: true },
        )
        .waitFor(WAIT);
      expect(await dialog.getByText('Verification failed', { exact: true }).count()).toBe(0);
    } finally {
      localnet.admin.setProfile('default', {});
    }
    const dialog = page.getByRole('dialog', { name: 'Verify', exact: true });
    const report = 'Verify report';
    await dialog.getByLabel(report).waitFor({ timeout: 60_000 });
    // The report shown is the running verify's, as its own caller was answered (the calls the
    // hanging chain held may have failed: the same in both).
    const answered = syncVerifyResponseSchema.parse(await first).report;
    expect({
      scanned: await figure(dialog, report, 'Wallets scanned'),
      failures: await figure(dialog, report, 'RPC failures'),
      differing: await figure(dialog, report, 'Wallets differing'),
      matching: await figure(dialog, report, 'Wallets matching'),
    }).toEqual({
      scanned: String(answered.walletsScanned),
      failures: String(answered.rpcFailures),
      differing: String(answered.walletsDiffering),
      matching: String(answered.walletsMatching),
    });
    expect(answered.walletsScanned).toBeGreaterThan(0);
    await screenshot(page, 'sync-verify-followed');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.count(), WAIT).toBe(0);
  }, 150_000);
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
