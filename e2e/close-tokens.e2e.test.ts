import {
  closeForecastSchema,
  formatLamportsAsSol,
  jobViewSchema,
  closeJobReportSchema,
  type CloseForecastView,
} from '@fleet/core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestKeypair } from '../apps/server/src/testing/keypairs';
import { launchChromium, SCREENSHOT_DIR, type BrowserHandle } from './support/chromium';
import { signInAsDemo } from './support/demo-session';
import { startFleetServer, type FleetServer } from './support/fleet-server';
import {
  buyWithJupiter,
  rpcCall,
  sandboxMarketUrl,
  sandboxToken,
  tokenBalance,
  type SandboxChain,
} from './support/sandbox-market';
import {
  accountLamports,
  accountsLamports,
  associatedTokenAccount,
  mintProgram,
  openEmptyTokenAccounts,
  TOKEN_2022_PROGRAM,
  type OpenedAccount,
} from './support/token-accounts';
import { pageApi } from './support/page-api';

/**
 * Issue 19, "End to end (Chromium)": 20 wallets holding empty token accounts of both programs
 * (and one account with a balance) are imported beside the demo's master (set and funded at
 * start). From the Toolkit, Close Selected closes two wallets' accounts with the rent kept in
 * each, followed out of sight to the toast from the job's report; Close All Token Accounts plans
 * the rest from the chain, Confirm streams the close (across a reload), the toast's figures match
 * the chain, the accounts are gone on chain, the one with a balance stays, the close history
 * lists them all, and the Closeable card shows the forecast before and nothing after.
 */
let server: FleetServer;
let chromium: BrowserHandle;
let page: Page;
let chain: SandboxChain;
let masterAddress = '';

const FLEET_SIZE = 20;
const wallets = Array.from({ length: FLEET_SIZE }, () => newTestKeypair());
/** Buys a token before the import: its account holds a balance and must stay open. */
const buyer = wallets[FLEET_SIZE - 1] ?? newTestKeypair();
let opened: OpenedAccount[] = [];
let balanceAccount = '';
let balanceMint = '';
/** What the empty accounts hold on chain before the close: the rent it must reclaim. */
let rentOnChain = 0n;
const rentByAccount = new Map<string, bigint>();
/** Close Selected closes these first: the first two wallets, 3 accounts each. */
const selected = wallets.slice(0, 2);
const isSelected = (account: OpenedAccount) =>
  selected.some((wallet) => wallet.address === account.owner);
/** The rent destination of every plan the page asked for, in order. */
const planRequests: string[] = [];
/** Every close call the page made (not plans): method, path and the answer's content type. */
const closeResponses: string[] = [];
const rentOf = (accounts: readonly OpenedAccount[]) =>
  accounts.reduce((sum, account) => sum + (rentByAccount.get(account.tokenAccount) ?? 0n), 0n);

/** How long a poll waits for the page or the chain: a bound, not a measure. */
const WAIT = { timeout: 20_000 } as const;

const sol6 = (lamports: bigint | string) => `${formatLamportsAsSol(BigInt(lamports), 6)} SOL`;

beforeAll(async () => {
  [server, chromium] = await Promise.all([startFleetServer(), launchChromium()]);
  const session = await signInAsDemo(server, chromium.browser);
  page = session.page;
  // Tall enough for the 20 rows of the list to be drawn at once (the table is virtualised).
  await page.setViewportSize({ width: 1400, height: 1600 });
  page.on('request', (request) => {
    if (request.url().endsWith('/api/solana/close-tokens/plan')) {
      const body = request.postDataJSON() as { rentDestination?: string };
      planRequests.push(String(body.rentDestination));
    }
  });
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith('/api/solana/close-tokens') && !path.endsWith('/plan')) {
      closeResponses.push(
        `${response.request().method()} ${path} ${response.headers()['content-type']}`,
      );
    }
  });
  chain = { rpcUrl: session.sandboxUrl, marketUrl: sandboxMarketUrl(server) };
  masterAddress = /master wallet (\S+) funded/.exec(server.output())?.[1] ?? '';
  if (!masterAddress) throw new Error(`unexpected start output:\n${server.output()}`);

  // Two SPL Token mints and a Token-2022 one from the sandbox market, and a token to hold.
  const [moss, pebble, aura, kelp] = await Promise.all(
    ['MOSS', 'PBL', 'AURA', 'KELP'].map((symbol) => sandboxToken(chain.marketUrl, symbol)),
  );
  if (!moss || !pebble || !aura || !kelp) throw new Error('the sandbox market lacks a token');
  const programs = await Promise.all(
    [moss, pebble, aura].map((token) => mintProgram(chain.rpcUrl, token.mint)),
  );
  expect(programs[2]).toBe(TOKEN_2022_PROGRAM);
  const [mossProgram = '', pebbleProgram = '', auraProgram = ''] = programs;

  const funder = newTestKeypair();
  await Promise.all([airdrop(funder.address, 2_000_000_000), airdrop(buyer.address, 300_000_000)]);
  await buyWithJupiter(chain, buyer, kelp.mint, 100_000_000n);
  balanceMint = kelp.mint;
  balanceAccount = await associatedTokenAccount(
    buyer.address,
    kelp.mint,
    await mintProgram(chain.rpcUrl, kelp.mint),
  );
  expect(await tokenBalance(chain.rpcUrl, buyer.address, kelp.mint)).toBeGreaterThan(0n);

  // Every wallet: MOSS and AURA (Token-2022); the first ten PBL too. 50 empty accounts.
  opened = await openEmptyTokenAccounts(
    chain.rpcUrl,
    funder.secretKey,
    wallets.flatMap((wallet, index) => [
      { owner: wallet.address, mint: moss.mint, program: mossProgram },
      { owner: wallet.address, mint: aura.mint, program: auraProgram },
      ...(index < 10 ? [{ owner: wallet.address, mint: pebble.mint, program: pebbleProgram }] : []),
    ]),
  );
  expect(opened).toHaveLength(50);
  const held = await accountsLamports(
    chain.rpcUrl,
    opened.map((account) => account.tokenAccount),
  );
  for (const [index, account] of opened.entries()) {
    const lamports = held[index] ?? 0n;
    rentByAccount.set(account.tokenAccount, lamports);
    rentOnChain += lamports;
  }

  // Imported as the Import page does it: the scan preview's token accounts are stored with them.
  const preview = await api('POST', '/api/scan-assets/preview', {
    publicAddresses: wallets.map((wallet) => wallet.address),
  });
  await api('POST', '/api/wallet', {
    privateKeys: wallets.map((wallet) => wallet.privateKey),
    preview,
  });
});
afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

const api = <T = unknown>(method: 'GET' | 'POST', path: string, data?: object) =>
  pageApi<T>(page, server.url, method, path, data);

async function chainLamports(address: string): Promise<bigint> {
  const { value } = await rpcCall<{ value: number }>(chain.rpcUrl, 'getBalance', [
    address,
    { commitment: 'confirmed' },
  ]);
  return BigInt(value);
}

/** Airdrops and waits (bounded) for the balance: the set-up runs before any test. */
async function airdrop(address: string, lamports: number): Promise<void> {
  await rpcCall(chain.rpcUrl, 'requestAirdrop', [address, lamports]);
  const deadline = Date.now() + 30_000;
  while ((await chainLamports(address)) !== BigInt(lamports)) {
    if (Date.now() > deadline) throw new Error(`the airdrop to ${address} did not land`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function forecast(): Promise<CloseForecastView> {
  return closeForecastSchema.parse(await api('GET', '/api/solana/close-tokens/forecast'));
}

/** The job the page keeps open (sessionStorage, so a reload re-attaches to it). */
async function openJobId(): Promise<string | null> {
  const stored = await page.evaluate(() => sessionStorage.getItem('fleet.operations.openJob'));
  const parsed: unknown = JSON.parse(stored ?? 'null');
  const jobId: unknown =
    typeof parsed === 'object' && parsed !== null ? Reflect.get(parsed, 'jobId') : null;
  return typeof jobId === 'string' ? jobId : null;
}

const overviewCard = (title: string) =>
  page.getByRole('region', { name: 'Portfolio Overview' }).getByRole('group', { name: title });
const cardText = async (title: string) => (await overviewCard(title).textContent()) ?? '';
const closeDialog = () => page.getByRole('dialog', { name: 'Closing Token Accounts' });

/** A `dl`'s figures: label → value, as written. */
async function figures(list: Locator): Promise<Map<string, string>> {
  const pairs = await list.evaluate((dl) =>
    [...dl.querySelectorAll('dt')].map((term) => [
      term.textContent ?? '',
      term.nextElementSibling?.textContent ?? '',
    ]),
  );
  return new Map(pairs.map(([label, value]) => [label ?? '', value ?? '']));
}

/** For a person to look at (git-ignored); the viewport only: a full page costs seconds. */
async function shot(name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}

const banner = () => page.getByRole('region', { name: 'Task mode' });

/** The List tab in the All segment: the imported wallets hold no SOL, so not in Non-Empty. */
async function openAllWallets(): Promise<void> {
  await page.goto(`${server.url}/wallets`);
  await page.getByRole('button', { name: 'View', exact: true }).click();
  await page
    .getByRole('menuitem')
    .filter({ has: page.getByText('All', { exact: true }) })
    .click();
  await expect
    .poll(() => page.locator('[role=row][data-wallet-id]').count(), WAIT)
    .toBe(FLEET_SIZE);
}

async function openToolkitTile(name: string): Promise<void> {
  await page.getByRole('button', { name: 'Toolkit' }).click();
  await page
    .getByRole('dialog', { name: 'Toolkit' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
}

describe('closing empty token accounts in Chromium', () => {
  it('forecasts the closes on the Closeable card, in total and per wallet', async () => {
    const expected = await forecast();
    expect(expected.closableAccounts).toBe(50);
    // The stored accounts' rent is the chain's (165-byte Token and 170-byte Token-2022 accounts).
    expect(BigInt(expected.rentLamports)).toBe(rentOnChain);
    expect(expected.blockers).toEqual({ 'has balance': 0, frozen: 0, 'withheld transfer fees': 0 });

    await page.goto(`${server.url}/wallets`);
    await expect.poll(() => cardText('Closeable'), WAIT).toMatch(/^Closeable50 accounts/);
    const text = await cardText('Closeable');
    expect(text).toContain(`${sol6(rentOnChain)} rent`);
    expect(text).toContain(`${sol6(expected.feeLamports)} fees`);
    expect(text).toContain(`${sol6(expected.netLamports)} net`);
    expect(BigInt(expected.netLamports)).toBe(rentOnChain - BigInt(expected.feeLamports));
    expect(text).toContain(`in ${FLEET_SIZE} wallets`);
    expect(text).toContain('No blockers');

    await overviewCard('Closeable').getByRole('button', { name: 'Per wallet' }).click();
    const perWallet = page.getByRole('dialog', { name: 'Closeable accounts per wallet' });
    const rows = perWallet.getByRole('table').locator('[role=row][aria-rowindex]');
    // The header row and one row per wallet; the wallets with PBL (3 accounts) first.
    await expect.poll(() => rows.count(), WAIT).toBe(FLEET_SIZE + 1);
    expect(await rows.nth(1).getByRole('cell').nth(1).textContent()).toBe('3');
    expect(await rows.nth(FLEET_SIZE).getByRole('cell').nth(1).textContent()).toBe('2');
    await page.keyboard.press('Escape');
    await expect.poll(() => perWallet.count(), WAIT).toBe(0);
  });

  it('closes the selected wallets’ accounts with Close Selected, the rent kept in each; hidden, the page follows the job to the toast from its report', async () => {
    await openAllWallets();
    // With nothing selected, the spec's warning and no dialog.
    await openToolkitTile('Close Selected');
    await banner().getByRole('button', { name: 'Close Accounts of 0…' }).click();
    await page
      .getByText('Select wallets whose empty token accounts to close', { exact: true })
      .first()
      .waitFor();
    expect(await page.getByText('No Wallets Selected', { exact: true }).count()).toBeGreaterThan(0);
    expect(await closeDialog().count()).toBe(0);

    for (const wallet of selected) await page.getByLabel(`Select ${wallet.address}`).click();
    await banner().getByRole('button', { name: 'Close Accounts of 2…' }).click();
    const dialog = closeDialog();
    const confirm = dialog.getByRole('button', { name: 'Confirm' });
    await expect.poll(() => confirm.isEnabled(), WAIT).toBe(true);
    const plan = await figures(dialog.locator('dl[aria-label="Close plan"]'));
    const accounts = opened.filter(isSelected);
    expect(plan.get('Wallets in scope')).toBe('2');
    expect(plan.get('Closable accounts')).toBe(String(accounts.length));
    expect(plan.get('Skipped accounts')).toBe('0');
    expect(plan.get('Rent reclaimed')).toBe(sol6(rentOf(accounts)));
    expect(plan.get('Rent goes to')).toMatch(/^Master wallet /);
    // Keeping the rent in each wallet plans again, before anything is sent.
    const plansBefore = planRequests.length;
    await dialog.getByText('Keep in each wallet', { exact: true }).click();
    const planList = dialog.locator('dl[aria-label="Close plan"]');
    await expect
      .poll(
        async () => ((await planList.count()) ? (await figures(planList)).get('Rent goes to') : ''),
        WAIT,
      )
      .toBe('Each wallet keeps its rent');
    expect(planRequests.slice(plansBefore)).toEqual(['owner']);
    const masterBefore = await chainLamports(masterAddress);
    const walletsBefore = await Promise.all(
      selected.map((wallet) => chainLamports(wallet.address)),
    );
    expect(walletsBefore).toEqual([0n, 0n]);

    await expect.poll(() => confirm.isEnabled(), WAIT).toBe(true);
    await confirm.click();
    await expect.poll(openJobId, WAIT).not.toBeNull();
    const jobId = (await openJobId()) ?? '';
    // Hidden, as Hide leaves it, and the page reloaded: a close of one transaction may be over
    // before Hide could be pressed, and this way the test is the same whenever it ends.
    await page.evaluate(
      (stored) => sessionStorage.setItem('fleet.operations.openJob', stored),
      JSON.stringify({ jobId, operationId: null, visible: false }),
    );
    await page.reload();
    // Out of sight, the job is polled to its end and the bottom bar's toast counts its report.
    const toast = page.getByText(/^Closed \d+ account\(s\), skipped /).first();
    await toast.waitFor({ timeout: WAIT.timeout });
    const toastText = await toast.textContent();
    expect(await closeDialog().count()).toBe(0);
    const report = closeJobReportSchema.parse(
      jobViewSchema.parse(await api('GET', `/api/jobs/${jobId}`)).report,
    );
    // The master paid the fees; each wallet kept its accounts' rent.
    const fee = BigInt(report.totals.feeLamports);
    expect(await chainLamports(masterAddress)).toBe(masterBefore - fee);
    for (const wallet of selected) {
      const own = opened.filter((account) => account.owner === wallet.address);
      expect(await chainLamports(wallet.address)).toBe(rentOf(own));
    }
    const net = rentOf(accounts) - fee;
    expect(toastText).toBe(
      `Closed ${accounts.length} account(s), skipped 0 (has balance). Rent reclaimed ${sol6(rentOf(accounts))}, net ${sol6(net)}.`,
    );
    expect(
      await accountsLamports(
        chain.rpcUrl,
        accounts.map((account) => account.tokenAccount),
      ),
    ).toEqual(accounts.map(() => null));
    await expect.poll(openJobId, WAIT).toBeNull();
  });

  it('closes every empty account from the Toolkit: the plan, Confirm, the streamed progress across a reload, the toast, the chain', async () => {
    const plansBefore = planRequests.length;
    const responsesBefore = closeResponses.length;
    const masterBefore = await chainLamports(masterAddress);
    // What Close Selected left: every other wallet's empty accounts.
    const remaining = opened.filter((account) => !isSelected(account));
    const remainingRent = rentOf(remaining);

    await openToolkitTile('Close All Token Accounts');
    const dialog = closeDialog();
    const confirm = dialog.getByRole('button', { name: 'Confirm' });
    await expect.poll(() => confirm.isEnabled(), WAIT).toBe(true);
    const planList = dialog.locator('dl[aria-label="Close plan"]');
    const plan = await figures(planList);
    expect(plan.get('Wallets in scope')).toBe(String(FLEET_SIZE));
    expect(plan.get('Closable accounts')).toBe(String(remaining.length));
    expect(plan.get('Skipped accounts')).toBe('1');
    expect(await dialog.textContent()).toContain(
      '1 has balance · 0 frozen · 0 withheld transfer fees',
    );
    expect(plan.get('Rent reclaimed')).toBe(sol6(remainingRent));
    expect(plan.get('Rent goes to')).toMatch(
      new RegExp(`^Master wallet ${masterAddress.slice(0, 4)}…${masterAddress.slice(-4)}$`),
    );
    expect(await planList.locator(`code[title="${masterAddress}"]`).count()).toBe(1);
    const transactions = Number(plan.get('Transactions'));
    expect(transactions).toBeGreaterThan(0);
    // One signature per owner with an account to close, and the master's on each transaction.
    expect(Number(plan.get('Signatures'))).toBe(FLEET_SIZE - selected.length + transactions);
    // The account with a balance is listed with its reason.
    const skipped = dialog.getByRole('table', { name: 'Skipped accounts' });
    const skippedRow = skipped
      .locator('[role=row]')
      .filter({ has: page.locator(`[title="${balanceAccount}"]`) });
    expect(await skippedRow.textContent()).toContain('has balance');
    expect(await skippedRow.locator(`[title="${balanceMint}"]`).count()).toBe(1);
    await shot('close-tokens-plan');

    expect(planRequests.slice(plansBefore)).toEqual(['master']);
    // Nothing is sent before Confirm.
    expect(await accountLamports(chain.rpcUrl, remaining[0]?.tokenAccount ?? '')).not.toBeNull();
    expect(await chainLamports(masterAddress)).toBe(masterBefore);

    await expect.poll(() => confirm.isEnabled(), WAIT).toBe(true);
    await confirm.click();
    const progress = dialog.getByRole('progressbar', { name: 'Close progress' });
    await progress.waitFor();
    // The stream names its job; the page keeps it so that a reload re-attaches.
    await expect.poll(openJobId, WAIT).not.toBeNull();
    const jobId = (await openJobId()) ?? '';
    await page.reload();
    await closeDialog().getByRole('progressbar', { name: 'Close progress' }).waitFor();
    const closeButton = closeDialog().getByRole('button', { name: 'Close', exact: true });
    await expect.poll(() => closeButton.isEnabled(), { timeout: 60_000 }).toBe(true);
    // The toast is on screen for 4 s: read now, compared with the chain below.
    const toast = page.getByText(/^Closed \d+ account\(s\), skipped /).first();
    await toast.waitFor();
    const toastText = await toast.textContent();
    await expect.poll(() => page.getByText('Token Accounts Closed').count()).toBeGreaterThan(0);
    const streams = closeResponses.slice(responsesBefore);
    expect(streams[0]).toBe('POST /api/solana/close-tokens text/event-stream; charset=utf-8');
    expect(streams).toContain(
      `GET /api/solana/close-tokens/${jobId}/events text/event-stream; charset=utf-8`,
    );

    // The job's own account of it: every wallet processed, the rest closed, 1 skipped.
    const job = jobViewSchema.parse(await api('GET', `/api/jobs/${jobId}`));
    expect(job).toMatchObject({ status: 'succeeded', isDone: true, kind: 'token.close' });
    const report = closeJobReportSchema.parse(job.report);
    expect(report.totals).toMatchObject({ closedAccounts: remaining.length, skippedAccounts: 1 });
    expect(BigInt(report.totals.rentLamports)).toBe(remainingRent);

    // On chain: all 50 accounts are gone, the one with a balance is still there and holds it,
    // and the master got the rent less the fees it paid: the net.
    expect(
      await accountsLamports(
        chain.rpcUrl,
        opened.map((account) => account.tokenAccount),
      ),
    ).toEqual(opened.map(() => null));
    expect(await accountLamports(chain.rpcUrl, balanceAccount)).not.toBeNull();
    expect(await tokenBalance(chain.rpcUrl, buyer.address, balanceMint)).toBeGreaterThan(0n);
    const masterAfter = await chainLamports(masterAddress);
    const net = masterAfter - masterBefore;
    expect(net).toBe(remainingRent - BigInt(report.totals.feeLamports));

    // The progress panel's totals and log, and the toast, in SOL to 6 decimals.
    const totals = closeDialog().getByRole('definition');
    expect(await closeDialog().locator('[data-total=closed]').textContent()).toBe(
      String(remaining.length),
    );
    expect(await closeDialog().locator('[data-total=skipped]').textContent()).toBe('1');
    expect(await closeDialog().locator('[data-total=rent]').textContent()).toBe(
      sol6(remainingRent),
    );
    expect(await closeDialog().locator('[data-total=profit]').textContent()).toBe(sol6(net));
    expect(await totals.count()).toBe(5);
    expect(await closeDialog().locator('[data-figure=wallets]').textContent()).toBe(
      `${FLEET_SIZE} / ${FLEET_SIZE} wallets`,
    );
    const log = await closeDialog()
      .getByRole('list', { name: 'Close log' })
      .locator('li')
      .allTextContents();
    const walletLines = log.filter((line) => /^\d+\/20 /.test(line));
    expect(walletLines.map((line) => line.split(' ')[0])).toEqual(
      Array.from({ length: FLEET_SIZE }, (_, index) => `${index + 1}/${FLEET_SIZE}`),
    );
    expect(toastText).toBe(
      `Closed ${remaining.length} account(s), skipped 1 (has balance). Rent reclaimed ${sol6(remainingRent)}, net ${sol6(net)}.`,
    );
    await shot('close-tokens-done');
    await closeButton.click();
    await expect.poll(() => closeDialog().count(), WAIT).toBe(0);
    expect(await openJobId()).toBeNull();
  });

  it('lists the closes on the close history page', async () => {
    await page.goto(`${server.url}/close-history`);
    const rows = page.getByRole('table', { name: 'Close history' }).locator('tbody tr');
    await expect.poll(() => rows.count(), WAIT).toBe(50);
    const total = (name: string) => page.locator(`[data-total="${name}"]`).textContent();
    expect(await total('accounts')).toBe('50');
    expect(await total('rent')).toBe(sol6(rentOnChain));
    const listed = await rows
      .locator('code')
      .evaluateAll((codes) => codes.map((code) => code.getAttribute('title')));
    for (const account of opened) expect(listed).toContain(account.tokenAccount);
    expect(listed).not.toContain(balanceAccount);
  });

  it('shows nothing left to close on the Closeable card, and the plan refuses in the spec’s words', async () => {
    expect((await forecast()).closableAccounts).toBe(0);
    await page.goto(`${server.url}/wallets`);
    await expect.poll(() => cardText('Closeable'), WAIT).toMatch(/^Closeable0 accounts/);
    expect(await cardText('Closeable')).toContain(`${sol6(0n)} rent`);

    await overviewCard('Closeable').getByRole('button', { name: 'Close all…' }).click();
    await closeDialog()
      .getByText('Nothing to close - No zero-balance token accounts found in scope.')
      .waitFor();
    expect(await closeDialog().getByRole('button', { name: 'Confirm' }).isEnabled()).toBe(false);
    await page
      .getByText('No zero-balance token accounts found in scope.', { exact: true })
      .waitFor();
  });
});
