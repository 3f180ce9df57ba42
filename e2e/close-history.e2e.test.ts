import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { encodeBase58 } from '@fleet/core';
import {
  databaseLocationFor,
  openDatabase,
  schema,
  withTenant,
  type FleetDatabase,
} from '@fleet/db';
import { createTestDatabase, testPostgresServerUrl, type TestDatabase } from '@fleet/db/testing';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  recordTokenAccountCloses,
  type TokenAccountCloseRow,
} from '../apps/server/src/close-history/close-history-repository';
import { launchChromium, screenshot, type BrowserHandle } from './support/chromium';
import { startFleetServer, type FleetServer } from './support/fleet-server';

const newAddress = () => encodeBase58(randomBytes(32));
const MINT_A = newAddress();
const MINT_B = newAddress();
const NOW = Date.now();

/** Three closes of the demo tenant, the newest first: two of mint A, one of mint B. */
const CLOSES: TokenAccountCloseRow[] = [0, 1, 2].map((index) => ({
  operationId: null,
  walletId: null,
  walletAddress: newAddress(),
  mint: index === 1 ? MINT_B : MINT_A,
  tokenAccount: newAddress(),
  program: 'token',
  rentLamports: 2_039_280n,
  feeLamports: 5_000n,
  burnedRaw: null,
  signature: encodeBase58(randomBytes(64)),
  closedAt: new Date(NOW - index * 60_000),
}));

let server: FleetServer | undefined;
let postgres: TestDatabase | undefined;
let chromium: BrowserHandle;
let dataDir = '';
let password = '';

/**
 * On Postgres (when `DATABASE_URL` names a server, as `npm test` runs) the server gets a fresh
 * database of its own and the closes are recorded beside it while it runs. The embedded database
 * admits one process: there the server stops, the closes are recorded in its data directory and
 * the same directory starts again.
 */
beforeAll(async () => {
  postgres = testPostgresServerUrl ? await createTestDatabase('postgres') : undefined;
  [server, chromium] = await Promise.all([
    startFleetServer(postgres?.url ? { DATABASE_URL: postgres.url } : {}),
    launchChromium(),
  ]);
  password = /with password (\S+)/.exec(server.output())?.[1] ?? '';
  if (!password) throw new Error(`unexpected start output:\n${server.output()}`);
  dataDir = server.dataDir;
}, 90_000);
afterAll(async () => {
  await chromium?.close();
  await server?.stop({ keepDataDir: true });
  await postgres?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Records the closes for the demo tenant through the repository the close operations use. */
async function recordDemoCloses(): Promise<void> {
  const record = async (db: FleetDatabase) => {
    const [demo] = await db
      .select({ tenantId: schema.users.tenantId })
      .from(schema.users)
      .where(eq(schema.users.email, 'demo@fleet.local'));
    expect(await withTenant(db, demo?.tenantId, (tx) => recordTokenAccountCloses(tx, CLOSES))).toBe(
      3,
    );
  };
  if (postgres) {
    await record(postgres.db);
    return;
  }
  await server?.stop({ keepDataDir: true });
  server = undefined;
  const database = await openDatabase(databaseLocationFor({ dataDir }));
  try {
    await record(database.db);
  } finally {
    await database.close();
  }
  server = await startFleetServer({ FLEET_DATA_DIR: dataDir });
}

async function signIn(url: string): Promise<Page> {
  const page = await chromium.browser.newPage({
    viewport: { width: 1400, height: 950 },
    acceptDownloads: true,
  });
  page.setDefaultTimeout(20_000);
  await page.goto(`${url}/login`);
  await page.getByLabel('Email').fill('demo@fleet.local');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${url}/`);
  return page;
}

const total = (page: Page, name: string) => page.locator(`[data-total="${name}"]`).textContent();
const rows = (page: Page) => page.getByRole('table', { name: 'Close history' }).locator('tbody tr');

describe('the close history in Chromium', () => {
  it('shows the empty text before any close', async () => {
    const url = server?.url ?? '';
    const page = await signIn(url);
    // The settings menu leads to the page (spec 1 §2).
    await page.getByRole('button', { name: 'Settings menu' }).click();
    await page.getByRole('menuitem', { name: 'Close history' }).click();
    await page.waitForURL(`${url}/close-history`);
    await page.getByText('No closures recorded yet.').waitFor();
    expect(await total(page, 'accounts')).toBe('0');
    await page.close();
  });

  it('lists recorded closes newest first with totals, filters by mint and exports the CSV', async () => {
    await recordDemoCloses();
    const url = server?.url ?? '';
    const page = await signIn(url);
    await page.goto(`${url}/close-history`);

    await expect.poll(() => rows(page).count()).toBe(3);
    expect(await total(page, 'accounts')).toBe('3');
    expect(await total(page, 'rent')).toBe('0.006117 SOL');
    expect(await total(page, 'fees')).toBe('0.000015 SOL');
    expect(await total(page, 'profit')).toBe('0.006102 SOL');
    const firstRow = rows(page).first();
    expect(await firstRow.locator('code').nth(2).getAttribute('title')).toBe(
      CLOSES[0]?.tokenAccount,
    );
    const text = (await firstRow.textContent()) ?? '';
    expect(text).toContain('0.002039');
    expect(text).toContain('0.000005');
    expect(text).toContain('0.002034');
    // The transaction link goes to the explorer with the signature.
    const link = firstRow.getByRole('link');
    expect(await link.getAttribute('href')).toContain(CLOSES[0]?.signature);
    for (const name of ['Closed At', 'Wallet', 'Mint', 'Account', 'Rent', 'Fee', 'Profit']) {
      await page.getByRole('columnheader', { name, exact: true }).waitFor();
    }
    await screenshot(page, 'close-history');

    // Filtered by mint B: one close, and the totals follow the filter.
    await page.getByLabel('Mint').fill(MINT_B);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(new RegExp(`mint=${MINT_B}`));
    await expect.poll(() => rows(page).count()).toBe(1);
    await expect.poll(() => total(page, 'accounts')).toBe('1');
    expect(await rows(page).first().locator('code').nth(2).getAttribute('title')).toBe(
      CLOSES[1]?.tokenAccount,
    );

    // Export CSV downloads the filtered history.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^fleet-close-history-\d{8}-\d{6}\.csv$/);
    const lines = readFileSync((await download.path()) ?? '', 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      `${MINT_B},${CLOSES[1]?.tokenAccount},token,0.002039280,0.000005000`,
    );
    expect(lines[1]).toContain(CLOSES[1]?.signature ?? 'missing');
  }, 90_000);
});
