import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium; `npm test` installs it with apt when missing (no browser download). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface BrowserHandle {
  readonly browser: Browser;
  close(): Promise<void>;
}

export async function launchChromium(): Promise<BrowserHandle> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM_PATH}: run \`apt-get install chromium\` (npm test does).`,
    );
  }
  // Playwright gives every launch a fresh, empty profile of its own and removes it on close.
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: FLAGS,
  });
  return { browser, close: () => browser.close() };
}

export const SCREENSHOT_DIR = join(import.meta.dirname, '..', 'screenshots');

/** Screenshots are for people to look at; the folder is git-ignored. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
