import {
  aggregatedTokensResponseSchema,
  formatTokenAmount,
  type AggregatedTokensResponse,
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
  tokenBalance,
  waitUntilConfirmed,
  type SandboxChain,
  type SandboxToken,
} from './support/sandbox-market';
import { sandboxIssuer, type SandboxMint } from './support/sandbox-tokens';
import {
  accountsLamports,
  mintProgram,
  openEmptyTokenAccounts,
  type OpenedAccount,
} from './support/token-accounts';
import { planFigures } from './support/wallets-page';
import { pageApi } from './support/page-api';

/**
 * Issue 20, "End to end (Chromium)": four wallets imported beside the demo's master hold two
 * sandbox-market tokens bought through Jupiter (a little MOSS, more KELP), PBL (one balance and
 * two empty accounts) and two NFTs of a sandbox issuer. The Tokens Overview lists the five mints;
 * the NFTs filter shows its count and only its rows; a click on Value sorts as the server does;
 * the header search opens KELP's holders dialog; Close Acct on PBL's row closes its two empty
 * accounts on the chain, and the row's empty count drops to 0.
 */
let server: FleetServer;
let chromium: BrowserHandle;
let page: Page;
let chain: SandboxChain;

const wallets = Array.from({ length: 4 }, () => newTestKeypair());
const [w0, w1, w2, w3] = wallets as [
  (typeof wallets)[number],
  (typeof wallets)[number],
  (typeof wallets)[number],
  (typeof wallets)[number],
];
let moss: SandboxToken;
let kelp: SandboxToken;
let pebble: SandboxToken;
let frog: SandboxMint;
let toad: SandboxMint;
/** PBL's empty accounts, of W0 and W1: what Close Acct closes. */
let emptyPebble: OpenedAccount[] = [];
const revealCalls: string[] = [];

/** A poll's bound for the page or the chain, not a measure. */
const WAIT = { timeout: 20_000 } as const;

beforeAll(async () => {
  [server, chromium] = await Promise.all([startFleetServer(), launchChromium()]);
  const session = await signInAsDemo(server, chromium.browser);
  page = session.page;
  // Tall enough for every row at once (the table is virtualised).
  await page.setViewportSize({ width: 1500, height: 1400 });
  page.on('request', (request) => {
    if (request.url().endsWith('/api/wallets/reveal-keys')) revealCalls.push(request.url());
  });
  chain = { rpcUrl: session.sandboxUrl, marketUrl: sandboxMarketUrl(server) };

  [moss, kelp, pebble] = await Promise.all([
    sandboxToken(chain.marketUrl, 'MOSS'),
    sandboxToken(chain.marketUrl, 'KELP'),
    sandboxToken(chain.marketUrl, 'PBL'),
  ]);
  const issuer = await sandboxIssuer(chain.rpcUrl);
  [frog, toad] = await Promise.all([
    issuer.createMint({ program: 'token', decimals: 0 }),
    issuer.createMint({ program: 'token', decimals: 0 }),
  ]);
  const funder = newTestKeypair();
  const airdrops = await Promise.all(
    [funder, w0, w1, w2].map((wallet) =>
      rpcCall<string>(chain.rpcUrl, 'requestAirdrop', [wallet.address, 200_000_000]),
    ),
  );
  await Promise.all(airdrops.map((signature) => waitUntilConfirmed(chain.rpcUrl, signature)));
  await Promise.all([
    buyWithJupiter(chain, w0, moss.mint, 200_000n),
    buyWithJupiter(chain, w1, kelp.mint, 50_000_000n),
    buyWithJupiter(chain, w2, pebble.mint, 100_000n),
    issuer.give(w2.address, [{ mint: frog, amount: 1n }]),
    issuer.give(w3.address, [
      { mint: frog, amount: 1n },
      { mint: toad, amount: 1n },
    ]),
  ]);
  const pebbleProgram = await mintProgram(chain.rpcUrl, pebble.mint);
  emptyPebble = await openEmptyTokenAccounts(chain.rpcUrl, funder.secretKey, [
    { owner: w0.address, mint: pebble.mint, program: pebbleProgram },
    { owner: w1.address, mint: pebble.mint, program: pebbleProgram },
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

async function aggregated(query = ''): Promise<AggregatedTokensResponse> {
  return aggregatedTokensResponseSchema.parse(await api('GET', `/api/tokens/aggregated${query}`));
}

const table = () => page.getByRole('table', { name: 'Tokens' });
const rows = () => table().locator('[role=row][data-mint]');
const listedMints = () =>
  rows().evaluateAll((elements) =>
    elements
      // Rows are placed by transform: their order on screen is their aria-rowindex.
      .map((row) => [Number(row.getAttribute('aria-rowindex')), row.getAttribute('data-mint')])
      .sort((a, b) => Number(a[0]) - Number(b[0]))
      .map(([, mint]) => String(mint)),
  );
const filterButton = (label: string) =>
  page
    .getByRole('group', { name: 'Token class' })
    .getByRole('button', { name: new RegExp(`^${label}\\s`) });
const row = (mint: string) => table().locator(`[role=row][data-mint="${mint}"]`);

describe('the Tokens Overview in Chromium', () => {
  it('lists the fleet’s mints with the class counts, and the NFTs filter shows only NFTs', async () => {
    const expected = await aggregated();
    expect(expected.counts).toEqual({ all: 5, spl: 3, nft: 2, cnft: 0, other: 0 });

    await page.goto(`${server.url}/tokens`);
    await expect.poll(() => rows().count(), WAIT).toBe(5);
    expect(await filterButton('All').textContent()).toBe('All5');
    expect(await filterButton('SPL').textContent()).toBe('SPL3');
    expect(await filterButton('NFTs').textContent()).toBe('NFTs2');
    expect(await filterButton('cNFTs').textContent()).toBe('cNFTs0');
    expect(await filterButton('All').getAttribute('aria-pressed')).toBe('true');
    // The server's default order: by value, highest first.
    expect(await listedMints()).toEqual(expected.tokens.map((token) => token.id));
    // Balances with each mint's decimals, from the chain's raw amount.
    const kelpToken = expected.tokens.find((token) => token.id === kelp.mint);
    const kelpRaw = await tokenBalance(chain.rpcUrl, w1.address, kelp.mint);
    expect(kelpToken?.balanceTotal).toBe(kelpRaw.toString());
    expect(await row(kelp.mint).getByRole('cell').nth(2).textContent()).toBe(
      formatTokenAmount(kelpRaw.toString(), kelpToken?.decimals ?? 0),
    );
    expect(await row(pebble.mint).locator('[data-empty-accounts]').textContent()).toBe('2');
    await screenshot(page, 'tokens-overview-all');

    await filterButton('NFTs').click();
    await expect.poll(() => rows().count(), WAIT).toBe(2);
    expect(new Set(await listedMints())).toEqual(new Set([frog.mint, toad.mint]));
    expect(await filterButton('NFTs').getAttribute('aria-pressed')).toBe('true');
    expect(new URL(page.url()).searchParams.get('type')).toBe('nft');
    // Frog is held by two wallets, Toad by one.
    expect(await row(frog.mint).getByRole('cell').nth(6).textContent()).toBe('2');
    expect(await row(toad.mint).getByRole('cell').nth(6).textContent()).toBe('1');
    // The counts are over every mint, whichever filter is chosen.
    expect(await filterButton('All').textContent()).toBe('All5');

    await filterButton('All').click();
    await expect.poll(() => rows().count(), WAIT).toBe(5);
  });

  it('sorts by value, as the server does, the unpriced NFTs last', async () => {
    const header = table()
      .getByRole('columnheader')
      .filter({ hasText: /^Value/ });
    expect(await header.getAttribute('aria-sort')).toBe('descending');
    const descending = await listedMints();
    // More SOL bought more dollars of KELP than of MOSS.
    expect(descending.indexOf(kelp.mint)).toBeLessThan(descending.indexOf(moss.mint));
    expect(descending.slice(3).sort()).toEqual([frog.mint, toad.mint].sort());

    await header.getByRole('button').click();
    await expect.poll(() => header.getAttribute('aria-sort'), WAIT).toBe('ascending');
    const ascending = (await aggregated('?sort=value&order=asc')).tokens.map((token) => token.id);
    await expect.poll(listedMints, WAIT).toEqual(ascending);
    expect(ascending.indexOf(moss.mint)).toBeLessThan(ascending.indexOf(kelp.mint));
    expect(ascending.slice(3).sort()).toEqual([frog.mint, toad.mint].sort());
    expect(new URL(page.url()).searchParams.get('order')).toBe('asc');
  });

  it('opens a token’s holders from the header search, and closing the dialog drops the mint from the address bar', async () => {
    const search = page.getByRole('combobox', { name: 'Search wallets and tokens' });
    await search.fill('KELP');
    const option = page
      .getByRole('listbox', { name: 'Search results' })
      .getByRole('group', { name: 'Tokens' })
      .getByRole('option')
      .filter({ hasText: 'Kelp Finance' });
    await option.click();
    await page.waitForURL((url) => url.searchParams.get('mint') === kelp.mint);

    const dialog = page.getByRole('dialog', { name: 'Holders of KELP' });
    const holders = dialog.getByRole('table', { name: 'Holders' });
    const holder = holders.locator(`[data-holder="${w1.address}"]`);
    await holder.waitFor(WAIT);
    expect(await holders.locator('[role=row][aria-rowindex]').count()).toBe(2);
    const kelpToken = (await aggregated()).tokens.find((token) => token.id === kelp.mint);
    const raw = await tokenBalance(chain.rpcUrl, w1.address, kelp.mint);
    const holderRow = holders
      .locator('[role=row]')
      .filter({ has: page.locator(`[data-holder="${w1.address}"]`) });
    const cells = holderRow.getByRole('cell');
    expect(await cells.nth(1).textContent()).toBe(
      formatTokenAmount(raw.toString(), kelpToken?.decimals ?? 0),
    );
    expect(await dialog.getByRole('list', { name: 'Holders by group' }).textContent()).toContain(
      'Imported: 1',
    );
    expect(await cells.nth(3).textContent()).toBe('Imported');
    await screenshot(page, 'tokens-overview-holders');

    // Copy key asks first; cancelled, no key left the server.
    await holderRow.getByRole('button', { name: 'Copy key' }).click();
    const confirm = page.getByRole('dialog', { name: 'Copy private key' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => confirm.count(), WAIT).toBe(0);
    expect(revealCalls).toEqual([]);

    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => dialog.count(), WAIT).toBe(0);
    expect(new URL(page.url()).searchParams.has('mint')).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/tokens');
  });

  it('says so when a mint has no holders in the fleet', async () => {
    const unheld = newTestKeypair().address;
    await page.goto(`${server.url}/tokens?mint=${unheld}`);
    const dialog = page.getByRole('dialog', { name: /^Holders of / });
    await dialog.getByText('No holders found.', { exact: true }).waitFor(WAIT);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count(), WAIT).toBe(0);
    expect(new URL(page.url()).searchParams.has('mint')).toBe(false);
  });

  it('closes a token’s empty accounts from its row: Close Acct, Confirm, gone on chain, the count drops', async () => {
    await expect.poll(() => rows().count(), WAIT).toBe(5);
    const pebbleRow = row(pebble.mint);
    const closeButton = pebbleRow.getByRole('button', { name: 'Close Acct' });
    expect(await pebbleRow.locator('[data-empty-accounts]').textContent()).toBe('2');
    // A mint without empty accounts cannot be closed from its row.
    expect(await row(kelp.mint).getByRole('button', { name: 'Close Acct' }).isDisabled()).toBe(
      true,
    );
    const accounts = emptyPebble.map((account) => account.tokenAccount);
    expect((await accountsLamports(chain.rpcUrl, accounts)).every((lamports) => lamports)).toBe(
      true,
    );

    await closeButton.click();
    const dialog = page.getByRole('dialog', { name: 'Closing Token Accounts' });
    const confirm = dialog.getByRole('button', { name: 'Confirm' });
    await expect.poll(() => confirm.isEnabled(), WAIT).toBe(true);
    const plan = await planFigures(dialog);
    expect(plan.get('Closable accounts')).toBe('2');
    // W2's PBL account holds a balance: it stays open.
    expect(plan.get('Skipped accounts')).toBe('1');
    await screenshot(page, 'tokens-overview-close-plan');
    await confirm.click();
    const done = dialog.getByRole('button', { name: 'Close', exact: true });
    await expect.poll(() => done.isEnabled(), { timeout: 60_000 }).toBe(true);

    expect(await accountsLamports(chain.rpcUrl, accounts)).toEqual([null, null]);
    expect(await tokenBalance(chain.rpcUrl, w2.address, pebble.mint)).toBeGreaterThan(0n);
    await done.click();
    await expect.poll(() => dialog.count(), WAIT).toBe(0);
    await expect
      .poll(() => pebbleRow.locator('[data-empty-accounts]').textContent(), WAIT)
      .toBe('0');
    expect(await closeButton.isDisabled()).toBe(true);
    await screenshot(page, 'tokens-overview-after-close');
  });

  it('runs the GetAssets scan from the Sync menu: every wallet read, the fleet’s tokens listed', async () => {
    await page.getByRole('button', { name: 'Sync' }).click();
    await page.getByRole('menuitem', { name: 'GetAssets Scan' }).click();
    const dialog = page.getByRole('dialog', { name: 'GetAssets Scan' });
    const status = dialog.getByRole('status');
    await expect
      .poll(() => status.textContent(), { timeout: 60_000 })
      .toMatch(/^Scanned \d+ wallet/);
    expect(await status.textContent()).not.toMatch(/failed/);
    const found = dialog.getByRole('table', { name: 'Assets found' });
    // KELP is held by W1 alone; MOSS by W0; the NFT Toad by W3.
    for (const [symbol, holders] of [
      ['KELP', '1'],
      ['MOSS', '1'],
    ] as const) {
      const line = found.getByRole('row').filter({ hasText: symbol });
      expect(await line.getByRole('cell').nth(3).textContent()).toBe(holders);
    }
    expect(await found.getByRole('row').filter({ hasText: 'NFT' }).count()).toBeGreaterThan(0);
    await screenshot(page, 'tokens-overview-getassets');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => dialog.count(), WAIT).toBe(0);
  });
});
