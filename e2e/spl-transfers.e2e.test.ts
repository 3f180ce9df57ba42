import {
  readSlimWalletList,
  transactionHistoryPageSchema,
  type SlimWallet,
  type TransactionRecord,
} from '@fleet/core';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot, type BrowserHandle } from './support/chromium';
import { signInAsDemo } from './support/demo-session';
import { startFleetServer, type FleetServer } from './support/fleet-server';
import { tokenBalance } from './support/sandbox-market';
import { sandboxIssuer, type SandboxMint } from './support/sandbox-tokens';
import {
  openAllWallets as openWalletList,
  openToolkitTile as openTile,
  planFigures,
} from './support/wallets-page';

/**
 * Issue 19, SPL transfers from the Toolkit in Chromium: 10 wallets holding two mints (one
 * Token-2022 with a 1 % transfer fee) withdraw everything to the master, closing the emptied
 * accounts, through the plan, Confirm and the progress polled from spec 2 §7's route; then one
 * mint is distributed to 5 of them; then the Transactions dialog lists both under Ops. Every
 * balance is read from the chain.
 */
let server: FleetServer;
let chromium: BrowserHandle;
let page: Page;
let rpcUrl: string;
let master: string;
let fleet: SlimWallet[] = [];
let mintA: SandboxMint;
let mintB: SandboxMint;
/** The paths the page requested, for what it polled. */
const requested: string[] = [];
/** The operations the two tests started. */
const operations: string[] = [];

const WALLETS = 10;
/** Plans read the chain and jobs are polled every 2 s: past the e2e default of 60 s when busy. */
const MONEY_TEST_TIMEOUT_MS = 150_000;
/** Wallet i holds (i + 1) × 1.25 of A (6 decimals) and (i + 1) × 10 of B (9 decimals). */
const amountA = (index: number) => 1_250_000n * BigInt(index + 1);
const amountB = (index: number) => 10_000_000_000n * BigInt(index + 1);
const FEE_BASIS_POINTS = 100;
const sum = (of: (index: number) => bigint) =>
  Array.from({ length: WALLETS }, (_, index) => of(index)).reduce((a, b) => a + b, 0n);
/** Token-2022 withholds ceil(amount × bps / 10,000) of each transfer at the destination. */
const feeOf = (amount: bigint) => (amount * BigInt(FEE_BASIS_POINTS) + 9_999n) / 10_000n;

beforeAll(async () => {
  [server, chromium] = await Promise.all([startFleetServer(), launchChromium()]);
  const session = await signInAsDemo(server, chromium.browser);
  page = session.page;
  rpcUrl = session.sandboxUrl;
  master = /master wallet (\S+) funded/.exec(server.output())?.[1] ?? '';
  if (!master) throw new Error(`no master wallet in the start output:\n${server.output()}`);
  page.on('request', (request) =>
    requested.push(new URL(request.url()).pathname + new URL(request.url()).search),
  );

  const created = await page.request.post(`${server.url}/api/create-wallet`, {
    data: { count: WALLETS, is_trader: false },
  });
  expect(created.status(), await created.text()).toBe(200);
  const list = await page.request.get(`${server.url}/api/wallets?mode=slim`);
  fleet = readSlimWalletList(await list.json()).wallets;
  expect(fleet).toHaveLength(WALLETS);

  const issuer = await sandboxIssuer(rpcUrl);
  mintA = await issuer.createMint({ program: 'token', decimals: 6 });
  mintB = await issuer.createMint({
    program: 'token2022',
    decimals: 9,
    feeBasisPoints: FEE_BASIS_POINTS,
  });
  await Promise.all(
    fleet.map((wallet, index) =>
      issuer.give(wallet.address, [
        { mint: mintA, amount: amountA(index) },
        { mint: mintB, amount: amountB(index) },
      ]),
    ),
  );
}, 120_000);
afterAll(async () => {
  await chromium?.close();
  await server?.stop();
});

const banner = () => page.getByRole('region', { name: 'Task mode' });

const openAllWallets = () => openWalletList(page, server.url, WALLETS);
const openToolkitTile = (name: string) => openTile(page, name);
const figures = planFigures;

/** A table's body rows as cell texts, keyed by the row's `data-mint`. */
async function mintRows(table: Locator): Promise<Map<string, string[]>> {
  const rows = await table
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [
        tr.getAttribute('data-mint') ?? '',
        ...[...tr.querySelectorAll('td')].map((td) => td.textContent ?? ''),
      ]),
    );
  return new Map(rows.map(([mint, ...cells]) => [mint ?? '', cells]));
}

/** The job the page follows, and its operation (sessionStorage, so it survives a reload). */
async function openJob(): Promise<{ jobId: string; operationId: string }> {
  const stored = await page.evaluate(() => sessionStorage.getItem('fleet.operations.openJob'));
  const parsed = JSON.parse(stored ?? 'null') as { jobId?: string; operationId?: string } | null;
  if (!parsed?.jobId || !parsed.operationId) throw new Error(`no open job: ${stored}`);
  return { jobId: parsed.jobId, operationId: parsed.operationId };
}

const tokens = (raw: bigint, decimals: number) => {
  const scale = 10n ** BigInt(decimals);
  const fraction = (raw % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  const whole = (raw / scale).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction ? `${whole}.${fraction}` : whole;
};

describe('SPL transfers from the Toolkit in Chromium', () => {
  it(
    'withdraws both mints of 10 wallets to the master, closing the emptied accounts',
    async () => {
      await openAllWallets();
      await openToolkitTile('Withdraw Tokens');
      // Nothing selected: the selected scope warns (spec 2 §5), the all-scope action runs.
      await banner().getByRole('button', { name: 'Withdraw Tokens from 0…' }).click();
      await page.getByText('Select wallets for token withdrawal', { exact: true }).waitFor();
      await banner().getByRole('button', { name: 'Withdraw Tokens from All…' }).click();

      const dialog = page.getByRole('dialog', { name: 'Confirm Withdraw All SPL Tokens' });
      const mintTable = dialog.getByRole('table', { name: 'Tokens to withdraw' });
      await expect.poll(async () => (await mintRows(mintTable)).size).toBe(2);
      const sumA = sum(amountA);
      const sumB = sum(amountB);
      const feeB = sum((index) => feeOf(amountB(index)));
      const rows = await mintRows(mintTable);
      // Mint, from, amount, master receives, transfer fee, master account.
      expect(rows.get(mintA.mint)?.slice(1, 5)).toEqual([
        '10 wallet(s), 10 account(s)',
        tokens(sumA, 6),
        tokens(sumA, 6),
        'None',
      ]);
      expect(rows.get(mintB.mint)?.slice(2, 4)).toEqual([tokens(sumB, 9), tokens(sumB - feeB, 9)]);
      expect(rows.get(mintB.mint)?.[4]).toContain('1% ');
      expect(rows.get(mintB.mint)?.[5]).toMatch(/^Created · after /);
      let planned = await figures(dialog);
      expect(planned.get('Wallets')).toBe('10 of 10 hold tokens to withdraw');
      expect(planned.get('Token accounts')).toBe('20');
      expect(planned.has('Accounts closed')).toBe(false);

      // Closing the emptied accounts plans again: 20 closes, their rent back to the master.
      await dialog.getByLabel(/Close the emptied accounts/).check();
      await expect.poll(async () => (await figures(dialog)).get('Accounts closed')).toBe('20');
      planned = await figures(dialog);
      expect(planned.get('Net')).toMatch(/^\+0\.\d+ SOL$/);
      await screenshot(page, 'spl-withdraw-plan');
      // Nothing has moved yet.
      expect(await tokenBalance(rpcUrl, master, mintA.mint)).toBe(0n);

      await dialog.getByRole('button', { name: 'Confirm' }).click();
      const progress = page.getByRole('dialog', { name: 'Withdraw SPL tokens to master' });
      await progress.getByRole('progressbar', { name: 'Transfer progress' }).waitFor();
      const started = await openJob();
      operations.push(started.operationId);
      // A reload re-attaches to the job.
      await page.reload();
      await progress.getByRole('progressbar', { name: 'Transfer progress' }).waitFor();
      await expect
        .poll(() => progress.getByRole('button', { name: 'Close' }).isEnabled(), {
          timeout: 60_000,
        })
        .toBe(true);
      await page
        .getByText('10/10 wallets withdrawn, 20 transfers, 0 error(s)', { exact: true })
        .waitFor();
      expect(await page.getByText('SPL Token Withdrawal Finished').count()).toBeGreaterThan(0);
      await progress.getByText('Every transfer went through.').waitFor();
      await expect
        .poll(() => progress.getByRole('row').filter({ hasText: 'confirmed' }).count())
        .toBe(20);
      await screenshot(page, 'spl-withdraw-report');
      // Followed through spec 2 §7's route alone, not the generic job route as well.
      const polled = requested.filter((path) =>
        path.startsWith(`/api/withdraw-spl-tokens/progress?jobId=${started.jobId}`),
      );
      expect(polled.length).toBeGreaterThan(0);
      expect(requested.filter((path) => path.startsWith(`/api/jobs/${started.jobId}`))).toEqual([]);
      await progress.getByRole('button', { name: 'Close' }).click();

      // On chain: the wallets hold none of either mint, the master the sum less the transfer fees.
      for (const wallet of fleet) {
        expect(await tokenBalance(rpcUrl, wallet.address, mintA.mint)).toBe(0n);
        expect(await tokenBalance(rpcUrl, wallet.address, mintB.mint)).toBe(0n);
      }
      expect(await tokenBalance(rpcUrl, master, mintA.mint)).toBe(sumA);
      expect(await tokenBalance(rpcUrl, master, mintB.mint)).toBe(sumB - feeB);
    },
    MONEY_TEST_TIMEOUT_MS,
  );

  it(
    'distributes 1.5 of one mint to 5 wallets, creating their closed accounts again',
    async () => {
      const recipients = fleet.slice(0, 5);
      await openAllWallets();
      for (const wallet of recipients) await page.getByLabel(`Select ${wallet.address}`).click();
      await openToolkitTile('Distribute Tokens');
      await banner().getByRole('button', { name: 'Distribute Tokens to 5…' }).click();

      const form = page.getByRole('dialog', { name: 'Distribute SPL Tokens' });
      // The master's holdings offer the mint with the amount it holds.
      const picker = form.getByLabel('Token', { exact: true });
      await expect
        .poll(() => picker.locator(`option[value="${mintA.mint}"]`).count(), { timeout: 20_000 })
        .toBe(1);
      await picker.selectOption(mintA.mint);
      // Digits and one point, cut at the mint's 6 decimals.
      await form.getByLabel('Tokens per wallet').fill('01.5000009');
      expect(await form.getByLabel('Tokens per wallet').inputValue()).toBe('1.500000');
      await form.getByText('Total 7.5 tokens to 5 recipient(s).').waitFor();
      await form.getByRole('button', { name: 'Review' }).click();

      const confirm = page.getByRole('dialog', { name: 'Confirm SPL token distribution' });
      await confirm.getByRole('button', { name: 'Confirm' }).waitFor();
      const planned = await figures(confirm);
      expect(planned.get('Amount sent')).toBe('7.5');
      expect(planned.get('Accounts to create')).toBe('5');
      expect(planned.get('Master tokens after')).toBe(tokens(sum(amountA) - 7_500_000n, 6));
      await screenshot(page, 'spl-distribute-plan');
      await confirm.getByRole('button', { name: 'Confirm' }).click();

      const progress = page.getByRole('dialog', { name: 'Distribute SPL tokens' });
      await progress.getByRole('progressbar', { name: 'Transfer progress' }).waitFor();
      operations.push((await openJob()).operationId);
      await expect
        .poll(() => progress.getByRole('button', { name: 'Close' }).isEnabled(), {
          timeout: 60_000,
        })
        .toBe(true);
      await page.getByText('5 out of 5 wallets succeeded', { exact: true }).waitFor();
      expect(await page.getByText('SPL distribution finished').count()).toBeGreaterThan(0);
      const confirmed = progress.getByRole('row').filter({ hasText: 'confirmed' });
      await expect.poll(() => confirmed.count()).toBe(5);
      expect(await confirmed.getByRole('link').count()).toBe(5);
      await screenshot(page, 'spl-distribute-report');
      await progress.getByRole('button', { name: 'Close' }).click();

      for (const wallet of recipients) {
        expect(await tokenBalance(rpcUrl, wallet.address, mintA.mint)).toBe(1_500_000n);
      }
      expect(await tokenBalance(rpcUrl, master, mintA.mint)).toBe(sum(amountA) - 7_500_000n);
    },
    MONEY_TEST_TIMEOUT_MS,
  );

  it('lists both operations’ transactions under Ops in the Transactions dialog, none under Trades', async () => {
    const response = await page.request.get(`${server.url}/api/transactions?filter=ops`);
    const history = transactionHistoryPageSchema.parse(await response.json());
    const sent: TransactionRecord[] = history.transactions.filter((record) =>
      operations.includes(record.operationId),
    );
    expect(new Set(sent.map((record) => record.operationId)).size).toBe(2);
    expect(sent.every((record) => record.status === 'confirmed' && record.txId !== null)).toBe(
      true,
    );

    await page.getByRole('button', { name: 'Transactions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Transaction history' });
    await dialog.getByText('Ops', { exact: true }).click();
    const table = dialog.getByRole('table', { name: 'Transactions' });
    for (const record of sent) {
      await expect.poll(() => table.locator(`a[title="${record.txId ?? ''}"]`).count()).toBe(1);
    }
    await screenshot(page, 'spl-transactions-ops');
    await dialog.getByText('Trades', { exact: true }).click();
    await expect.poll(() => dialog.getByText('No trades yet.').count()).toBe(1);
  });
});
