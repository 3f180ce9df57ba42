import { aggregatedTokensResponseSchema, type AggregatedTokensResponse } from '@fleet/core';
import type { FaultProfile, Localnet } from '@fleet/localnet';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestKeypair } from '../apps/server/src/testing/keypairs';
import { screenshot } from './support/chromium';
import type { FleetServer } from './support/fleet-server';
import { startOnOwnLocalnet, type OwnLocalnetSession } from './support/own-localnet';
import { openJob } from './support/open-job';
import { pageApi } from './support/page-api';

/**
 * Issue 20, compressed NFTs end to end (Chromium), on a localnet of this test's own: a compressed
 * NFT owns no token account, so only the GetAssets scan (the digital-asset API's
 * `getAssetsByOwner`) finds it. Three leaves are put in the localnet's asset index (two for W0,
 * one for W1) and one more for a wallet outside the fleet. The scan, started from the Sync menu,
 * lists the fleet's three as cNFTs; the Tokens Overview then counts them under cNFTs, the filter
 * shows only them, and a leaf's holders dialog (`/tokens?mint=`, where the header search lands)
 * names its one holder.
 */
let localnet: Localnet;
let server: FleetServer;
let session: OwnLocalnetSession | undefined;
let page: Page;
let wallets: { id: string; address: string }[] = [];
const leaves = Array.from({ length: 4 }, () => newTestKeypair().address);
const [leafA, leafB, leafC, stranger] = leaves as [string, string, string, string];
const WAIT = { timeout: 30_000 } as const;
const HUNG: FaultProfile = { outage: 'hang' };

const leaf = (id: string, owner: string, index: number) => ({
  id,
  owner,
  name: `Reef Shell #${index}`,
  symbol: 'SHELL',
  image: `https://img.example/${id}.png`,
  metadataUri: `https://meta.example/${id}.json`,
  tree: 'reef-tree',
  leafIndex: index,
  collection: null,
});

beforeAll(async () => {
  session = await startOnOwnLocalnet({ width: 1400, height: 1400 });
  ({ localnet, server, page } = session);
  wallets = (
    await api<{ wallets: { id: string; address: string }[] }>('POST', '/api/create-wallet', {
      count: 3,
    })
  ).wallets;
  const [w0, w1] = wallets;
  if (!w0 || !w1) throw new Error('the wallets were not made');
  localnet.admin.addCompressedNft(leaf(leafA, w0.address, 0));
  localnet.admin.addCompressedNft(leaf(leafB, w0.address, 1));
  localnet.admin.addCompressedNft(leaf(leafC, w1.address, 2));
  localnet.admin.addCompressedNft(leaf(stranger, newTestKeypair().address, 3));
}, 120_000);
afterAll(async () => {
  await session?.close();
});

const api = <T = unknown>(method: 'GET' | 'POST', path: string, data?: object) =>
  pageApi<T>(page, server.url, method, path, data);

async function aggregated(): Promise<AggregatedTokensResponse> {
  return aggregatedTokensResponseSchema.parse(await api('GET', '/api/tokens/aggregated'));
}

const table = () => page.getByRole('table', { name: 'Tokens' });
const listed = () =>
  table()
    .locator('[role=row][data-mint]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-mint') ?? '').sort());
const filterButton = (label: string) =>
  page
    .getByRole('group', { name: 'Token class' })
    .getByRole('button', { name: new RegExp(`^${label}\\s`) });

describe('compressed NFTs in the Tokens Overview', () => {
  it('are found by the GetAssets scan from the Sync menu and listed as cNFTs', async () => {
    await page.goto(`${server.url}/tokens`);
    await expect.poll(() => filterButton('cNFTs').textContent(), WAIT).toBe('cNFTs0');

    await page.getByRole('button', { name: 'Sync' }).click();
    await page.getByRole('menuitem', { name: 'GetAssets Scan' }).click();
    const dialog = page.getByRole('dialog', { name: 'GetAssets Scan' });
    const status = dialog.getByRole('status');
    await expect.poll(() => status.textContent(), WAIT).toMatch(/^Scanned 3 wallet/);
    const found = dialog.getByRole('table', { name: 'Assets found' });
    expect(await found.getByRole('row').filter({ hasText: 'SHELL' }).count()).toBe(3);
    await screenshot(page, 'compressed-nfts-getassets');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => dialog.count(), WAIT).toBe(0);

    // The scan's end re-reads the lists: no reload, no Refresh.
    await expect.poll(() => filterButton('cNFTs').textContent(), WAIT).toBe('cNFTs3');
    const answer = await aggregated();
    expect(answer.counts.cnft).toBe(3);
    expect(
      answer.tokens
        .filter((t) => t.type === 'cnft')
        .map((t) => t.id)
        .sort(),
    ).toEqual([leafA, leafB, leafC].sort());
    await filterButton('cNFTs').click();
    await expect.poll(listed, WAIT).toEqual([leafA, leafB, leafC].sort());
    expect(await listed()).not.toContain(stranger);
    await screenshot(page, 'compressed-nfts-filter');
  });

  it('open a leaf’s holders from the address bar: its one holder, no token account', async () => {
    const [w0] = wallets;
    await page.goto(`${server.url}/tokens?mint=${leafB}`);
    const dialog = page.getByRole('dialog', { name: 'Holders of SHELL' });
    const holders = dialog.getByRole('table', { name: 'Holders' });
    await holders.locator(`[data-holder="${w0?.address ?? ''}"]`).waitFor(WAIT);
    expect(await holders.locator('[data-holder]').count()).toBe(1);
    const cells = holders
      .locator('[role=row]')
      .filter({ has: page.locator(`[data-holder="${w0?.address ?? ''}"]`) })
      .getByRole('cell');
    expect(await cells.nth(1).textContent()).toBe('1');
    await screenshot(page, 'compressed-nfts-holders');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count(), WAIT).toBe(0);
  });

  it('keep a GetAssets scan closed while it runs in the bottom bar; reopened, it is cancelled', async () => {
    await page.goto(`${server.url}/tokens`);
    await expect.poll(() => filterButton('cNFTs').textContent(), WAIT).toBe('cNFTs3');
    // A chain that holds its answers back: the scan stays in its first batch.
    localnet.admin.setProfile('default', HUNG);
    try {
      await page.getByRole('button', { name: 'Sync' }).click();
      await page.getByRole('menuitem', { name: 'GetAssets Scan' }).click();
      const dialog = page.getByRole('dialog', { name: 'GetAssets Scan' });
      await expect.poll(() => openJob(page), WAIT).not.toBeNull();
      const jobId = (await openJob(page))?.jobId ?? '';

      // Closed, the scan goes on out of sight; the bottom bar brings its dialog back.
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await expect.poll(() => dialog.count(), WAIT).toBe(0);
      expect(await openJob(page)).toEqual({ jobId, visible: false });
      const job = await api<{ status: string }>('GET', `/api/jobs/${jobId}`);
      expect(job.status).toBe('running');
      await page
        .getByRole('group', { name: 'Running operations' })
        .getByRole('button', { name: /^Scan getassets/ })
        .click();
      await dialog.waitFor(WAIT);
      expect(await dialog.getByText('The scan kept open', { exact: false }).count()).toBe(1);

      await dialog.getByRole('button', { name: 'Cancel scan' }).click();
      await dialog
        .getByText(
          'The scan was cancelled; the wallets scanned before it stopped keep what was written.',
          { exact: true },
        )
        .waitFor(WAIT);
      await screenshot(page, 'compressed-nfts-getassets-cancelled');
      expect(await api<{ status: string }>('GET', `/api/jobs/${jobId}`)).toMatchObject({
        status: 'cancelled',
      });
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await expect.poll(() => dialog.count(), WAIT).toBe(0);
      // Its end seen, the scan is let go.
      expect(await openJob(page)).toBeNull();
    } finally {
      localnet.admin.setProfile('default', {});
    }
    // The leaves stored by the first scan are still listed.
    expect((await aggregated()).counts.cnft).toBe(3);
  });
});
