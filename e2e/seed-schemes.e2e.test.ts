import { deriveSolanaAccounts, stretchSeedPhrase } from '@fleet/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, type BrowserHandle } from './support/chromium';
import { startFleetServer, type FleetServer } from './support/fleet-server';

// trustwallet/wallet-core tests/chains/Solana/TWSolanaAddressTests.cpp: this phrase at
// m/44'/501'/0' (Ledger Live's and Solflare's "m/44'/501'/0'" account) is this address.
const PHRASE = 'shoot island position soft burden budget tooth cruel issue economy destroy above';
const FIRST_LEDGER_ADDRESS = '2bUBiBNZyD29gP1oV6de7nxowMLoDBtopMMTGgMvjG5m';
// Phantom's account 0 of the same phrase: what the page showed before schemes existed.
const PHANTOM_0 = deriveSolanaAccounts(stretchSeedPhrase(PHRASE), { count: 1 })[0]?.publicKey;
const ledger = (start: number, count: number) =>
  deriveSolanaAccounts(stretchSeedPhrase(PHRASE), { scheme: 'bip44', start, count }).map(
    (account) => account.publicKey,
  );

let server: FleetServer;
let chromium: BrowserHandle;
let browser: Browser;
let page: Page;
let sandboxUrl: string;
let demoPassword: string;

beforeAll(async () => {
  [server, chromium] = await Promise.all([startFleetServer(), launchChromium()]);
  browser = chromium.browser;
  sandboxUrl = /Local Solana sandbox: (\S+)/.exec(server.output())?.[1] ?? '';
  demoPassword = /with password (\S+)/.exec(server.output())?.[1] ?? '';
  if (!sandboxUrl || !demoPassword) throw new Error(`unexpected start output:\n${server.output()}`);
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(30_000);
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
  const body = (await response.json()) as { result: T };
  return body.result;
}

async function fund(address: string, lamports: number): Promise<void> {
  await rpc('requestAirdrop', [address, lamports]);
  await expect
    .poll(
      async () =>
        (await rpc<{ value: number }>('getBalance', [address, { commitment: 'confirmed' }])).value,
    )
    .toBe(lamports);
}

const table = () => page.getByRole('table');

describe('seed phrases as operators hold them, in Chromium', () => {
  it('derives Ledger/Solflare accounts, pages past 100, starts anywhere, discovers the used ones and imports the chosen into a vault that records its scheme', async () => {
    // Accounts 0, 1 and 4 of the Ledger scheme hold SOL: a gap of two, then three empty.
    const [a0, a1, a2, , a4] = ledger(0, 5);
    if (!a0 || !a1 || !a2 || !a4) throw new Error('no accounts');
    expect(a0).toBe(FIRST_LEDGER_ADDRESS);
    await Promise.all([fund(a0, 1_000_000_000), fund(a1, 2_000_000_000), fund(a4, 3_000_000_000)]);

    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').fill('demo@fleet.local');
    await page.getByLabel('Password').fill(demoPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('tab', { name: 'Seed Phrase' }).click();
    await page.getByLabel('Seed phrase', { exact: true }).fill(PHRASE);

    // Out of range: the page says so and derives nothing, instead of quietly deriving 100.
    await page.getByLabel('Accounts to derive').fill('101');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect
      .poll(() =>
        page.getByText('Accounts to derive must be a whole number from 1 to 100.').count(),
      )
      .toBe(1);
    expect(await page.getByLabel('Accounts to derive').inputValue()).toBe('101');
    expect(await table().count()).toBe(0);

    // The Ledger/Solflare scheme: the published address at m/44'/501'/0', not Phantom's.
    await page.getByLabel('Derivation scheme').selectOption('bip44');
    await page.getByLabel('Accounts to derive').fill('100');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => table().textContent()).toContain(FIRST_LEDGER_ADDRESS);
    const firstPage = (await table().textContent()) ?? '';
    expect(firstPage).toContain("m/44'/501'/0'");
    expect(firstPage).not.toContain("m/44'/501'/0'/0'");
    expect(firstPage).not.toContain(PHANTOM_0);
    expect(firstPage).toContain(ledger(99, 1)[0]);

    // The next page: accounts 100 to 199.
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect.poll(() => page.getByText('Accounts 100 to 199').count()).toBe(1);
    const secondPage = (await table().textContent()) ?? '';
    expect(secondPage).toContain("m/44'/501'/100'");
    expect(secondPage).toContain(ledger(100, 1)[0]);
    expect(secondPage).toContain(ledger(199, 1)[0]);
    expect(secondPage).not.toContain(FIRST_LEDGER_ADDRESS);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect.poll(() => page.getByText('Accounts 0 to 99').count()).toBe(1);

    // A start index: accounts 1000 to 1002.
    await page.getByRole('button', { name: 'Back to seed phrase' }).click();
    await page.getByLabel('Accounts to derive').fill('3');
    await page.getByLabel('Start index').fill('1000');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => page.getByText('Accounts 1000 to 1002').count()).toBe(1);
    const started = (await table().textContent()) ?? '';
    for (const address of ledger(1000, 3)) expect(started).toContain(address);
    expect(started).toContain("m/44'/501'/1002'");

    // Discover from 0, stopping after 3 empty accounts in a row: 8 derived, 3 used.
    await page.getByRole('button', { name: 'Back to seed phrase' }).click();
    await page.getByLabel('Start index').fill('0');
    await page.getByLabel('Stop after empty accounts').fill('3');
    await page.getByLabel('Seed group label (optional)').fill('Ledger seed');
    await page.getByRole('button', { name: 'Discover used accounts' }).click();
    await expect
      .poll(() => page.getByText(/Discovery found 3 used account\(s\) in 8 derived/).count())
      .toBe(1);
    expect(await page.getByText(/stopped after 3 empty account\(s\) in a row/).count()).toBe(1);
    const discovered = (await table().textContent()) ?? '';
    for (const address of ledger(0, 8)) expect(discovered).toContain(address);
    expect(discovered).not.toContain(ledger(8, 1)[0]);
    for (const address of [a0, a1, a4]) {
      expect(await page.getByLabel(`Select ${address}`).isChecked()).toBe(true);
    }
    expect(await page.getByLabel(`Select ${a2}`).isChecked()).toBe(false);

    // Choose one empty account as well, scan the four and import them.
    await page.getByLabel(`Select ${a2}`).check();
    await page.getByRole('button', { name: 'Scan assets' }).click();
    await expect
      .poll(() => page.locator('[data-scan-status]').getAttribute('data-scan-status'))
      .toBe('success');
    expect(await table().textContent()).toContain('3.0000');
    await page.getByRole('button', { name: /^Import 4 account/ }).click();
    await expect.poll(() => page.getByText('Import finished.').count()).toBe(1);
    expect(((await page.textContent('main')) ?? '').replace(/\s+/g, ' ')).toMatch(/created\s*4/i);

    const groups = (await (await page.request.get(`${server.url}/api/seed-groups`)).json()) as {
      groups: { label: string | null; derivationScheme: string; walletCount: number }[];
    };
    expect(groups.groups).toEqual([
      expect.objectContaining({ label: 'Ledger seed', derivationScheme: 'bip44', walletCount: 4 }),
    ]);

    // The seed vault list names the scheme.
    await page.goto(`${server.url}/wallets`);
    await page.getByRole('tab', { name: 'Seeds' }).click();
    const vault = page.locator('[data-scheme="bip44"]');
    await expect.poll(() => vault.textContent()).toContain("m/44'/501'/{i}'");
  });
});
