// Signs the demo operator in on a fresh page of a Fleet started by `startFleetServer`, with the
// password and the sandbox's URL it printed at start.

import type { Browser, Page } from 'playwright-core';
import type { FleetServer } from './fleet-server';

export interface DemoSession {
  readonly page: Page;
  /** The embedded localnet's JSON-RPC URL, from the start output. */
  readonly sandboxUrl: string;
}

/**
 * `fakeClock`: the page's clock is Playwright's, installed before the app loads so that every
 * timer the app sets can be fast-forwarded (time still flows at the normal rate until then).
 */
export async function signInAsDemo(
  server: FleetServer,
  browser: Browser,
  options: { readonly fakeClock?: boolean } = {},
): Promise<DemoSession> {
  const sandboxUrl = /Local Solana sandbox: (\S+)/.exec(server.output())?.[1] ?? '';
  const password = /with password (\S+)/.exec(server.output())?.[1] ?? '';
  if (!sandboxUrl || !password) throw new Error(`unexpected start output:\n${server.output()}`);
  const page = await browser.newPage({ viewport: { width: 1400, height: 950 } });
  page.setDefaultTimeout(20_000);
  if (options.fakeClock) await page.clock.install();
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill('demo@fleet.local');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${server.url}/`);
  return { page, sandboxUrl };
}
