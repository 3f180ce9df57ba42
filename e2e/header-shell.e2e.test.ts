import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchChromium, screenshot, type BrowserHandle } from './support/chromium';
import { startFleetServer, type FleetServer } from './support/fleet-server';

let server: FleetServer;
let chromium: BrowserHandle;
let browser: Browser;
let page: Page;
let demoPassword: string;

beforeAll(async () => {
  [server, chromium] = await Promise.all([startFleetServer(), launchChromium()]);
  browser = chromium.browser;
  demoPassword =
    /Sign in as demo@fleet\.local with password (\S+)/.exec(server.output())?.[1] ?? '';
  if (!demoPassword)
    throw new Error(`first start did not print the demo sign-in:\n${server.output()}`);
});
afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});
beforeEach(async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  // The master address copies to the clipboard, and that copy's toast is what reaches the inbox.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill('demo@fleet.local');
  await page.getByLabel('Password').fill(demoPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${server.url}/`);
});
afterEach(async () => {
  await page.context().close();
});

const statusBar = () => page.getByRole('contentinfo', { name: 'Status bar' });
const bell = () => page.getByRole('button', { name: /^Notifications/ });
const inboxList = () => page.getByRole('list', { name: 'Notification list' });

async function openSettingsItem(name: string | RegExp) {
  await page.getByRole('button', { name: 'Settings menu' }).click();
  await page.getByRole('menuitem', { name }).click();
}

describe('the header and settings menu in Chromium', () => {
  it('toggles the master balance between SOL and lamports, and starts in SOL after a reload', async () => {
    await expect.poll(() => statusBar().getByText(/ SOL$/).textContent()).toBe('100.0000 SOL');
    await openSettingsItem(/Toggle units/);
    await expect
      .poll(() =>
        statusBar()
          .getByText(/ lamports$/)
          .textContent(),
      )
      .toBe('100,000,000,000 lamports');

    await page.getByRole('button', { name: 'Settings menu' }).click();
    expect(await page.getByRole('menuitem', { name: /Toggle units/ }).textContent()).toContain(
      'lamports',
    );
    await page.keyboard.press('Escape');

    await page.reload();
    await expect.poll(() => statusBar().getByText(/ SOL$/).textContent()).toBe('100.0000 SOL');
  });

  it('keeps every toast in the inbox, with an unread badge, Mark all as read and Clear All', async () => {
    expect(await bell().getAttribute('aria-label')).toBe('Notifications');
    // A copy's toast is transient (issue 15: clipboard toasts do not fill the inbox); the
    // summary of a balance refresh is kept.
    await statusBar()
      .getByRole('button', { name: /Copy master address/ })
      .click();
    await statusBar().getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => bell().getAttribute('aria-label')).toBe('Notifications, 1 unread');
    expect(await page.getByTestId('notification-badge').textContent()).toBe('1');

    await bell().click();
    expect(await inboxList().getByRole('listitem').allTextContents()).toEqual([
      expect.stringContaining('Balances refreshed'),
    ]);
    expect(await inboxList().evaluate((element) => element.getBoundingClientRect().height)).toBe(
      300,
    );
    await screenshot(page, 'inbox');

    await page.getByRole('button', { name: 'Mark all as read' }).click();
    expect(await page.getByTestId('notification-badge').count()).toBe(0);

    // The inbox outlives a reload: it is kept in the browser.
    await page.reload();
    await bell().click();
    expect(await inboxList().getByRole('listitem').count()).toBe(1);
    await page.getByRole('button', { name: 'Clear All' }).click();
    expect(await inboxList().textContent()).toBe('No notifications yet');
  });

  it('opens the inbox from the settings menu', async () => {
    await openSettingsItem('Inbox');
    await inboxList().waitFor();
    expect(await inboxList().textContent()).toBe('No notifications yet');
  });

  it('keeps the widget preferences, with the quality scan disabled while no token is selected', async () => {
    await openSettingsItem('Preferences');
    const dialog = page.getByRole('dialog', { name: 'Preferences' });
    expect(await dialog.getByLabel('New token live feed').isChecked()).toBe(true);
    expect(await dialog.getByLabel('Wallet panel').isChecked()).toBe(true);
    expect(await dialog.getByLabel('Token quality scan').isDisabled()).toBe(true);
    expect(await dialog.textContent()).toContain('Select a token to change this');

    await dialog.getByLabel('Wallet panel').uncheck();
    await page.reload();
    await openSettingsItem('Preferences');
    expect(
      await page
        .getByRole('dialog', { name: 'Preferences' })
        .getByLabel('Wallet panel')
        .isChecked(),
    ).toBe(false);
  });

  it('keeps the hidden wallet-table columns chosen in Customize columns', async () => {
    await openSettingsItem('Customize columns');
    const dialog = page.getByRole('dialog', { name: 'Customize columns' });
    expect(await dialog.getByRole('checkbox').count()).toBe(8);
    await dialog.getByLabel('Tags').uncheck();
    await page.reload();
    await openSettingsItem('Customize columns');
    const reopened = page.getByRole('dialog', { name: 'Customize columns' });
    expect(await reopened.getByLabel('Tags').isChecked()).toBe(false);
    expect(await reopened.getByLabel('Source').isChecked()).toBe(true);
  });

  it('focuses the search box with Ctrl+K from anywhere and searches only from 3 characters', async () => {
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('Control+k');
    const search = page.getByRole('combobox', { name: 'Search wallets and tokens' });
    expect(await search.evaluate((element) => element === document.activeElement)).toBe(true);

    await page.keyboard.type('ab');
    expect(await search.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.type('c');
    await expect.poll(() => search.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await search.getAttribute('aria-expanded')).toBe('false');
  });

  it('hides the search box on narrow screens', async () => {
    await page.setViewportSize({ width: 600, height: 860 });
    expect(
      await page.getByRole('combobox', { name: 'Search wallets and tokens' }).isVisible(),
    ).toBe(false);
  });
});
