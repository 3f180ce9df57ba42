import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestKeypair } from '../apps/server/src/testing/keypairs';
import { launchChromium, screenshot, type BrowserHandle } from './support/chromium';
import { signInAsDemo } from './support/demo-session';
import { startFleetServer, type FleetServer } from './support/fleet-server';

let server: FleetServer;
let chromium: BrowserHandle;
let page: Page;
let sandboxUrl: string;

beforeAll(async () => {
  [server, chromium] = await Promise.all([startFleetServer(), launchChromium()]);
  ({ page, sandboxUrl } = await signInAsDemo(server, chromium.browser));
});
afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

async function rpc<T>(method: string, params: unknown[]): Promise<T> {
  const response = await fetch(sandboxUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await response.json()) as { result: T }).result;
}

async function post(path: string, data: object): Promise<object> {
  const response = await page.request.post(`${server.url}${path}`, { data });
  expect(response.status(), `POST ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as object;
}

const solPrice = () => page.getByRole('status', { name: 'SOL price' });
const overview = () => page.getByRole('region', { name: 'Portfolio Overview' });
const overviewCard = (title: string) => overview().getByRole('group', { name: title });

/** The dollar figure after `prefix` in a card's text (`USD $300.00` → 300). */
async function dollarsIn(title: string, prefix: string): Promise<number> {
  const text = (await overviewCard(title).textContent()) ?? '';
  return Number(new RegExp(`${prefix}\\$(\\d+\\.\\d{2})`).exec(text)?.[1]);
}

async function headerPrice(): Promise<number> {
  return Number(/SOL \$(\d+\.\d{2})/.exec((await solPrice().textContent()) ?? '')?.[1]);
}

async function airdrop(address: string, lamports: number, expected: number): Promise<void> {
  await rpc('requestAirdrop', [address, lamports]);
  await expect
    .poll(
      async () =>
        (await rpc<{ value: number }>('getBalance', [address, { commitment: 'confirmed' }])).value,
    )
    .toBe(expected);
}

describe('market prices in Chromium', () => {
  // A wallet holding SOL from the sandbox's faucet, imported as an operator would.
  const wallet = newTestKeypair();

  it('shows the SOL price in the header with its source and age', async () => {
    await expect
      .poll(() => solPrice().textContent())
      .toMatch(/^SOL \$\d+\.\d{2} · (jupiter|dexscreener|geckoterminal|moralis) · \d+s ago$/);
    expect(await solPrice().getAttribute('title')).toMatch(/^SOL\/USD \d/);
  });

  it('values a funded wallet in USD on the Portfolio Overview once the valuation starts', async () => {
    await airdrop(wallet.address, 2_000_000_000, 2_000_000_000);
    const preview = await post('/api/scan-assets/preview', { publicAddresses: [wallet.address] });
    await post('/api/wallet', { privateKeys: [wallet.privateKey], preview });

    const openedAt = Date.now();
    await page.goto(`${server.url}/wallets`);
    await overviewCard('SOL Holdings').waitFor();
    expect(await overviewCard('SOL Holdings').textContent()).toContain('2.0000 SOL');

    // Spec 2 §4: the valuation waits 4 s after the page loads, then fills the cards in USD.
    await expect
      .poll(() => overviewCard('Portfolio').textContent(), { timeout: 15_000 })
      .toMatch(/^Portfolio\$\d+\.\d{2}≈ 2\.0000 SOL/);
    expect(Date.now() - openedAt).toBeGreaterThanOrEqual(4_000);
    expect(await overviewCard('SOL Holdings').textContent()).toMatch(/USD \$\d+\.\d{2}/);
    // The SOL figures agree with the header's price: 2 SOL at the same price, within its drift.
    const price = await headerPrice();
    const holdingsUsd = await dollarsIn('SOL Holdings', 'USD ');
    expect(price).toBeGreaterThan(0);
    expect(Math.abs(holdingsUsd - 2 * price) / (2 * price)).toBeLessThan(0.05);
    expect(await overview().textContent()).not.toMatch(/Valuing|not priced/);
    await screenshot(page, 'market-prices-overview');
  });

  it('lists the market providers beside the RPC endpoints in Scan Details', async () => {
    await page
      .getByRole('contentinfo', { name: 'Status bar' })
      .getByRole('button', { name: 'Scan Details' })
      .click();
    const providers = page.getByRole('dialog', { name: 'Scan Details' }).getByRole('table', {
      name: 'Market providers',
    });
    const jupiter = providers.getByRole('row').filter({ hasText: 'jupiter' });
    await jupiter.waitFor();
    // Provider, calls, cache hits, 429s, errors, timeouts, state: the SOL price and the
    // valuation have asked Jupiter at least once.
    const cells = await jupiter.getByRole('cell').allTextContents();
    expect(cells).toHaveLength(7);
    expect(Number(cells[1]?.replaceAll(',', ''))).toBeGreaterThan(0);
    expect(await providers.getByRole('columnheader').allTextContents()).toEqual([
      'Provider',
      'Calls',
      'Cache hits',
      '429s',
      'Errors',
      'Timeouts',
      'State',
    ]);
    await screenshot(page, 'market-prices-scan-details');
  });

  it('values the SOL again as soon as a balance refresh finds more, without waiting 120 s', async () => {
    await page.keyboard.press('Escape');
    await airdrop(wallet.address, 1_000_000_000, 3_000_000_000);
    await page
      .getByRole('contentinfo', { name: 'Status bar' })
      .getByRole('button', { name: 'Refresh' })
      .click();
    await expect.poll(() => overviewCard('SOL Holdings').textContent()).toContain('3.0000 SOL');
    await expect.poll(() => overviewCard('Portfolio').textContent()).toContain('≈ 3.0000 SOL');
    const price = await headerPrice();
    const holdingsUsd = await dollarsIn('SOL Holdings', 'USD ');
    expect(Math.abs(holdingsUsd - 3 * price) / (3 * price)).toBeLessThan(0.05);
  });
});

describe('market prices in Chromium when no provider answers', () => {
  let offline: FleetServer;
  let offlinePage: Page;
  // A port nothing listens on: every provider's call is refused.
  const nowhere = 'http://127.0.0.1:9';

  beforeAll(async () => {
    offline = await startFleetServer({
      JUPITER_BASE_URL: nowhere,
      DEXSCREENER_BASE_URL: nowhere,
      GECKOTERMINAL_BASE_URL: nowhere,
      MORALIS_BASE_URL: nowhere,
    });
    ({ page: offlinePage } = await signInAsDemo(offline, chromium.browser));
  });
  afterAll(async () => {
    await offlinePage?.close();
    await offline?.stop();
  });

  it('shows a dash with the reasons for the SOL price, and "not priced" on the cards, never $0', async () => {
    const price = offlinePage.getByRole('status', { name: 'SOL price' });
    await expect.poll(() => price.textContent()).toBe('SOL —');
    const reasons = (await price.getAttribute('title')) ?? '';
    expect(reasons.split('\n')[0]).toBe('SOL price unavailable');
    expect(reasons).toMatch(/jupiter/);

    await offlinePage.goto(`${offline.url}/wallets`);
    const card = (title: string) =>
      offlinePage
        .getByRole('region', { name: 'Portfolio Overview' })
        .getByRole('group', { name: title });
    await expect
      .poll(() => card('Portfolio').textContent(), { timeout: 15_000 })
      .toMatch(/^Portfolionot pricedSome assets are not priced/);
    expect(await card('Portfolio').getAttribute('title')).toBe(
      'SOL is not priced: SOL price unavailable',
    );
    expect(await card('SOL Holdings').textContent()).toContain('USD not priced');
    expect(await card('SOL Holdings').textContent()).not.toContain('$');
    await screenshot(offlinePage, 'market-prices-unavailable');
  });
});
