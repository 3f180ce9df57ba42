// The wallet table at 50,000 rows in headless Chromium (issue 6 "Speed"): time from the list's
// data arriving to the first painted row, frame times while scrolling, and the most row elements
// in the DOM. Also the slim list's size and time over real HTTP. Prints figures; no assertions.
//
//   npx tsx bench/wallets/table.ts [--wallets 50000] [--db pglite|postgres]
//
// The web app must be built (`npm start` builds it; or `node scripts/web-build.mjs`).
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { DatabaseKind } from '../../packages/core/src/index.js';
import { seedWallets } from '../../apps/server/src/testing/seed-wallets';
import { createOperator, createTestApp } from '../../apps/server/src/testing/test-app';
import { launchChromium } from '../../e2e/support/chromium';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? (args[at + 1] ?? fallback) : fallback;
};
const WALLETS = Number(arg('--wallets', '50000'));
const KIND = arg('--db', 'postgres') as DatabaseKind;
const webDistDir = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
if (!existsSync(`${webDistDir}/index.html`)) throw new Error('build the web app first');

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
};

const harness = await createTestApp(KIND, { webDistDir });
const chromium = await launchChromium();
try {
  const operator = await createOperator(harness.app, 'table-bench@example.com');
  await seedWallets(harness.database.db, operator.tenantId, { count: WALLETS });
  if (KIND === 'postgres') await harness.database.db.execute('analyze');
  await harness.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;

  const times: number[] = [];
  let rawBytes = 0;
  let compressedBytes = 0;
  for (let run = 0; run < 7; run++) {
    const started = performance.now();
    const response = await fetch(`${base}/api/wallets?mode=slim`, {
      headers: { cookie: `fleet_session=${operator.cookie}`, 'accept-encoding': 'gzip' },
    });
    const text = await response.text();
    times.push(performance.now() - started);
    rawBytes = text.length;
    compressedBytes = gzipSync(text).length;
  }
  console.log(
    `${WALLETS} wallets on ${KIND}: GET /api/wallets?mode=slim over HTTP median ${percentile(times, 50).toFixed(0)} ms, ` +
      `${(rawBytes / 1e6).toFixed(1)} MB raw, ${(compressedBytes / 1e6).toFixed(2)} MB gzip`,
  );

  const context = await chromium.browser.newContext({ viewport: { width: 1400, height: 950 } });
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
  page.setDefaultTimeout(120_000);
  // Choose "All" once; the page keeps the segment for the day, so the measured load shows every row.
  await page.goto(`${base}/wallets`);
  await page.getByRole('button', { name: 'View', exact: true }).click();
  await page.getByRole('menu').getByText('All', { exact: true }).click();
  await page.locator('[role=row][data-wallet-id]').first().waitFor();

  for (let run = 0; run < 3; run++) {
    // Record when the list's response ends and when the first row is painted (the frame after
    // it appears in the DOM).
    await page.addInitScript(() => {
      const marks: { rowPaintedAt?: number } = {};
      (globalThis as unknown as { benchMarks: typeof marks }).benchMarks = marks;
      new MutationObserver((_records, observer) => {
        if (document.querySelector('[role=row][data-wallet-id]')) {
          observer.disconnect();
          requestAnimationFrame(() => {
            marks.rowPaintedAt = performance.now();
          });
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${base}/wallets`);
    await page.waitForFunction(
      () =>
        (globalThis as unknown as { benchMarks: { rowPaintedAt?: number } }).benchMarks
          .rowPaintedAt,
    );
    const paint = await page.evaluate(() => {
      const entry = (
        performance.getEntriesByType('resource') as (PerformanceEntry & {
          responseEnd: number;
        })[]
      ).find((resource) => resource.name.includes('/api/wallets?mode=slim'));
      const marks = (globalThis as unknown as { benchMarks: { rowPaintedAt: number } }).benchMarks;
      return {
        dataArrivedAt: entry?.responseEnd ?? Number.NaN,
        rowPaintedAt: marks.rowPaintedAt,
        rows: document.querySelectorAll('[role=row][data-wallet-id]').length,
      };
    });
    console.log(
      `load ${run + 1}: first row painted ${(paint.rowPaintedAt - paint.dataArrivedAt).toFixed(0)} ms after the list arrived ` +
        `(${paint.rows} row elements)`,
    );
  }

  const scroll = await page.evaluate(async () => {
    const firstRow = document.querySelector('[role=row][data-wallet-id]');
    let scroller = firstRow?.parentElement ?? null;
    while (scroller && scroller.scrollHeight <= scroller.clientHeight)
      scroller = scroller.parentElement;
    if (!scroller) throw new Error('no scroller');
    const frames: number[] = [];
    let maxRows = 0;
    let last = performance.now();
    for (let frame = 0; frame < 400; frame++) {
      scroller.scrollTop += 400;
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const now = performance.now();
      frames.push(now - last);
      last = now;
      maxRows = Math.max(maxRows, document.querySelectorAll('[role=row][data-wallet-id]').length);
    }
    return { frames, maxRows, scrolledTo: scroller.scrollTop };
  });
  console.log(
    `scrolling 400 frames at 400 px/frame: frame time p50 ${percentile(scroll.frames, 50).toFixed(1)} ms, ` +
      `p95 ${percentile(scroll.frames, 95).toFixed(1)} ms; at most ${scroll.maxRows} row elements in the DOM`,
  );
  await context.close();
} finally {
  await chromium.close();
  await harness.close();
}
