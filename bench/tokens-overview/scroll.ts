// The Tokens Overview with 2,000 mints in headless Chromium (issue 20 "Speed": the page renders
// 2,000 mints at 60 fps while scrolling): time from the aggregated answer to the first painted
// row, frame times during wheel gestures down the table, and the most row elements in the DOM,
// beside the same gestures on a plain page (this machine's floor), where a traced gesture's
// frame time goes, stage by stage, and a fling that stops mid-list (its placeholder rows drawn
// whole after it). Prints figures; no assertions.
//
//   npx tsx bench/tokens-overview/scroll.ts [--mints 2000] [--wallets 10000] [--db pglite|postgres]
//
// The web app must be built (`npm start` builds it; or `node scripts/web-build.mjs`).
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createManualClock, type DatabaseKind } from '../../packages/core/src/index.js';
import { seedWallets } from '../../apps/server/src/testing/seed-wallets';
import { jsonReply, startFakeMarket } from '../../apps/server/src/testing/fake-market';
import { createOperator, createTestApp } from '../../apps/server/src/testing/test-app';
import { launchChromium } from '../../e2e/support/chromium';
import {
  describeFrames,
  measureFirstRowPaint,
  measureGesture,
  traceFrameStages,
} from '../browser-scroll';
import { flag as arg } from '../request-times';

const MINTS = Number(arg('--mints', '2000'));
const WALLETS = Number(arg('--wallets', '10000'));
const KIND = arg('--db', 'pglite') as DatabaseKind;
const webDistDir = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
if (!existsSync(`${webDistDir}/index.html`)) throw new Error('build the web app first');
const TOKENS_TABLE = { tableName: 'Tokens', rowSelector: '[role=row][data-mint]' } as const;

const fake = await startFakeMarket();
const clock = createManualClock(Date.now());
const harness = await createTestApp(KIND, { clock, market: fake.market(clock), webDistDir });
const chromium = await launchChromium();
try {
  const operator = await createOperator(harness.app, 'bench-tokens-scroll@example.com');
  const seeded = await seedWallets(harness.database.db, operator.tenantId, {
    count: WALLETS,
    tokensPerWallet: 3,
    mintCount: MINTS,
    zeroEvery: 7,
  });
  if (KIND === 'postgres') await harness.database.db.execute('analyze');
  // Every mint priced and with a pair, so each row carries every figure.
  seeded.mints.forEach((mint, n) => fake.jupiterPrices.set(mint, 0.001 * (n + 1)));
  fake.dexReply = jsonReply(
    seeded.mints.map((mint, n) => ({
      chainId: 'solana',
      dexId: 'raydium',
      pairAddress: mint,
      baseToken: { address: mint, name: `Bench token ${n}`, symbol: `BT${n}` },
      quoteToken: { address: 'So11111111111111111111111111111111111111112', symbol: 'SOL' },
      priceUsd: String(0.001 * (n + 1)),
      liquidity: { usd: 1_000 * (n + 1) },
      fdv: 100_000 * (n + 1),
    })),
  );
  console.log(
    `seeded ${seeded.wallets} wallets, ${seeded.tokenAccounts} token accounts over ${seeded.mints.length} mints on ${KIND}`,
  );
  await harness.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;

  const context = await chromium.browser.newContext({ viewport: { width: 1500, height: 950 } });
  await context.addCookies([
    {
      name: 'fleet_session',
      value: operator.cookie,
      url: base,
      httpOnly: true,
      sameSite: 'Strict',
    },
  ]);
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  // The first load asks the providers for every mint; the measured loads find them kept.
  await page.goto(`${base}/tokens`);
  await page
    .locator(TOKENS_TABLE.rowSelector)
    .first()
    .waitFor()
    .catch(async (error: unknown) => {
      await page.screenshot({ path: '/tmp/tokens-scroll-failed.png' });
      throw error;
    });

  const mintCount = await page
    .getByRole('table', { name: 'Tokens' })
    .getAttribute('aria-rowcount')
    .then((count) => Number(count) - 1);
  for (let run = 0; run < 3; run++) {
    const paint = await measureFirstRowPaint(
      page,
      `${base}/tokens`,
      TOKENS_TABLE.rowSelector,
      '/api/tokens/aggregated',
    );
    console.log(
      `load ${run + 1}: first row painted ${paint.gapMs.toFixed(0)} ms after the aggregated answer ` +
        `(${mintCount} mints, ${paint.rows} row elements)`,
    );
  }

  const floorPage = await context.newPage();
  await floorPage.setContent(
    '<div role="table" aria-label="Tokens" style="height:690px;overflow:auto;contain:strict">' +
      '<div style="height:88000px;background:repeating-linear-gradient(#fff 0 44px,#eee 44px 88px)">' +
      '<div role="row" data-mint="floor" style="height:44px"></div></div></div>',
  );
  for (const pixelsPerSecond of [24_000, 6_000]) {
    for (const [label, target] of [
      ['the Tokens table', page],
      ['a plain page', floorPage],
    ] as const) {
      await target.bringToFront();
      const scroll = await measureGesture(target, TOKENS_TABLE, pixelsPerSecond);
      console.log(
        `wheel gesture on ${label} at ${pixelsPerSecond} px/s (${pixelsPerSecond / 60} px/frame), ` +
          `${scroll.frames.length} frames, ${scroll.scrolled} px scrolled: ${describeFrames(scroll.frames)}; ` +
          `at most ${scroll.maxRows} row elements in the DOM; ` +
          `after it stopped, longest frame ${Math.max(...scroll.settleFrames).toFixed(1)} ms`,
      );
    }
    await page.bringToFront();
    const stages = await traceFrameStages(page, async () => {
      const traced = await measureGesture(page, TOKENS_TABLE, pixelsPerSecond);
      return traced.frames.length + traced.settleFrames.length;
    });
    console.log(`  the same gesture traced, ms per frame: ${stages}`);
  }
  // A fling that stops mid-list: the rows it drew as placeholders are drawn whole after it.
  for (let run = 0; run < 3; run++) {
    const fling = await measureGesture(page, TOKENS_TABLE, 24_000, 1.5);
    console.log(
      `fling at 24000 px/s stopping after ${fling.scrolled} px: ${describeFrames(fling.frames)}; ` +
        `after it stopped, longest frame ${Math.max(...fling.settleFrames).toFixed(1)} ms, ` +
        `${await page.locator('[role=row][aria-busy]').count()} placeholder rows left`,
    );
  }
  await context.close();
} finally {
  await chromium.close();
  await harness.close();
  await fake.close();
}
