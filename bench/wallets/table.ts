// The wallet table at 50,000 rows in headless Chromium (issue 6 "Speed"): time from the list's
// data arriving to the first painted row, frame times while scrolling, and the most row elements
// in the DOM; and the slim list's server time (answered from the list cache, and written afresh
// after a change) and its bytes on the wire. Prints figures; no assertions.
//
//   npx tsx bench/wallets/table.ts [--wallets 50000] [--db pglite|postgres]
//
// The web app must be built (`npm start` builds it; or `node scripts/web-build.mjs`).
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { DatabaseKind } from '../../packages/core/src/index.js';
import { withTenant } from '../../packages/db/src/index.js';
import { sql } from 'drizzle-orm';
import { seedWallets } from '../../apps/server/src/testing/seed-wallets';
import { createOperator, createTestApp } from '../../apps/server/src/testing/test-app';
import { launchChromium } from '../../e2e/support/chromium';
import {
  describeFrames,
  measureFirstRowPaint,
  measureGesture,
  percentile,
} from '../browser-scroll';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? (args[at + 1] ?? fallback) : fallback;
};
const WALLETS = Number(arg('--wallets', '50000'));
const KIND = arg('--db', 'postgres') as DatabaseKind;
const webDistDir = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
if (!existsSync(`${webDistDir}/index.html`)) throw new Error('build the web app first');

/**
 * Scrolls the wallet table (the first scrollable ancestor of a row) by a fixed step per frame and
 * records each frame's interval (rAF to rAF) and its main-thread work (from the frame's start
 * until a task posted from it runs, after style, layout and paint).
 */
const measureScrolling = async (pixelsPerFrame: number) => {
  const firstRow = document.querySelector('[role=row][data-wallet-id]');
  let scroller = firstRow?.parentElement ?? null;
  while (scroller && scroller.scrollHeight <= scroller.clientHeight)
    scroller = scroller.parentElement;
  if (!scroller) throw new Error('no scroller');
  scroller.scrollTop = 0;
  await new Promise((resolve) => setTimeout(resolve, 500));
  const frames: number[] = [];
  const work: number[] = [];
  let maxRows = 0;
  let last = performance.now();
  for (let frame = 0; frame < 400; frame++) {
    scroller.scrollTop += pixelsPerFrame;
    // The frame's main-thread work: from its start (the rAF timestamp: scroll handling, React,
    // style, layout, paint, layerize) until a task posted from it runs after rendering.
    const frameStart = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
    const now = performance.now();
    await new Promise<void>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        work.push(performance.now() - frameStart);
        resolve();
      };
      channel.port2.postMessage(null);
    });
    frames.push(now - last);
    last = now;
    maxRows = Math.max(maxRows, document.querySelectorAll('[role=row][data-wallet-id]').length);
  }
  return { frames, work, maxRows };
};

const WALLET_TABLE = { tableName: 'Wallets', rowSelector: '[role=row][data-wallet-id]' } as const;

const harness = await createTestApp(KIND, { webDistDir });
const chromium = await launchChromium();
try {
  const operator = await createOperator(harness.app, 'table-bench@example.com');
  await seedWallets(harness.database.db, operator.tenantId, { count: WALLETS });
  if (KIND === 'postgres') await harness.database.db.execute('analyze');
  await harness.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;

  // The slim list: server time from its Server-Timing header, answered from the list cache
  // (nothing changed) and written afresh (one wallet renamed before each request), and the bytes
  // on the wire in br and gzip.
  const slimList = async (encoding: string) => {
    const response = await fetch(`${base}/api/wallets?mode=slim&summary=true`, {
      headers: { cookie: `fleet_session=${operator.cookie}`, 'accept-encoding': encoding },
    });
    await response.arrayBuffer();
    const timing = /dur=([\d.]+);desc="(\w+)"/.exec(response.headers.get('server-timing') ?? '');
    return {
      ms: Number(timing?.[1] ?? Number.NaN),
      how: timing?.[2] ?? '?',
      wireBytes: Number(response.headers.get('content-length') ?? Number.NaN),
    };
  };
  const renameOne = (n: number) =>
    withTenant(harness.database.db, operator.tenantId, (tx) =>
      tx.execute(
        sql`update wallets set name = ${`bench ${n}`} where id = (select id from wallets order by id limit 1)`,
      ),
    );
  const written: number[] = [];
  const cached: number[] = [];
  for (let run = 0; run < 7; run++) {
    await renameOne(run);
    const first = await slimList('br');
    if (first.how === 'written') written.push(first.ms);
    const second = await slimList('br');
    if (second.how === 'cached') cached.push(second.ms);
  }
  const br = await slimList('br');
  const gzip = await slimList('gzip');
  const identity = await slimList('identity');
  console.log(
    `${WALLETS} wallets on ${KIND}: GET /api/wallets?mode=slim&summary=true server time ` +
      `median ${percentile(cached, 50).toFixed(1)} ms unchanged (from the list cache, ${cached.length} runs), ` +
      `median ${percentile(written, 50).toFixed(0)} ms after a change (written and compressed, ${written.length} runs); ` +
      `${(identity.wireBytes / 1e6).toFixed(2)} MB raw, ${(br.wireBytes / 1e6).toFixed(2)} MB br, ` +
      `${(gzip.wireBytes / 1e6).toFixed(2)} MB gzip`,
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
    const paint = await measureFirstRowPaint(
      page,
      `${base}/wallets`,
      WALLET_TABLE.rowSelector,
      '/api/wallets?mode=slim',
    );
    console.log(
      `load ${run + 1}: first row painted ${paint.gapMs.toFixed(0)} ms after the list arrived ` +
        `(${paint.rows} row elements)`,
    );
  }

  // Scrolling, two ways, each also on a plain page of one tall striped box: the floor this
  // machine's headless Chromium (software raster, 2 cores) reaches with no table at all.
  // 1. A wheel gesture (CDP Input.synthesizeScrollGesture), as an operator scrolls: the
  //    compositor moves the page and the main thread renders the rows scrolled in.
  // 2. scrollTop set from requestAnimationFrame, a fixed step each frame: a synthetic worst case
  //    that forces style and layout on the main thread inside every frame.
  const floorPage = await context.newPage();
  await floorPage.setContent(
    '<div role="table" aria-label="Wallets" style="height:878px;overflow:auto;contain:strict">' +
      '<div style="height:2200000px;background:repeating-linear-gradient(#fff 0 44px,#eee 44px 88px)">' +
      '<div role="row" data-wallet-id="floor" style="height:44px"></div></div></div>',
  );
  const targets = [
    ['the table', page],
    ['a plain page', floorPage],
  ] as const;
  const describe = describeFrames;
  for (const pixelsPerSecond of [24_000, 6_000]) {
    for (const [label, target] of targets) {
      // Only the page in front gets animation frames.
      await target.bringToFront();
      const scroll = await measureGesture(target, WALLET_TABLE, pixelsPerSecond);
      console.log(
        `wheel gesture on ${label} at ${pixelsPerSecond} px/s (${pixelsPerSecond / 60} px/frame), ` +
          `${scroll.frames.length} frames, ${scroll.scrolled} px scrolled: ${describe(scroll.frames)}; ` +
          `at most ${scroll.maxRows} row elements in the DOM`,
      );
    }
  }
  for (const step of [400, 100]) {
    for (const [label, target] of targets) {
      await target.bringToFront();
      const scroll = await target.evaluate(measureScrolling, step);
      console.log(
        `scrollTop from rAF on ${label}, 400 frames at ${step} px/frame: ${describe(scroll.frames)}; ` +
          `main-thread work per frame p50 ${percentile(scroll.work, 50).toFixed(1)} ms, p95 ${percentile(scroll.work, 95).toFixed(1)} ms; ` +
          `at most ${scroll.maxRows} row elements in the DOM`,
      );
    }
  }
  await context.close();
} finally {
  await chromium.close();
  await harness.close();
}
