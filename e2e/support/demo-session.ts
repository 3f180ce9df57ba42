// Signs the demo operator in on a fresh page of a Fleet started by `startFleetServer`, with the
// password and the sandbox's URL it printed at start.

import type { Browser, Page } from 'playwright-core';
import type { FleetServer } from './fleet-server';

export interface DemoSession {
  readonly page: Page;
  /** The embedded localnet's JSON-RPC URL, from the start output. */
  readonly sandboxUrl: string;
}

export async function signInAsDemo(server: FleetServer, browser: Browser): Promise<DemoSession> {
  const sandboxUrl = /Local Solana sandbox: (\S+)/.exec(server.output())?.[1] ?? '';
  const password = /with password (\S+)/.exec(server.output())?.[1] ?? '';
  if (!sandboxUrl || !password) throw new Error(`unexpected start output:\n${server.output()}`);
  const page = await browser.newPage({ viewport: { width: 1400, height: 950 } });
  page.setDefaultTimeout(20_000);
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill('demo@fleet.local');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${server.url}/`);
  return { page, sandboxUrl };
}
