import {
  burnJobReportSchema,
  formatLamportsAsSol,
  jobViewSchema,
  valuationSchema,
  type BurnJobReport,
} from '@fleet/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestKeypair } from '../apps/server/src/testing/keypairs';
import { launchChromium, screenshot, type BrowserHandle } from './support/chromium';
import { signInAsDemo } from './support/demo-session';
import { startFleetServer, type FleetServer } from './support/fleet-server';
import {
  buyWithJupiter,
  rpcCall,
  sandboxMarketUrl,
  sandboxToken,
  waitUntilConfirmed,
  type SandboxChain,
} from './support/sandbox-market';
import { sandboxIssuer, type SandboxMint } from './support/sandbox-tokens';
import {
  accountsLamports,
  associatedTokenAccount,
  mintProgram,
  TOKEN_PROGRAM,
} from './support/token-accounts';
import { openAllWallets, openToolkitTile, planFigures } from './support/wallets-page';
import { pageApi } from './support/page-api';

/**
 * Issue 19, "burn dust" in Chromium: four wallets, imported beside the demo's master, hold a
 * sandbox-market token (three of them a few cents' worth, one several dollars') and two tokens no
 * provider prices. From the Toolkit, Burn Dust of All plans the dust below $1: the priced dust is
 * burned, the larger balance and the unpriced tokens are skipped with their reasons; one unpriced
 * mint picked in the dialog joins the dust on a new plan; Confirm streams the burn (across a
 * reload), the statistics and the toast match the chain, the dust accounts are gone on chain and
 * the rest kept, their rent at the master. A second burn finds nothing below the threshold and
 * says so.
 */
let server: FleetServer;
let chromium: BrowserHandle;
let page: Page;
let chain: SandboxChain;
let masterAddress = '';

const wallets = Array.from({ length: 4 }, () => newTestKeypair());
const [w0, w1, w2, w3] = wallets as [
  (typeof wallets)[number],
  (typeof wallets)[number],
  (typeof wallets)[number],
  (typeof wallets)[number],
];
/** A few cents of MOSS each: dust below $1. */
const dustOwners = [w0, w1, w2];
/** Several dollars of MOSS: kept. */
const keeper = w3;
let mossMint = '';
let mossProgram = '';
/** Unpriced: W0's and W1's balances are burned once the operator picks the mint. */
let picked: SandboxMint;
/** Unpriced and never picked: W2's balance stays. */
let unpicked: SandboxMint;
const DUST_BUY_LAMPORTS = 100_000n;
const KEEP_BUY_LAMPORTS = 50_000_000n;

/** A poll's bound for the page or the chain, not a measure. */
const WAIT = { timeout: 20_000 } as const;
const sol6 = (lamports: bigint | string) => `${formatLamportsAsSol(BigInt(lamports), 6)} SOL`;
const burnResponses: string[] = [];

beforeAll(async () => {
  [server, chromium] = await Promise.all([startFleetServer(), launchChromium()]);
  const session = await signInAsDemo(server, chromium.browser);
  page = session.page;
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith('/api/solana/burn-tokens') && !path.endsWith('/plan')) {
      burnResponses.push(
        `${response.request().method()} ${path} ${response.headers()['content-type']}`,
      );
    }
  });
  chain = { rpcUrl: session.sandboxUrl, marketUrl: sandboxMarketUrl(server) };
  masterAddress = /master wallet (\S+) funded/.exec(server.output())?.[1] ?? '';
  if (!masterAddress) throw new Error(`unexpected start output:\n${server.output()}`);

  const moss = await sandboxToken(chain.marketUrl, 'MOSS');
  mossMint = moss.mint;
  mossProgram = await mintProgram(chain.rpcUrl, mossMint);
  const issuer = await sandboxIssuer(chain.rpcUrl);
  [picked, unpicked] = await Promise.all([
    issuer.createMint({ program: 'token', decimals: 6 }),
    issuer.createMint({ program: 'token', decimals: 0 }),
  ]);

  // Each wallet pays its own swap; the airdrops go out together and are confirmed together.
  const airdrops = await Promise.all(
    wallets.map((wallet) =>
      rpcCall<string>(chain.rpcUrl, 'requestAirdrop', [wallet.address, 100_000_000]),
    ),
  );
  await Promise.all(airdrops.map((signature) => waitUntilConfirmed(chain.rpcUrl, signature)));
  await Promise.all([
    ...dustOwners.map((wallet) => buyWithJupiter(chain, wallet, mossMint, DUST_BUY_LAMPORTS)),
    buyWithJupiter(chain, keeper, mossMint, KEEP_BUY_LAMPORTS),
    issuer.give(w0.address, [{ mint: picked, amount: 5_000_000n }]),
    issuer.give(w1.address, [{ mint: picked, amount: 7_000_000n }]),
    issuer.give(w2.address, [{ mint: unpicked, amount: 3n }]),
  ]);

  // Imported as the Import page does it: the scan preview's token accounts are stored with them.
  const preview = await api('POST', '/api/scan-assets/preview', {
    publicAddresses: wallets.map((wallet) => wallet.address),
  });
  await api('POST', '/api/wallet', {
    privateKeys: wallets.map((wallet) => wallet.privateKey),
    preview,
  });
}, 120_000);
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

/** The job the page keeps open (sessionStorage, so a reload re-attaches to it). */
async function openJobId(): Promise<string | null> {
  const stored = await page.evaluate(() => sessionStorage.getItem('fleet.operations.openJob'));
  const parsed: unknown = JSON.parse(stored ?? 'null');
  const jobId: unknown =
    typeof parsed === 'object' && parsed !== null ? Reflect.get(parsed, 'jobId') : null;
  return typeof jobId === 'string' ? jobId : null;
}

const burnDialog = () => page.getByRole('dialog', { name: 'Burn Dust' });
const banner = () => page.getByRole('region', { name: 'Task mode' });

describe('burning dust from the Toolkit in Chromium', () => {
  it('plans the dust below $1, picks an unpriced mint, burns it streamed across a reload, and the chain agrees', async () => {
    const mossAccounts = await Promise.all(
      wallets.map((wallet) => associatedTokenAccount(wallet.address, mossMint, mossProgram)),
    );
    const pickedAccounts = await Promise.all(
      [w0, w1].map((wallet) => associatedTokenAccount(wallet.address, picked.mint, TOKEN_PROGRAM)),
    );
    const unpickedAccount = await associatedTokenAccount(w2.address, unpicked.mint, TOKEN_PROGRAM);
    const dustAccounts = [...mossAccounts.slice(0, 3), ...pickedAccounts];
    const rentHeld = await accountsLamports(chain.rpcUrl, dustAccounts);
    const dustRent = rentHeld.reduce<bigint>((sum, lamports) => sum + (lamports ?? 0n), 0n);
    expect(rentHeld.every((lamports) => lamports !== null)).toBe(true);
    // The market prices MOSS and not the issuer's mints.
    const valuation = valuationSchema.parse(await api('GET', '/api/valuation'));
    const status = new Map(valuation.assets.map((asset) => [asset.mint, asset.status]));
    expect(status.get(mossMint)).toBe('priced');
    expect(status.get(picked.mint)).toBe('not-priced');

    await openAllWallets(page, server.url, wallets.length);
    await openToolkitTile(page, 'Burn Dust');
    // Nothing selected: the selected scope warns, no dialog; the all-scope action plans.
    await banner().getByRole('button', { name: 'Burn Dust of 0…' }).click();
    await page
      .getByText('Select wallets whose token dust to burn', { exact: true })
      .first()
      .waitFor();
    expect(await burnDialog().count()).toBe(0);
    await banner().getByRole('button', { name: 'Burn Dust of All…' }).click();

    const dialog = burnDialog();
    const confirm = dialog.getByRole('button', { name: 'Confirm' });
    await expect.poll(() => confirm.isEnabled(), WAIT).toBe(true);
    let plan = await planFigures(dialog);
    expect(plan.get('Wallets in scope')).toBe('4');
    expect(plan.get('Dust threshold')).toBe('Below $1');
    expect(plan.get('Accounts to burn')).toBe('3');
    expect(await dialog.textContent()).toContain('1 above threshold · 3 unpriced');
    expect(plan.get('Rent reclaimed')).toBe(
      sol6(dustRent - (rentHeld[3] ?? 0n) - (rentHeld[4] ?? 0n)),
    );
    const mints = dialog.getByRole('table', { name: 'Burned mints' });
    expect(await mints.locator(`[title="${mossMint}"]`).count()).toBe(1);
    const skipped = dialog.getByRole('table', { name: 'Skipped accounts' });
    const keeperRow = skipped
      .locator('[role=row]')
      .filter({ has: page.locator(`[title="${keeper.address}"]`) });
    expect(await keeperRow.textContent()).toContain('above threshold');

    // The issuer's first mint, picked as dust, joins on a new plan; the Confirm waits for it.
    await dialog.getByRole('checkbox', { name: new RegExp(picked.mint) }).check();
    await expect.poll(() => confirm.isEnabled(), WAIT).toBe(false);
    await dialog.getByRole('button', { name: 'Plan Again' }).click();
    await expect.poll(() => confirm.isEnabled(), WAIT).toBe(true);
    plan = await planFigures(dialog);
    expect(plan.get('Accounts to burn')).toBe('5');
    expect(plan.get('Rent reclaimed')).toBe(sol6(dustRent));
    expect(await dialog.textContent()).toContain('1 above threshold · 1 unpriced');
    await screenshot(page, 'burn-dust-plan');

    // Nothing is sent before Confirm.
    const masterBefore = await chainLamports(masterAddress);
    expect(await accountsLamports(chain.rpcUrl, dustAccounts)).toEqual(rentHeld);

    await confirm.click();
    await dialog.getByRole('progressbar', { name: 'Burn progress' }).waitFor();
    await expect.poll(openJobId, WAIT).not.toBeNull();
    const jobId = (await openJobId()) ?? '';
    // A reload re-attaches to the job (whether it is still running or just ended) from its start.
    await page.reload();
    await burnDialog().getByRole('progressbar', { name: 'Burn progress' }).waitFor();
    const closeButton = burnDialog().getByRole('button', { name: 'Close', exact: true });
    await expect.poll(() => closeButton.isEnabled(), { timeout: 40_000 }).toBe(true);
    const toast = page.getByText(/^Burned \d+ token balance\(s\)/).first();
    await toast.waitFor();
    const toastText = await toast.textContent();
    expect(await page.getByText('Tokens Burned', { exact: true }).count()).toBeGreaterThan(0);
    expect(burnResponses[0]).toBe('POST /api/solana/burn-tokens text/event-stream; charset=utf-8');
    expect(burnResponses).toContain(
      `GET /api/solana/burn-tokens/${jobId}/events text/event-stream; charset=utf-8`,
    );

    const job = jobViewSchema.parse(await api('GET', `/api/jobs/${jobId}`));
    expect(job).toMatchObject({ status: 'succeeded', isDone: true, kind: 'token.burn' });
    const report: BurnJobReport = burnJobReportSchema.parse(job.report);
    expect(report.totals).toMatchObject({ burnedTokens: 5, closedAccounts: 5, failedAccounts: 0 });
    expect(BigInt(report.totals.rentLamports)).toBe(dustRent);
    const fee = BigInt(report.totals.feeLamports);

    // On chain: the dust accounts are gone, the rest hold what they held, the master has the net.
    expect(await accountsLamports(chain.rpcUrl, dustAccounts)).toEqual(
      dustAccounts.map(() => null),
    );
    const kept = await accountsLamports(chain.rpcUrl, [mossAccounts[3] ?? '', unpickedAccount]);
    expect(kept.every((lamports) => lamports !== null)).toBe(true);
    expect(await chainLamports(masterAddress)).toBe(masterBefore + dustRent - fee);

    const stat = (name: string) => burnDialog().locator(`[data-total=${name}]`).textContent();
    expect(await stat('burned')).toBe('5');
    expect(await stat('closed')).toBe('5');
    expect(await stat('rent')).toBe(sol6(dustRent));
    expect(await stat('profit')).toBe(sol6(dustRent - fee));
    expect(await burnDialog().locator('[data-figure=wallets]').textContent()).toBe('4 / 4 wallets');
    expect(toastText).toBe(
      `Burned 5 token balance(s), closed 5 account(s). Rent reclaimed ${sol6(dustRent)}, net ${sol6(dustRent - fee)}.`,
    );
    await screenshot(page, 'burn-dust-done');
    await closeButton.click();
    await expect.poll(() => burnDialog().count(), WAIT).toBe(0);
    expect(await openJobId()).toBeNull();
  });

  it('refuses a second burn with nothing left below the threshold, in its own words', async () => {
    await openToolkitTile(page, 'Burn Dust');
    await banner().getByRole('button', { name: 'Burn Dust of All…' }).click();
    const dialog = burnDialog();
    await dialog
      .getByText('Nothing to burn - No token balances below the threshold found in scope.')
      .waitFor();
    expect(await dialog.getByRole('button', { name: 'Confirm' }).isEnabled()).toBe(false);
    await page
      .getByText('No token balances below the threshold found in scope.', { exact: true })
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => burnDialog().count(), WAIT).toBe(0);
  });
});
