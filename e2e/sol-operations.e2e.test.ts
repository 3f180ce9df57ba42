import {
  doubleDistributionProgressSchema,
  formatLamportsAsSol,
  jobViewSchema,
  parseSolAmount,
  readSlimWalletList,
  type DoubleDistributionProgress,
  type JobView,
  type SlimWallet,
} from '@fleet/core';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, type BrowserHandle } from './support/chromium';
import { startFleetServer, type FleetServer } from './support/fleet-server';
import {
  openAllWallets as openWalletList,
  openToolkitTile as openTile,
  planFigures,
} from './support/wallets-page';

/**
 * Issue 17, "End to end (Chromium)": from the Toolkit, distribute to 30 wallets (the plan before
 * Confirm, the progress across a reload, the report, the balances), a two-hop to 5 of them, and a
 * sweep of everything back with the master paying. Every movement is checked on the chain (the
 * sandbox's getBalance) as well as on screen.
 */
let server: FleetServer;
let chromium: BrowserHandle;
let page: Page;
let sandboxUrl: string;
let masterAddress: string;

const FLEET_SIZE = 30;
const DISTRIBUTED = 10_000_000; // 0.01 SOL
const TWO_HOP = 20_000_000; // 0.02 SOL
const SOL = 1_000_000_000n;

beforeAll(async () => {
  [server, chromium] = await Promise.all([startFleetServer(), launchChromium()]);
  sandboxUrl = /Local Solana sandbox: (\S+)/.exec(server.output())?.[1] ?? '';
  const password = /with password (\S+)/.exec(server.output())?.[1] ?? '';
  masterAddress = /master wallet (\S+) funded/.exec(server.output())?.[1] ?? '';
  if (!sandboxUrl || !password || !masterAddress) {
    throw new Error(`unexpected start output:\n${server.output()}`);
  }
  // Tall enough for the 35 rows of the list to be drawn at once (the table is virtualised).
  page = await chromium.browser.newPage({ viewport: { width: 1400, height: 1800 } });
  page.setDefaultTimeout(20_000);
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill('demo@fleet.local');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${server.url}/`);
  await api('POST', '/api/create-wallet', { count: FLEET_SIZE, is_trader: false });
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

async function rpc<T>(method: string, params: unknown[]): Promise<T> {
  const response = await fetch(sandboxUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await response.json()) as { result: T }).result;
}

/** Lamports on the chain, as the sandbox reports them. */
async function chainLamports(address: string): Promise<number> {
  return (await rpc<{ value: number }>('getBalance', [address, { commitment: 'confirmed' }])).value;
}

async function slimWallets(): Promise<SlimWallet[]> {
  return readSlimWalletList(await api<unknown>('GET', '/api/wallets?mode=slim')).wallets;
}

async function job(jobId: string): Promise<JobView> {
  return jobViewSchema.parse(await api<unknown>('GET', `/api/jobs/${jobId}`));
}

async function twoHopProgress(jobId: string): Promise<DoubleDistributionProgress> {
  return doubleDistributionProgressSchema.parse(
    await api<unknown>('GET', `/api/double-distribution/progress?jobId=${jobId}`),
  );
}

/** The job whose progress dialog the page keeps open (sessionStorage, so it survives a reload). */
async function openJobId(): Promise<string> {
  const stored = await page.evaluate(() => sessionStorage.getItem('fleet.operations.openJob'));
  const parsed: unknown = JSON.parse(stored ?? 'null');
  const jobId: unknown =
    typeof parsed === 'object' && parsed !== null ? Reflect.get(parsed, 'jobId') : null;
  if (typeof jobId !== 'string') throw new Error(`no open job in sessionStorage: ${stored}`);
  return jobId;
}

/** For a person looking at a failure; never under the repository. */
async function shot(name: string): Promise<void> {
  await page.screenshot({
    path: join(tmpdir(), `fleet-sol-operations-${name}.png`),
    fullPage: true,
  });
}

const selectedCount = () => page.locator('[role=row][data-wallet-id][aria-selected=true]').count();
const banner = () => page.getByRole('region', { name: 'Task mode' });
/** The SOL cell of a wallet's row: the balance, then its scan age. */
const solOf = (id: string) =>
  page.locator(`[role=row][data-wallet-id="${id}"] [title^="Balances "]`).locator('xpath=..');

const openAllWallets = (expected: number) => openWalletList(page, server.url, expected);
const openToolkitTile = (name: string) => openTile(page, name);

/**
 * Every listed wallet's SOL cell reads `sol` (4 decimals) then its scan age: the page reads the
 * list again 1.5 s after it sees the operation end, with no Refresh pressed.
 */
async function expectListedBalances(wallets: readonly SlimWallet[], sol: string): Promise<void> {
  const expected = new RegExp(`^${sol.replace('.', '\\.')}scanned `);
  for (const wallet of wallets) {
    await expect.poll(() => solOf(wallet.id).textContent(), { timeout: 15_000 }).toMatch(expected);
  }
}

/** "0.000010029 SOL" as lamports, read exactly (the plan writes fees to the lamport). */
function lamportsIn(text: string | undefined): bigint {
  const parsed = parseSolAmount((text ?? '').replace(/ SOL$/, '').replaceAll(',', ''));
  if (!parsed.ok) throw new Error(`not an amount of SOL: ${text}`);
  return parsed.lamports;
}

/** The lookup-table comparison: each row's label → [legacy, lookup table]; '' is the header. */
async function comparisonCells(dialog: Locator): Promise<Map<string, string[]>> {
  const rows = await dialog
    .getByRole('table', { name: 'Lookup-table comparison' })
    .locator('tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')),
    );
  return new Map(rows.map(([label, ...cells]) => [label === 'Figure' ? '' : (label ?? ''), cells]));
}

/** The plan's balance table as rows of cell texts: wallet, moves, before, after. */
const plannedRows = (dialog: Locator) =>
  dialog
    .getByRole('table', { name: 'Balances after the operation' })
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')),
    );

describe('moving SOL from the Toolkit in Chromium', () => {
  let fleet: SlimWallet[] = [];
  let twoHopDestinations: SlimWallet[] = [];
  let middlemen: string[] = [];

  it('distributes 0.01 SOL to 30 wallets: the plan before Confirm, progress across a reload, the report, the balances', async () => {
    fleet = await slimWallets();
    expect(fleet).toHaveLength(FLEET_SIZE);
    await openAllWallets(FLEET_SIZE);
    await page.getByLabel('Select all visible wallets').click();
    await expect.poll(selectedCount).toBe(FLEET_SIZE);

    await openToolkitTile('Distribute from Master');
    await banner()
      .getByRole('button', { name: `Distribute to ${FLEET_SIZE}…` })
      .click();
    const form = page.getByRole('dialog', { name: 'Distribute SOL' });
    await form.getByLabel('SOL per wallet').fill('0.01');
    await expect
      .poll(() => form.textContent())
      .toContain(`Total 0.3 SOL to ${FLEET_SIZE} recipient(s)`);
    await form.getByRole('button', { name: 'Review' }).click();

    // The plan's figures, before anything is sent.
    const confirm = page.getByRole('dialog', { name: 'Confirm SOL distribution' });
    await confirm.getByRole('button', { name: 'Confirm' }).waitFor();
    const figures = await planFigures(confirm);
    expect(figures.get('Amount')).toBe('0.300000 SOL');
    expect(figures.get('Transactions')).toMatch(/^[1-9]\d*$/);
    expect(figures.get('Network fees')).toMatch(/^0\.\d+ SOL$/);
    const fees = lamportsIn(figures.get('Total fees'));
    expect(fees).toBeGreaterThan(0n);
    expect(fees).toBeLessThan(1_000_000n);
    // Legacy on a first run: what the master spends is the amount and the fees, no table rent.
    expect(figures.has('Lookup-table rent')).toBe(false);
    expect(lamportsIn(figures.get('Master spends'))).toBe(300_000_000n + fees);
    // Auto weighed both ways: the comparison shows legacy chosen, and the table that would be
    // created for the 30 wallets with its recoverable rent.
    expect(await confirm.getByRole('radio', { name: 'Auto (cheapest)' }).isChecked()).toBe(true);
    const comparison = await comparisonCells(confirm);
    expect(comparison.get('')).toEqual(['Legacy chosen', 'Lookup table']);
    expect(comparison.get('Transactions')?.[0]).toBe(figures.get('Transactions'));
    expect(comparison.get('Fees total')?.[0]).toBe(figures.get('Total fees'));
    expect(comparison.get('Tables to create')).toEqual(['—', '1']);
    expect(comparison.get('Addresses to add')).toEqual(['—', String(FLEET_SIZE)]);
    expect(lamportsIn(comparison.get('Rent deposit (recoverable)')?.[1])).toBeGreaterThan(0n);
    await expect
      .poll(() => confirm.textContent())
      .toMatch(/Legacy chosen: the lookup table would cost [\d.]+ SOL more in fees\./);
    // The master first, from 100 SOL to 100 - 0.3 - the fees; then the 30 wallets, 0 to 0.01.
    const masterBefore = BigInt(await chainLamports(masterAddress));
    expect(masterBefore).toBe(100n * SOL);
    const planned = await plannedRows(confirm);
    expect(planned).toHaveLength(FLEET_SIZE + 1);
    expect(planned[0]?.[0]).toMatch(/^Master /);
    expect(planned[0]?.slice(2)).toEqual([
      '100.000000 SOL',
      `${formatLamportsAsSol(masterBefore - 300_000_000n - fees, 6)} SOL`,
    ]);
    expect(
      planned
        .slice(1)
        .filter((cells) => cells.slice(1).join('|') === '0.010000 SOL|0.000000 SOL|0.010000 SOL'),
    ).toHaveLength(FLEET_SIZE);
    // Nothing moved yet.
    expect(await chainLamports(fleet[0]?.address ?? '')).toBe(0);
    await shot('distribute-plan');

    await confirm.getByRole('button', { name: 'Confirm' }).click();
    const progress = page.getByRole('dialog', { name: 'Distribute SOL' });
    const progressBar = progress.getByRole('progressbar', { name: 'Operation progress' });
    await progressBar.waitFor();
    const jobId = await openJobId();

    // Reload during the run: the progress dialog comes back (the page keeps the job it follows).
    await page.reload();
    await progressBar.waitFor();
    const closeEnabled = await progress.getByRole('button', { name: 'Close' }).isEnabled();
    const afterReload = await job(jobId);
    if (!afterReload.isDone) {
      // Read before the job was seen running, so the dialog cannot be showing it done.
      expect(closeEnabled).toBe(false);
    }

    // Done: Close is enabled and the report lists each wallet, confirmed, with its signature.
    await expect
      .poll(() => progress.getByRole('button', { name: 'Close' }).isEnabled(), { timeout: 60_000 })
      .toBe(true);
    const done = await job(jobId);
    expect(done).toMatchObject({ status: 'succeeded', isDone: true });
    expect(done.report).toMatchObject({ wallets: FLEET_SIZE, succeeded: FLEET_SIZE, failed: 0 });
    const confirmedRows = progress.getByRole('row').filter({ hasText: 'confirmed' });
    await expect.poll(() => confirmedRows.count()).toBe(FLEET_SIZE);
    expect(await confirmedRows.getByRole('link').count()).toBe(FLEET_SIZE);
    expect(await progress.getByRole('row').filter({ hasText: '0.010000 SOL' }).count()).toBe(
      FLEET_SIZE,
    );
    await expect
      .poll(() => page.getByText(`${FLEET_SIZE} out of ${FLEET_SIZE} wallets succeeded`).count())
      .toBeGreaterThan(0);
    await shot('distribute-report');
    await progress.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => progress.count()).toBe(0);
    // The bottom bar's history keeps it, whether the run ended before the reload or after.
    await page.getByRole('button', { name: 'Operations' }).click();
    const history = page.getByRole('dialog', { name: 'Operations history' });
    await expect
      .poll(() => history.getByText('Distribute SOL · succeeded').count())
      .toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => history.count()).toBe(0);

    // On chain: each wallet paid once, the master charged the amounts plus the planned fees.
    for (const wallet of fleet) expect(await chainLamports(wallet.address)).toBe(DISTRIBUTED);
    expect(BigInt(await chainLamports(masterAddress))).toBe(masterBefore - 300_000_000n - fees);
    // And in the list, read again after the operation.
    await expectListedBalances(fleet, '0.0100');
  });

  it('pays 5 wallets through 5 fresh middlemen, each middleman left at 0', async () => {
    twoHopDestinations = fleet.slice(0, 5);
    await openAllWallets(FLEET_SIZE);
    for (const wallet of twoHopDestinations) {
      await page.getByLabel(`Select ${wallet.address}`).click();
    }
    await expect.poll(selectedCount).toBe(5);

    await openToolkitTile('2-Hop Distribution');
    await banner().getByRole('button', { name: '2-Hop to 5…' }).click();
    const dialog = page.getByRole('dialog', { name: '2-hop distribution' });
    await dialog.getByLabel('SOL per destination').fill('0.02');
    await expect.poll(() => dialog.textContent()).toContain('Total 0.1 SOL to 5 destination(s)');
    await dialog.getByRole('button', { name: 'Review' }).click();
    await dialog.getByRole('button', { name: 'Start' }).waitFor();
    const figures = await planFigures(dialog);
    expect(figures.get('Middlemen')).toBe('5');
    expect(figures.get('First leg fees (master → middlemen)')).toMatch(/^0\.\d+ SOL$/);
    expect(figures.get('Second leg fees (middlemen → destinations)')).toMatch(/^0\.\d+ SOL$/);
    await shot('two-hop-plan');
    // The toast lasts 4 s and may come before Close is offered (the job's poll and the dialog's
    // are apart): watched for from the start, not looked for afterwards.
    const toastSeen = page
      .getByText('5 out of 5 wallets succeeded')
      .first()
      .waitFor({ timeout: 90_000 });
    toastSeen.catch(() => undefined);
    await dialog.getByRole('button', { name: 'Start' }).click();

    // The progress dialog (same title) follows the job to 5 forwarded.
    const progress = page.getByRole('dialog', { name: '2-hop distribution' });
    await progress.getByRole('progressbar', { name: 'Two-hop progress' }).waitFor();
    const jobId = await openJobId();
    await expect
      .poll(() => progress.getByText('5 forwarded, 0 failed, 0 pending').count(), {
        timeout: 60_000,
      })
      .toBe(1);
    // Done once the job says so (polled every 1.5 s), a moment after the last leg is counted.
    await expect
      .poll(() => progress.getByRole('button', { name: 'Close' }).isEnabled(), { timeout: 15_000 })
      .toBe(true);
    const answer = await twoHopProgress(jobId);
    expect(answer.isDone).toBe(true);
    expect(answer.results.map((result) => result.status)).toEqual(Array(5).fill('forwarded'));
    expect(answer.results.map((result) => result.destination).sort()).toEqual(
      twoHopDestinations.map((wallet) => wallet.address).sort(),
    );
    middlemen = answer.results.map((result) => result.middleman);
    expect(new Set(middlemen).size).toBe(5);
    expect(await progress.textContent()).not.toContain('Middlemen still holding SOL');
    await shot('two-hop-done');
    // Closed as soon as it may be: the page still follows the job to its toast and refresh.
    await progress.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => progress.count()).toBe(0);
    await toastSeen;

    for (const middleman of middlemen) expect(await chainLamports(middleman)).toBe(0);
    for (const wallet of twoHopDestinations) {
      expect(await chainLamports(wallet.address)).toBe(DISTRIBUTED + TWO_HOP);
    }
    await expectListedBalances(twoHopDestinations, '0.0300');
  });

  it('withdraws every wallet to the master, the master paying, and leaves each at 0', async () => {
    const wallets = await slimWallets();
    // The middlemen are wallets of the fleet too (their own source), at 0.
    expect(wallets.map((wallet) => wallet.address)).toEqual(expect.arrayContaining(middlemen));
    await openAllWallets(wallets.length);

    await openToolkitTile('Withdraw to Master');
    await banner().getByRole('button', { name: 'Withdraw All…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw SOL to master' });
    await dialog.getByRole('radio', { name: 'Master' }).check();
    expect(await dialog.textContent()).toContain('The master wallet pays every fee');
    await dialog.getByRole('button', { name: 'Review' }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).waitFor();

    // 25 wallets hold 0.01 and 5 hold 0.03: 0.4 SOL; the middlemen hold nothing and are skipped.
    const swept = 25n * BigInt(DISTRIBUTED) + 5n * BigInt(DISTRIBUTED + TWO_HOP);
    const figures = await planFigures(dialog);
    expect(figures.get('Amount')).toBe(`${formatLamportsAsSol(swept, 6)} SOL`);
    const fees = lamportsIn(figures.get('Total fees'));
    expect(await dialog.textContent()).toContain('5 wallet(s) skipped: holds no SOL');
    const planned = await plannedRows(dialog);
    expect(planned.slice(1).every((cells) => cells[3] === '0.000000 SOL')).toBe(true);
    const masterBefore = BigInt(await chainLamports(masterAddress));
    await shot('withdraw-plan');
    await dialog.getByRole('button', { name: 'Confirm' }).click();

    const progress = page.getByRole('dialog', { name: 'Withdraw SOL to master' });
    await progress.getByRole('progressbar', { name: 'Operation progress' }).waitFor();
    const jobId = await openJobId();
    await expect
      .poll(() => progress.getByRole('button', { name: 'Close' }).isEnabled(), { timeout: 60_000 })
      .toBe(true);
    const done = await job(jobId);
    expect(done).toMatchObject({ status: 'succeeded', isDone: true });
    expect(done.report).toMatchObject({ wallets: FLEET_SIZE, succeeded: FLEET_SIZE, failed: 0 });
    const confirmedRows = progress.getByRole('row').filter({ hasText: 'confirmed' });
    await expect.poll(() => confirmedRows.count()).toBe(FLEET_SIZE);
    expect(await confirmedRows.getByRole('link').count()).toBe(FLEET_SIZE);
    await expect
      .poll(() => page.getByText(`Aggregated SOL: ${FLEET_SIZE}/${FLEET_SIZE} succeeded`).count())
      .toBeGreaterThan(0);
    await shot('withdraw-report');
    await progress.getByRole('button', { name: 'Close' }).click();

    // Every wallet at 0 on chain, the master credited with what they held less the fees it paid.
    for (const wallet of wallets) expect(await chainLamports(wallet.address)).toBe(0);
    expect(BigInt(await chainLamports(masterAddress))).toBe(masterBefore + swept - fees);
    await expectListedBalances(wallets, '0.0000');
  });
});
