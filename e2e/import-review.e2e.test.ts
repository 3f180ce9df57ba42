import { readSlimWalletList } from '@fleet/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestKeypair } from '../apps/server/src/testing/keypairs';
import { launchChromium, screenshot, type BrowserHandle } from './support/chromium';
import { startFleetServer, type FleetServer } from './support/fleet-server';

// Issue 15, "An operator's first day": no pasted line is dropped without a word, the review shows
// the batch's SOL and sorts and filters, and the paste survives a tab switch and another page.

let server: FleetServer;
let chromium: BrowserHandle;
let page: Page;
let sandboxUrl: string;
let demoPassword: string;

beforeAll(async () => {
  [server, chromium] = await Promise.all([startFleetServer(), launchChromium()]);
  sandboxUrl = /Local Solana sandbox: (\S+)/.exec(server.output())?.[1] ?? '';
  demoPassword = /with password (\S+)/.exec(server.output())?.[1] ?? '';
  if (!sandboxUrl || !demoPassword) throw new Error(`unexpected start output:\n${server.output()}`);
  page = await chromium.browser.newPage({ viewport: { width: 1280, height: 1000 } });
  page.setDefaultTimeout(20_000);
});
afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

async function airdrop(address: string, lamports: number): Promise<void> {
  const call = async (method: string, params: unknown[]) => {
    const response = await fetch(sandboxUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    return ((await response.json()) as { result: unknown }).result;
  };
  await call('requestAirdrop', [address, lamports]);
  await expect
    .poll(
      async () =>
        ((await call('getBalance', [address, { commitment: 'confirmed' }])) as { value: number })
          .value,
    )
    .toBe(lamports);
}

/** The review table's rows in the order shown, as their line numbers. */
async function shownLines(): Promise<string[]> {
  const rows = page.getByRole('table', { name: 'Review wallets' }).getByRole('row');
  const texts = await rows.evaluateAll((elements) =>
    elements
      .slice(1)
      .map((element) => element.querySelector('[role=cell]:nth-child(2)')?.textContent ?? ''),
  );
  return texts;
}

describe('the private-key review in Chromium', () => {
  it('lists every line it will not import with its reason, totals the SOL, sorts and filters, and keeps the paste until cleared', async () => {
    const [rich, modest, active, archived, stranger] = [
      newTestKeypair(),
      newTestKeypair(),
      newTestKeypair(),
      newTestKeypair(),
      newTestKeypair(),
    ];
    await airdrop(rich.address, 1_500_000_000);
    await airdrop(modest.address, 250_000_000);

    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').fill('demo@fleet.local');
    await page.getByLabel('Password').fill(demoPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}/`);

    // One wallet already in the fleet, one in its archive.
    const imported = await page.request.post(`${server.url}/api/wallet`, {
      data: { privateKeys: [active.privateKey, archived.privateKey] },
    });
    expect(imported.status()).toBe(200);
    const slim = readSlimWalletList(
      await (await page.request.get(`${server.url}/api/wallets?mode=slim`)).json(),
    );
    const archivedId = slim.wallets.find((wallet) => wallet.address === archived.address)?.id;
    const archiving = await page.request.delete(`${server.url}/api/archived-wallets`, {
      data: { walletIds: [archivedId], permanent: false },
    });
    expect(archiving.status()).toBe(200);

    const paste = [
      rich.privateKey,
      'my wallets from the old tool',
      stranger.address,
      '[1,2,3]',
      '1'.repeat(88),
      rich.privateKey,
      active.privateKey,
      archived.privateKey,
      '',
      modest.privateKey,
    ].join('\n');
    await page.getByLabel(/Private keys/).fill(paste);
    await page.getByRole('button', { name: 'Validate' }).click();

    const review = page.getByRole('region', { name: 'Review wallets' });
    await expect.poll(() => review.textContent()).toContain('2 new, 1 duplicate, 1 archived');
    const notImported = page.getByRole('list', { name: 'Lines not imported' });
    const reasons = () =>
      notImported
        .getByRole('listitem')
        .evaluateAll((items) =>
          items.map((item) => item.textContent ?? '').filter((text) => text !== ''),
        );
    expect(await reasons()).toEqual([
      'Line 2: Unsupported private key format',
      'Line 3: this is a public address, not a private key',
      'Line 4: Invalid private key length',
      'Line 5: Unsupported private key format',
      'Line 6: repeated (the same key as line 1)',
      'Line 7: duplicate (already in the fleet)',
      'Line 8: archived (already in the fleet, in its archive)',
    ]);
    expect(await shownLines()).toEqual(['1', '7', '8', '10']);

    // The batch's SOL comes from the scan preview.
    const total = page.locator('[data-batch-total]');
    expect(await total.textContent()).toBe('Total SOL: scan to see it');
    await page.getByRole('button', { name: 'Scan assets' }).click();
    await expect
      .poll(() => page.locator('[data-scan-status]').getAttribute('data-scan-status'))
      .toBe('success');
    expect(await total.textContent()).toBe('Total 1.7500 SOL in 2 scanned wallet(s)');

    // Sorting and filtering by balance and status.
    await page.getByLabel('Sort by').selectOption('balance-desc');
    expect(await shownLines()).toEqual(['1', '10', '7', '8']);
    await page.getByLabel('Sort by').selectOption('balance-asc');
    expect(await shownLines()).toEqual(['10', '1', '7', '8']);
    await page.getByLabel('Sort by').selectOption('status');
    expect(await shownLines()).toEqual(['1', '10', '7', '8']);
    await page.getByLabel('Status', { exact: true }).selectOption('archived');
    expect(await shownLines()).toEqual(['8']);
    await page.getByLabel('Status', { exact: true }).selectOption('all');
    await page.getByLabel('Balance', { exact: true }).selectOption('unscanned');
    expect(await shownLines()).toEqual(['7', '8']);
    await page.getByLabel('Balance', { exact: true }).selectOption('funded');
    expect(await shownLines()).toEqual(['1', '10']);
    await screenshot(page, 'import-review-lines');

    // The review, its scan and its view survive the Seed Phrase tab and the wallets page.
    await page.getByRole('tab', { name: 'Seed Phrase' }).click();
    await expect.poll(() => page.getByLabel('Seed phrase', { exact: true }).count()).toBe(1);
    await page.getByRole('tab', { name: 'Private Keys' }).click();
    await expect.poll(() => total.textContent()).toBe('Total 1.7500 SOL in 2 scanned wallet(s)');
    expect(await shownLines()).toEqual(['1', '10']);

    await page.getByRole('link', { name: 'Wallets', exact: true }).click();
    await page.waitForURL(`${server.url}/wallets`);
    // Kept in page memory only: no key rests in the origin's storage.
    const stored = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
    );
    for (const key of [rich, modest, active, archived])
      expect(stored).not.toContain(key.privateKey);
    await page.getByRole('link', { name: 'Import', exact: true }).click();
    await page.waitForURL(`${server.url}/`);
    await expect.poll(() => total.textContent()).toBe('Total 1.7500 SOL in 2 scanned wallet(s)');
    expect(await reasons()).toHaveLength(7);

    // Back to the paste: the text is all there; Clear empties it, for good.
    await page.getByRole('button', { name: 'Back to keys' }).click();
    const textarea = page.getByLabel(/Private keys/);
    expect(await textarea.inputValue()).toBe(paste);
    await page.getByRole('button', { name: 'Clear' }).click();
    expect(await textarea.inputValue()).toBe('');
    await page.getByRole('link', { name: 'Wallets', exact: true }).click();
    await page.waitForURL(`${server.url}/wallets`);
    await page.getByRole('link', { name: 'Import', exact: true }).click();
    await page.waitForURL(`${server.url}/`);
    expect(await page.getByLabel(/Private keys/).inputValue()).toBe('');

    // A paste with no key at all: the server refuses it, and the page still names every line,
    // read by a worker (a paste of damaged keys costs an ed25519 derivation each).
    await page.getByLabel(/Private keys/).fill(`just notes\n${stranger.address}\n[1,2,3]`);
    await page.getByRole('button', { name: 'Validate' }).click();
    const unread = page.getByRole('list', { name: 'Lines could not be read' });
    await expect
      .poll(() =>
        unread
          .getByRole('listitem')
          .evaluateAll((items) =>
            items.map((item) => item.textContent ?? '').filter((text) => text !== ''),
          ),
      )
      .toEqual([
        'Line 1: Unsupported private key format',
        'Line 2: this is a public address, not a private key',
        'Line 3: Invalid private key length',
      ]);
    expect(await page.getByText('No private keys detected in the input.').count()).toBe(1);
    const workerScripts = await page.evaluate(
      () =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.includes('key-problems.worker')).length,
    );
    expect(workerScripts).toBeGreaterThan(0);
  });
});
