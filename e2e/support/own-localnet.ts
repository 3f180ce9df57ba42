import { createLocalnet, type Localnet } from '@fleet/localnet';
import type { Page } from 'playwright-core';
import { launchChromium, type BrowserHandle } from './chromium';
import { startFleetServer, type FleetServer } from './fleet-server';

export interface OwnLocalnetSession {
  readonly localnet: Localnet;
  readonly server: FleetServer;
  readonly chromium: BrowserHandle;
  /** Signed in as the demo operator, on the dashboard. */
  readonly page: Page;
  close(): Promise<void>;
}

/**
 * Fleet on a localnet of the test's own (SOLANA_RPC_URLS), whose answers the test can slow down
 * or change beside Fleet, with a page signed in as the demo operator.
 */
export async function startOnOwnLocalnet(viewport: {
  readonly width: number;
  readonly height: number;
}): Promise<OwnLocalnetSession> {
  const localnet = await createLocalnet({ port: 0 });
  const [server, chromium] = await Promise.all([
    startFleetServer({ SOLANA_RPC_URLS: localnet.url }),
    launchChromium(),
  ]);
  const password = /with password (\S+)/.exec(server.output())?.[1] ?? '';
  if (!password) throw new Error(`unexpected start output:\n${server.output()}`);
  const page = await chromium.browser.newPage({ viewport });
  page.setDefaultTimeout(20_000);
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill('demo@fleet.local');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${server.url}/`);
  return {
    localnet,
    server,
    chromium,
    page,
    async close() {
      await chromium.close();
      await server.stop();
      await localnet.close();
    },
  };
}
