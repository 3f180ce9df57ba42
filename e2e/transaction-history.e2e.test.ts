import {
  executePlanResponseSchema,
  jobViewSchema,
  readSlimWalletList,
  solPlanSchema,
  transactionHistoryPageSchema,
  type JobView,
} from '@fleet/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, type BrowserHandle } from './support/chromium';
import { startFleetServer, type FleetServer } from './support/fleet-server';

/**
 * Issue 19: a SOL distribution to 25 wallets through the API (two legacy transactions of at most
 * 20 transfers), then the bottom bar's Transactions dialog lists its transactions under Ops, each
 * confirmed with its signature linking to the explorer, and nothing under Trades.
 */
let server: FleetServer;
let chromium: BrowserHandle;
let page: Page;

const RECIPIENTS = 25;

beforeAll(async () => {
  [server, chromium] = await Promise.all([startFleetServer(), launchChromium()]);
  const password = /with password (\S+)/.exec(server.output())?.[1] ?? '';
  if (!password) throw new Error(`unexpected start output:\n${server.output()}`);
  page = await chromium.browser.newPage({ viewport: { width: 1400, height: 1000 } });
  page.setDefaultTimeout(20_000);
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill('demo@fleet.local');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${server.url}/`);
});
afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

async function api(method: 'GET' | 'POST', path: string, data?: object): Promise<unknown> {
  const response =
    method === 'GET'
      ? await page.request.get(`${server.url}${path}`)
      : await page.request.post(`${server.url}${path}`, { data: data ?? {} });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return response.json();
}

async function finishedJob(jobId: string): Promise<JobView> {
  for (;;) {
    const job = jobViewSchema.parse(await api('GET', `/api/jobs/${jobId}`));
    if (job.status !== 'queued' && job.status !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('transaction history', () => {
  it('lists a distribution’s transactions under Ops with their signatures', async () => {
    await api('POST', '/api/create-wallet', { count: RECIPIENTS, is_trader: false });
    const wallets = readSlimWalletList(await api('GET', '/api/wallets?mode=slim')).wallets;
    const plan = solPlanSchema.parse(
      await api('POST', '/api/sol/distribute/plan', {
        recipients: wallets.map((wallet) => ({ walletId: wallet.id, amountSol: '0.001' })),
        lookupTable: 'never',
      }),
    );
    const started = executePlanResponseSchema.parse(
      await api('POST', '/api/sol/distribute', { planId: plan.planId }),
    );
    expect((await finishedJob(started.jobId)).status).toBe('succeeded');

    const history = transactionHistoryPageSchema.parse(
      await api('GET', '/api/transactions?filter=ops'),
    );
    const sent = history.transactions.filter(
      (record) => record.operationId === started.operationId,
    );
    expect(sent).toHaveLength(2);
    expect(sent.map((record) => record.walletCount).sort()).toEqual([20, 5]);
    expect(sent.every((record) => record.status === 'confirmed' && record.txId !== null)).toBe(
      true,
    );

    await page.getByRole('button', { name: 'Transactions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Transaction history' });
    await dialog.getByText('Ops', { exact: true }).click();
    const table = dialog.getByRole('table', { name: 'Transactions' });
    for (const record of sent) {
      const signature = `a[title="${record.txId ?? ''}"]`;
      const link = table.locator(signature);
      await expect.poll(() => link.count()).toBe(1);
      expect(await link.getAttribute('href')).toContain(record.txId ?? '');
      // The inner locator of `has` is matched inside each row, so it starts from the page.
      const row = table.locator('tr', { has: page.locator(signature) });
      expect(await row.textContent()).toContain('Confirmed');
      expect(await row.textContent()).toContain(record.walletCount === 20 ? '0.02' : '0.005');
    }
    await dialog.getByText('Trades', { exact: true }).click();
    await expect.poll(() => dialog.getByText('No trades yet.').count()).toBe(1);
    expect(await dialog.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/transactions.csv?filter=trades',
    );
  });
});
