import { readSlimWalletList } from '@fleet/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestKeypair } from '../apps/server/src/testing/keypairs';
import { launchChromium, screenshot, type BrowserHandle } from './support/chromium';
import { startFleetServer, type FleetServer } from './support/fleet-server';

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
  page.setDefaultTimeout(20_000);
});
afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

async function totalHits(): Promise<number> {
  const response = await page.request.get(`${server.url}/api/scan/details`);
  const body = (await response.json()) as { pool: { endpointHits: Record<string, number> } };
  return Object.values(body.pool.endpointHits).reduce((sum, hits) => sum + hits, 0);
}

async function rpc<T>(method: string, params: unknown[]): Promise<T> {
  const response = await fetch(sandboxUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result: T };
  return body.result;
}

describe('importing wallets in Chromium', () => {
  it('validates pasted keys, scans their balances on the chain, imports them and then knows them', async () => {
    const keys = [newTestKeypair(), newTestKeypair(), newTestKeypair()];
    const funded = keys[0];
    if (!funded) throw new Error('no keypair');
    await rpc('requestAirdrop', [funded.address, 2_000_000_000]);
    await expect
      .poll(
        async () =>
          (
            await rpc<{ value: number }>('getBalance', [
              funded.address,
              { commitment: 'confirmed' },
            ])
          ).value,
      )
      .toBe(2_000_000_000);

    await page.goto(`${server.url}/login`);
    await page.getByLabel('Email').fill('demo@fleet.local');
    await page.getByLabel('Password').fill(demoPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}/`);

    await page
      .getByLabel(/Private keys/)
      .fill(`${keys.map((key) => key.privateKey).join('\n')}\n${keys[1]?.privateKey ?? ''}`);
    await page.getByRole('button', { name: 'Validate' }).click();
    const review = page.getByRole('region', { name: 'Review wallets' });
    await expect.poll(() => review.textContent()).toContain('3 new');
    expect(await review.textContent()).toContain('1 repeated key(s) removed');

    await page.getByRole('button', { name: 'Scan assets' }).click();
    await expect
      .poll(() => page.locator('[data-scan-status]').getAttribute('data-scan-status'))
      .toBe('success');
    expect(await page.getByRole('table').textContent()).toContain('2.0000');
    await screenshot(page, 'import-scanned');

    // Scan Details shows the pool's real counts, and they move with the next scan.
    await page.getByRole('button', { name: 'Scan Details' }).click();
    const details = page.getByRole('dialog', { name: 'Scan Details' });
    await expect.poll(() => details.textContent()).toContain('getMultipleAccounts');
    const hitsBefore = await totalHits();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Scan assets' }).click();
    await expect
      .poll(() => page.locator('[data-scan-status]').getAttribute('data-scan-status'))
      .toBe('success');
    expect(await totalHits()).toBeGreaterThan(hitsBefore);

    await page
      .getByRole('button', { name: /^Import/ })
      .last()
      .click();
    await expect
      .poll(() => page.getByRole('heading', { level: 2 }).first().textContent())
      .toMatch(/import/i);
    await screenshot(page, 'import-finished');

    // Archive one of them, then paste all three again with a new key: one new, one Duplicate,
    // one Archived, and only the new one can be selected and imported.
    const slim = readSlimWalletList(
      await (await page.request.get(`${server.url}/api/wallets?mode=slim`)).json(),
    );
    const toArchive = slim.wallets.find((wallet) => wallet.address === keys[2]?.address);
    expect(toArchive).toBeDefined();
    const archived = await page.request.delete(`${server.url}/api/archived-wallets`, {
      data: { walletIds: [toArchive?.id], permanent: false },
    });
    expect(archived.status()).toBe(200);
    const newcomer = newTestKeypair();
    await page.goto(`${server.url}/`);
    await page
      .getByLabel(/Private keys/)
      .fill([newcomer, keys[1], keys[2]].map((key) => key?.privateKey ?? '').join('\n'));
    await page.getByRole('button', { name: 'Validate' }).click();
    await expect.poll(() => review.textContent()).toContain('1 new');
    const reviewTable = page.getByRole('table');
    await expect.poll(() => reviewTable.textContent()).toContain('Archived');
    expect(await reviewTable.textContent()).toContain('Duplicate');
    expect(await page.getByLabel(`Select ${keys[2]?.address ?? ''}`).count()).toBe(0);
    await page.getByRole('button', { name: 'Scan assets' }).click();
    await expect
      .poll(() => page.locator('[data-scan-status]').getAttribute('data-scan-status'))
      .toBe('success');
    await page
      .getByRole('button', { name: /^Import/ })
      .last()
      .click();
    await expect
      .poll(async () => {
        const after = readSlimWalletList(
          await (await page.request.get(`${server.url}/api/wallets?mode=slim`)).json(),
        );
        return after.wallets.map((wallet) => wallet.address).sort();
      })
      .toEqual([keys[0]?.address, keys[1]?.address, newcomer.address].sort());

    const again = await page.request.post(`${server.url}/api/wallet/validate-only`, {
      data: { privateKeys: keys.map((key) => key.privateKey).join('\n') },
    });
    const validation = (await again.json()) as { duplicateActiveAddresses: string[] };
    expect([...validation.duplicateActiveAddresses].sort()).toEqual(
      [keys[0]?.address, keys[1]?.address].sort(),
    );
  });
  it('derives accounts from a seed phrase in the browser, scans and imports them, and links them on a second import', async () => {
    // The Solana cookbook's "restore from mnemonic" phrase and its first addresses on m/44'/501'/i'/0'.
    const phrase = 'neither lonely flavor argue grass remind eye tag avocado spot unusual intact';
    const first = [
      '5vftMkHL72JaJG6ExQfGAsT2uGVHpRR7oTNUPMs68Y2N',
      'GcXbfQ5yY3uxCyBNDPBbR5FjumHf89E7YHXuULfGDBBv',
    ];
    await rpc('requestAirdrop', [first[0], 1_500_000_000]);
    await expect
      .poll(
        async () =>
          (await rpc<{ value: number }>('getBalance', [first[0], { commitment: 'confirmed' }]))
            .value,
      )
      .toBe(1_500_000_000);

    const importSeed = async (): Promise<string> => {
      await page.goto(`${server.url}/`);
      await page.getByRole('tab', { name: 'Seed Phrase' }).click();
      await page.getByLabel('Seed phrase', { exact: true }).fill(phrase);
      await page.getByLabel('Accounts to derive').fill('3');
      await page.getByLabel('Seed group label (optional)').fill('Cookbook');
      await page.getByRole('button', { name: 'Preview' }).click();
      const table = page.getByRole('table');
      await expect.poll(() => table.textContent()).toContain('m/44');
      await page.getByRole('button', { name: 'Scan assets' }).click();
      await expect
        .poll(() => page.locator('[data-scan-status]').getAttribute('data-scan-status'))
        .toBe('success');
      const derived = (await table.textContent()) ?? '';
      await page.getByRole('button', { name: /^Import 3 account/ }).click();
      await expect.poll(() => page.getByText('Import finished.').count()).toBe(1);
      return derived;
    };
    const counts = async () => ((await page.textContent('main')) ?? '').replace(/\s+/g, ' ');

    const derived = await importSeed();
    expect(derived).toContain('1.5000');
    for (const address of first) expect(derived).toContain(address.slice(0, 6));
    expect(await counts()).toMatch(/created\s*3/i);
    await screenshot(page, 'seed-imported');

    await importSeed();
    expect(await counts()).toMatch(/linked\s*3/i);
    const groups = await page.request.get(`${server.url}/api/seed-groups`);
    const listed = (await groups.json()) as {
      groups: { label: string | null; walletCount: number }[];
    };
    expect(listed.groups).toEqual([expect.objectContaining({ label: 'Cookbook', walletCount: 3 })]);
  });
});
