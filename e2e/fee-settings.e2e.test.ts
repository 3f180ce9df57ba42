import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot, type BrowserHandle } from './support/chromium';
import { startFleetServer, type FleetServer } from './support/fleet-server';

let server: FleetServer;
let chromium: BrowserHandle;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  [server, chromium] = await Promise.all([startFleetServer(), launchChromium()]);
  browser = chromium.browser;
  const password = /with password (\S+)/.exec(server.output())?.[1] ?? '';
  if (!password) throw new Error(`unexpected start output:\n${server.output()}`);
  page = await browser.newPage({ viewport: { width: 1300, height: 850 } });
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

const prices = async () => (await page.locator('dl').innerText()).replace(/\s+/g, ' ').trim();

describe('the Transaction fees panel in Chromium', () => {
  it('refuses a bad cap inline, saves one with a toast, keeps it over a reload and removes it', async () => {
    await page.goto(`${server.url}/settings`);
    await page
      .getByRole('navigation', { name: 'Control Centre' })
      .getByText('Transaction fees')
      .click();
    await page.waitForURL(/section=fees/);
    const field = page.getByLabel('Maximum unit price');
    const save = page.getByRole('button', { name: 'Save' });
    await field.waitFor();
    // The page is uppercased; the prices' unit keeps its case (µ would become a capital mu).
    expect(await prices()).toBe(
      'SERVER PRICE 5,000 µlamports/CU YOUR CAP NO CAP OPERATIONS BID 5,000 µlamports/CU',
    );
    expect(await save.isDisabled()).toBe(true);

    await field.fill('1000001');
    expect(await page.getByRole('alert').innerText()).toBe(
      'THE FEE CAP MUST BE AT MOST 1,000,000 MICRO-LAMPORTS PER COMPUTE UNIT',
    );
    expect(await save.isDisabled()).toBe(true);
    await field.fill('2,500');
    expect(await page.getByRole('alert').innerText()).toContain('MUST BE A WHOLE NUMBER');

    await field.fill('2500');
    await save.click();
    await page.getByText('Fee cap saved', { exact: true }).waitFor();
    await expect.poll(prices).toContain('YOUR CAP 2,500 µlamports/CU');
    expect(await prices()).toContain('OPERATIONS BID 2,500 µlamports/CU');
    await screenshot(page, 'fee-settings');

    await page.reload();
    await field.waitFor();
    await expect.poll(() => field.inputValue()).toBe('2500');

    await page.getByRole('button', { name: 'Remove cap' }).click();
    await page.getByText('Fee cap removed', { exact: true }).waitFor();
    await expect.poll(prices).toContain('YOUR CAP NO CAP');
    expect(await field.inputValue()).toBe('');
  });
});
