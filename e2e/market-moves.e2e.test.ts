import {
  formatUsd,
  solPriceSchema,
  valuationSchema,
  walletTotalUsd,
  walletValuesSchema,
  type Valuation,
  type WalletValues,
} from '@fleet/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestKeypair } from '../apps/server/src/testing/keypairs';
import { launchChromium, screenshot, type BrowserHandle } from './support/chromium';
import { signInAsDemo } from './support/demo-session';
import { startFleetServer, type FleetServer } from './support/fleet-server';
import {
  buyWithJupiter,
  rpcCall,
  sandboxMarketUrl,
  sandboxToken,
  tokenBalance,
  type SandboxChain,
  type SandboxToken,
} from './support/sandbox-market';

let server: FleetServer;
let chromium: BrowserHandle;
let page: Page;
let chain: SandboxChain;
/** The last valuation the page itself fetched (what the cards were drawn from). */
let pageValuation: Valuation | null = null;
/** The last wallet values the page itself fetched (what the table's value columns show). */
let pageValues: WalletValues | null = null;

beforeAll(async () => {
  [server, chromium] = await Promise.all([startFleetServer(), launchChromium()]);
  const session = await signInAsDemo(server, chromium.browser, { fakeClock: true });
  page = session.page;
  chain = { rpcUrl: session.sandboxUrl, marketUrl: sandboxMarketUrl(server) };
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if ((path !== '/api/valuation' && path !== '/api/valuation/wallets') || !response.ok()) return;
    response.json().then(
      (body: unknown) => {
        if (path === '/api/valuation') pageValuation = valuationSchema.parse(body);
        else pageValues = walletValuesSchema.parse(body);
      },
      // The page went elsewhere before the body arrived: it drew nothing from that answer.
      () => undefined,
    );
  });
});
afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

async function post(path: string, data: object): Promise<object> {
  const response = await page.request.post(`${server.url}${path}`, { data });
  expect(response.status(), `POST ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as object;
}

async function airdrop(address: string, lamports: number): Promise<void> {
  await rpcCall(chain.rpcUrl, 'requestAirdrop', [address, lamports]);
  await expect
    .poll(
      async () =>
        (
          await rpcCall<{ value: number }>(chain.rpcUrl, 'getBalance', [
            address,
            { commitment: 'confirmed' },
          ])
        ).value,
    )
    .toBe(lamports);
}

const solPrice = () => page.getByRole('status', { name: 'SOL price' });
const overview = () => page.getByRole('region', { name: 'Portfolio Overview' });
const overviewCard = (title: string) => overview().getByRole('group', { name: title });
const cardText = async (title: string) => (await overviewCard(title).textContent()) ?? '';

/** The dollar figure after `prefix` in a card's text (`USD $300.00` → 300), NaN if none. */
function dollarsAfter(text: string, prefix: string): number {
  return Number(new RegExp(`${prefix}\\$(\\d+\\.\\d{2})(?!\\d|K|M)`).exec(text)?.[1]);
}

async function headerPrice(): Promise<string> {
  return /SOL (\$\d+\.\d{2})/.exec((await solPrice().textContent()) ?? '')?.[1] ?? '';
}

const statusBar = () => page.getByRole('contentinfo', { name: 'Status bar' });

/** The valuation's asset for `mint`, from what the page itself fetched last. */
const pageAsset = (mint: string) => pageValuation?.assets.find((asset) => asset.mint === mint);

const tableRow = (address: string) =>
  page.locator('[role=row][data-wallet-id]').filter({
    has: page.getByRole('checkbox', { name: `Select ${address}` }),
  });
const tableCell = (address: string, column: 'total' | 'tokensValue') =>
  tableRow(address).locator(`[data-column=${column}]`);
/** The header line's USD (`…SOLUSD $449.891 token balances…`: the count follows the cents). */
const headerLineUsd = async () =>
  Number(
    /USD \$(\d+\.\d{2})/.exec((await page.getByLabel('Totals in view').textContent()) ?? '')?.[1],
  );

/**
 * What the table must show for a wallet, from the wallet values the page fetched and the SOL the
 * chain holds: its Tokens Value and its Total Value (SOL at the answer's SOL price plus tokens).
 */
async function expectedValueCells(wallet: { address: string }, withTokens: boolean) {
  const values = pageValues;
  if (values === null) throw new Error('the page has fetched no wallet values');
  const id = (await tableRow(wallet.address).getAttribute('data-wallet-id')) ?? '';
  const index = values.wallets.ids.indexOf(id);
  const tokensUsd = index === -1 ? 0 : (values.wallets.tokensUsd[index] ?? null);
  const lamports = (
    await rpcCall<{ value: number }>(chain.rpcUrl, 'getBalance', [
      wallet.address,
      { commitment: 'confirmed' },
    ])
  ).value;
  const solPrice = values.solPrice.status === 'known' ? values.solPrice.priceUsd : null;
  const total = walletTotalUsd(
    {
      lamports: String(lamports),
      tokensValueUsd: tokensUsd,
      tokenStats: { total: 1, withBalance: withTokens ? 1 : 0, zeroBalance: 0 },
    },
    solPrice,
  );
  return { tokensValue: formatUsd(tokensUsd), total: formatUsd(total), totalUsd: total };
}

/** The sum of a mint's raw balance over the wallets, as the chain reads now. */
async function chainTotal(owners: readonly { address: string }[], mint: string): Promise<bigint> {
  let total = 0n;
  for (const owner of owners) total += await tokenBalance(chain.rpcUrl, owner.address, mint);
  return total;
}

describe('sandbox tokens and moving prices in Chromium', () => {
  // Three wallets an operator imports; two of them hold KELP bought on the sandbox market.
  const wallets = [newTestKeypair(), newTestKeypair(), newTestKeypair()] as const;
  const [first, second] = wallets;
  let kelp: SandboxToken;

  it('values wallets that bought a sandbox token through Jupiter in USD on the Portfolio Overview', async () => {
    kelp = await sandboxToken(chain.marketUrl, 'KELP');
    for (const wallet of wallets) await airdrop(wallet.address, 1_000_000_000);
    // Bought before the import: the import's cold scan (as the Import page's Scan assets runs
    // it) finds each wallet's new token account. A balance refresh only re-reads known ones.
    for (const wallet of [first, second]) {
      const { quote } = await buyWithJupiter(chain, wallet, kelp.mint, 250_000_000n);
      expect(await tokenBalance(chain.rpcUrl, wallet.address, kelp.mint)).toBe(
        BigInt(quote.outAmount),
      );
    }
    const preview = await post('/api/scan-assets/preview', {
      publicAddresses: wallets.map((wallet) => wallet.address),
    });
    await post('/api/wallet', { privateKeys: wallets.map((wallet) => wallet.privateKey), preview });

    await page.goto(`${server.url}/wallets`);
    // Spec 2 §4: the valuation starts 4 s after the page loads.
    await expect
      .poll(() => cardText('Token Assets'), { timeout: 20_000 })
      .toMatch(/^Token Assets1 asset2 of 2 accounts hold a balanceUSD \$\d+\.\d{2}≈ \d/);
    const tokens = await cardText('Token Assets');
    const tokenUsd = dollarsAfter(tokens, 'USD ');
    expect(tokenUsd).toBeGreaterThan(0);
    expect(tokens).not.toContain('not priced');

    // The card's figure is the valuation's KELP, priced, for what the chain holds.
    const asset = pageAsset(kelp.mint);
    expect(asset).toMatchObject({ symbol: 'KELP', status: 'priced', holders: 2 });
    expect(asset?.amount).toBe((await chainTotal(wallets, kelp.mint)).toString());
    expect(asset?.priceUsd).toBeGreaterThan(0);
    expect(Math.abs((asset?.valueUsd ?? 0) - tokenUsd)).toBeLessThan(0.01);

    // The portfolio total is the SOL and the token together, and complete.
    const portfolio = await cardText('Portfolio');
    expect(portfolio).not.toMatch(/not priced|Valuing/);
    const solUsd = dollarsAfter(await cardText('SOL Holdings'), 'USD ');
    expect(solUsd).toBeGreaterThan(0);
    expect(Math.abs(dollarsAfter(portfolio, 'Portfolio') - (solUsd + tokenUsd))).toBeLessThan(
      0.015,
    );

    // The table: each wallet's Tokens Value and Total Value, as the page's wallet values and
    // the chain's SOL make them; the third wallet holds no token, so its tokens are worth $0.
    // The header line adds the wallets' totals up.
    await expect.poll(() => pageValues?.wallets.ids.length, { timeout: 20_000 }).toBe(2);
    let totals = 0;
    for (const [index, wallet] of wallets.entries()) {
      const expected = await expectedValueCells(wallet, index < 2);
      await expect
        .poll(() => tableCell(wallet.address, 'tokensValue').textContent())
        .toBe(expected.tokensValue);
      expect(await tableCell(wallet.address, 'total').textContent()).toBe(expected.total);
      expect(expected.totalUsd).toBeGreaterThan(0);
      totals += expected.totalUsd ?? 0;
    }
    expect(await tableCell(wallets[2].address, 'tokensValue').textContent()).toBe('$0.00');
    expect(Math.abs((await headerLineUsd()) - totals)).toBeLessThan(0.011);
    await screenshot(page, 'market-moves-tokens-valued');
  });

  it('values more of the token after a buy once the status bar’s Refresh re-reads the chain', async () => {
    const before = dollarsAfter(await cardText('Token Assets'), 'USD ');
    const { quote } = await buyWithJupiter(chain, first, kelp.mint, 150_000_000n);
    expect(BigInt(quote.outAmount)).toBeGreaterThan(0n);
    const held = (await chainTotal(wallets, kelp.mint)).toString();

    // The Refresh the UI offers (GET /api/scan-sol-balances) re-reads the known token accounts;
    // the valuation follows it without waiting for its 120 s.
    await statusBar().getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => pageAsset(kelp.mint)?.amount, { timeout: 30_000 }).toBe(held);
    await expect
      .poll(async () => dollarsAfter(await cardText('Token Assets'), 'USD '), { timeout: 10_000 })
      .toBeGreaterThan(before);
    expect(await cardText('Token Assets')).not.toContain('not priced');
    // The wallet's row follows too: its Tokens Value is what the page's wallet values say.
    await expect
      .poll(async () => (await expectedValueCells(first, true)).tokensValue, { timeout: 10_000 })
      .toBe(await tableCell(first.address, 'tokensValue').textContent());
  });

  it('moves the header’s SOL price and the Portfolio Overview’s totals as the sandbox drifts and trades', async () => {
    const startPrice = await headerPrice();
    const startPortfolio = dollarsAfter(await cardText('Portfolio'), 'Portfolio');
    const startSol = dollarsAfter(await cardText('SOL Holdings'), 'USD ');
    expect(startPrice).toMatch(/^\$\d+\.\d{2}$/);
    expect(startPortfolio).toBeGreaterThan(0);

    // The server refreshes the SOL price every 60 s; the header asks every 60 s and the valuation
    // every 120 s. Wait (in real time) until the server holds a new price, then move the page's
    // clock on by two minutes: nothing is reloaded or clicked, the page's own timers fire and
    // bring the new figures.
    const waitingSince = Date.now();
    const serverPrice = async () => {
      const answer = solPriceSchema.parse(
        await (await page.request.get(`${server.url}/api/market/sol-price`)).json(),
      );
      return answer.status === 'known' ? formatUsd(answer.priceUsd) : '';
    };
    await expect
      .poll(serverPrice, { timeout: 90_000, interval: 2_000 })
      .toSatisfy((now) => now !== '' && now !== startPrice);
    const serverMovedAfter = Math.round((Date.now() - waitingSince) / 1000);
    await page.clock.fastForward('02:00');
    const movedAfter: Record<string, number> = {};
    // A figure has moved when it reads another price, not when it reads none (NaN, '').
    const moved = async (what: string, read: () => Promise<string | number>, start: unknown) => {
      await expect
        .poll(read, { timeout: 30_000, interval: 1_000 })
        .toSatisfy((now) => now !== start && now !== '' && !Number.isNaN(now));
      movedAfter[what] = Math.round((Date.now() - waitingSince) / 1000);
    };
    await Promise.all([
      moved('header', headerPrice, startPrice),
      moved(
        'portfolio',
        async () => dollarsAfter(await cardText('Portfolio'), 'Portfolio'),
        startPortfolio,
      ),
    ]);
    const solUsd = dollarsAfter(await cardText('SOL Holdings'), 'USD ');
    expect(solUsd).not.toBe(startSol);
    // Still one consistent picture: the total is SOL plus tokens, all priced.
    const tokenUsd = dollarsAfter(await cardText('Token Assets'), 'USD ');
    const portfolio = dollarsAfter(await cardText('Portfolio'), 'Portfolio');
    expect(Math.abs(portfolio - (solUsd + tokenUsd))).toBeLessThan(0.015);
    expect(await overview().textContent()).not.toMatch(/not priced|Valuing/);
    console.log(
      `server's SOL price moved after ${serverMovedAfter} s; ` +
        `SOL ${startPrice} → ${await headerPrice()} after ${movedAfter.header} s; ` +
        `portfolio $${startPortfolio} → $${portfolio} after ${movedAfter.portfolio} s`,
    );
    await screenshot(page, 'market-moves-prices-moved');
  }, 180_000);

  it('finds a held token and a market-only token by symbol in the header search', async () => {
    const search = page.getByRole('combobox', { name: 'Search wallets and tokens' });
    const results = page.getByRole('listbox', { name: 'Search results' });
    const tokens = results.getByRole('group', { name: 'Tokens' });

    await search.fill('KELP');
    const held = tokens.getByRole('option').filter({ hasText: 'Kelp Finance' });
    await held.waitFor();
    expect(await held.textContent()).toMatch(/^KELP\s*Kelp Finance$/);
    expect(await results.getByRole('group', { name: 'Wallets' }).count()).toBe(0);
    await screenshot(page, 'market-moves-search-held');

    // Spec 1 §2: Enter opens /tokens?mint=… for the highlighted token.
    await search.press('ArrowDown');
    await search.press('ArrowUp');
    expect(await held.getAttribute('aria-selected')).toBe('true');
    await search.press('Enter');
    await page.waitForURL(`${server.url}/tokens?mint=${kelp.mint}`);
    // The Tokens Overview opens the token's holders dialog (modal: the header is hidden from
    // assistive technology while it is open); closed, the header is reachable again.
    const kelpHolders = page.getByRole('dialog', { name: 'Holders of KELP' });
    await kelpHolders.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => kelpHolders.count()).toBe(0);
    expect(await search.inputValue()).toBe('');

    // MOSS is listed by the market and held by no wallet of this tenant: marked as the market's.
    const moss = await sandboxToken(chain.marketUrl, 'MOSS');
    await search.fill('MOSS');
    const market = tokens.getByRole('option').filter({ hasText: 'Mossy Frog' });
    await market.waitFor();
    expect(await market.textContent()).toMatch(/^MOSS\s*Mossy Frog\s*market$/);
    await screenshot(page, 'market-moves-search-market');
    await market.click();
    await page.waitForURL(`${server.url}/tokens?mint=${moss.mint}`);
    // The Tokens Overview's holders dialog: no wallet of this tenant holds MOSS.
    await page
      .getByRole('dialog', { name: /^Holders of / })
      .getByText('No holders found.', { exact: true })
      .waitFor();
    await screenshot(page, 'market-moves-token-page');
  });
});
