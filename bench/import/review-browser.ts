// The Private Keys review at 5,000 pasted keys in headless Chromium (issue 15: "it stays smooth at
// 5,000 keys; seen: 20 fps and a 1.4 s freeze on Validate"). Prints figures; no assertions on time.
//
//   npx tsx bench/import/review-browser.ts [--keys 5000] [--runs 3]
//
// Starts the real server as the e2e suite does (the web app must be built: `npm start` builds it,
// or `node scripts/web-build.mjs`), signs in as the demo user, pastes N fresh keys into the text
// area, then for each run: clicks Validate and times click → review painted (the frame after the
// review's first row is in the DOM), splitting out the validate-only request's own time from the
// page's resource timing, and records the long tasks (> 50 ms, PerformanceObserver 'longtask')
// from the click until the review is painted. Then frame times while scrolling the review table:
// a wheel gesture (CDP Input.synthesizeScrollGesture) and scrollTop stepped from rAF, as
// bench/wallets/table.ts measures the wallet table, with the most row elements seen in the DOM.
import type { Page } from 'playwright-core';
import { newTestKeypair } from '../../apps/server/src/testing/keypairs';
import { launchChromium } from '../../e2e/support/chromium';
import { startFleetServer } from '../../e2e/support/fleet-server';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => {
  const at = args.indexOf(name);
  const value = at >= 0 ? Number(args[at + 1]) : fallback;
  return Number.isInteger(value) && value > 0 ? value : fallback;
};
const KEYS = Math.min(arg('--keys', 5000), 5000);
const RUNS = arg('--runs', 3);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
};
// A frame interval is one vsync (16.7 ms) or a whole multiple of it: "missed" counts the
// intervals that span more than one.
const describeFrames = (frames: number[]) =>
  `frame time p50 ${percentile(frames, 50).toFixed(1)} ms, p95 ${percentile(frames, 95).toFixed(1)} ms, ` +
  `p99 ${percentile(frames, 99).toFixed(1)} ms, max ${Math.max(...frames).toFixed(1)} ms, ` +
  `${frames.filter((frame) => frame > 25).length} missed vsyncs of ${frames.length}`;

/** Click Validate; resolve with click → review painted, the request's time and the long tasks. */
async function timeValidate(page: Page) {
  return page.evaluate(async () => {
    const longTasks: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push(entry.duration);
    });
    observer.observe({ type: 'longtask', buffered: false });
    performance.clearResourceTimings();
    const button = [...document.querySelectorAll('button')].find(
      (element) => element.textContent?.trim() === 'Validate',
    );
    if (!button) throw new Error('no Validate button');
    // No named functions in here: tsx would wrap them in a helper the page does not have.
    const painted = new Promise<number>((resolve) => {
      new MutationObserver((_records, mutation) => {
        if (!document.querySelector('[role=table][aria-label="Review wallets"] [role=cell]'))
          return;
        mutation.disconnect();
        requestAnimationFrame((now) => resolve(now));
      }).observe(document.body, { childList: true, subtree: true });
    });
    const clickedAt = performance.now();
    button.click();
    // The click's own task (React's update, the request sent) runs before this line.
    const paintedAt = await painted;
    // Let a task that started in the painted frame finish and be reported.
    await new Promise((resolve) => setTimeout(resolve, 200));
    observer.disconnect();
    const request = (
      performance.getEntriesByType('resource') as (PerformanceEntry & {
        requestStart: number;
        responseEnd: number;
      })[]
    ).find((entry) => entry.name.includes('/api/wallet/validate-only'));
    return {
      clickToReviewMs: paintedAt - clickedAt,
      requestMs: request ? request.responseEnd - request.startTime : Number.NaN,
      afterResponseMs: request ? paintedAt - request.responseEnd : Number.NaN,
      longTasks,
      rows: document.querySelectorAll('[role=table][aria-label="Review wallets"] [role=row]')
        .length,
    };
  });
}

async function measureGesture(page: Page, pixelsPerSecond: number) {
  const table = await page.getByRole('table', { name: 'Review wallets' }).boundingBox();
  if (!table) throw new Error('no review table');
  await page.evaluate(() => {
    const probe = {
      frames: [] as number[],
      maxRows: 0,
      running: true,
      last: performance.now(),
      onFrame(now: number) {
        probe.frames.push(now - probe.last);
        probe.last = now;
        probe.maxRows = Math.max(
          probe.maxRows,
          document.querySelectorAll('[role=table][aria-label="Review wallets"] [role=row]').length,
        );
        if (probe.running) requestAnimationFrame((next) => probe.onFrame(next));
      },
    };
    (globalThis as unknown as { scrollProbe: typeof probe }).scrollProbe = probe;
    requestAnimationFrame((now) => probe.onFrame(now));
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.synthesizeScrollGesture', {
    x: Math.round(table.x + table.width / 2),
    y: Math.round(table.y + Math.min(150, table.height / 2)),
    yDistance: -pixelsPerSecond * 3,
    speed: pixelsPerSecond,
    gestureSourceType: 'mouse',
    preventFling: true,
  });
  await cdp.detach();
  return page.evaluate(() => {
    const probe = (
      globalThis as unknown as {
        scrollProbe: { frames: number[]; maxRows: number; running: boolean };
      }
    ).scrollProbe;
    probe.running = false;
    const scroller = document.querySelector('[role=table][aria-label="Review wallets"]');
    const scrolled = scroller?.scrollTop ?? 0;
    if (scroller) scroller.scrollTop = 0;
    return { frames: probe.frames.slice(2), maxRows: probe.maxRows, scrolled };
  });
}

/** scrollTop stepped from rAF: forces style and layout of the rows scrolled in within each frame. */
const measureStepped = async (pixelsPerFrame: number) => {
  const scroller = document.querySelector('[role=table][aria-label="Review wallets"]');
  if (!scroller) throw new Error('no review table');
  scroller.scrollTop = 0;
  await new Promise((resolve) => setTimeout(resolve, 300));
  const frames: number[] = [];
  let maxRows = 0;
  let last = performance.now();
  for (let frame = 0; frame < 300; frame++) {
    scroller.scrollTop += pixelsPerFrame;
    const now = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
    frames.push(now - last);
    last = now;
    maxRows = Math.max(maxRows, scroller.querySelectorAll('[role=row]').length);
  }
  scroller.scrollTop = 0;
  return { frames, maxRows };
};

const server = await startFleetServer();
const chromium = await launchChromium();
try {
  const password = /with password (\S+)/.exec(server.output())?.[1];
  if (!password) throw new Error(`no demo sign-in in the server's output:\n${server.output()}`);
  const keys = Array.from({ length: KEYS }, () => newTestKeypair().privateKey);
  const paste = keys.join('\n');
  const context = await chromium.browser.newContext({ viewport: { width: 1400, height: 950 } });
  const page = await context.newPage();
  page.setDefaultTimeout(120_000);
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email').fill('demo@fleet.local');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${server.url}/`);
  // The paste as one input event with the whole text, as a real paste arrives (Playwright's fill
  // types it through the editing commands, which takes minutes for 434 KiB on a loaded machine).
  const textarea = page.getByLabel(/Private keys/);
  await textarea.waitFor();
  const pasteMs = await textarea.evaluate((element, text) => {
    // React tracks the value through the prototype's setter: set it there, as the browser does.
    const descriptor = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value');
    if (!descriptor?.set) throw new Error('no value setter');
    const started = performance.now();
    descriptor.set.call(element, text);
    element.dispatchEvent(new Event('input', { bubbles: true }));
    return new Promise<number>((resolve) =>
      requestAnimationFrame(() => resolve(performance.now() - started)),
    );
  }, paste);
  console.log(
    `${KEYS} keys pasted (${(paste.length / 1024).toFixed(0)} KiB): input event → next frame ${pasteMs.toFixed(0)} ms; ` +
      `${RUNS} validate runs`,
  );

  for (let run = 0; run < RUNS; run++) {
    if (run > 0) await page.getByRole('button', { name: 'Back to keys' }).click();
    const result = await timeValidate(page);
    const longest = result.longTasks.length > 0 ? Math.max(...result.longTasks) : 0;
    console.log(
      `validate ${run + 1}: click → review painted ${result.clickToReviewMs.toFixed(0)} ms ` +
        `(validate-only request ${result.requestMs.toFixed(0)} ms, answer → painted ${result.afterResponseMs.toFixed(0)} ms); ` +
        `${result.longTasks.length} long task(s) over 50 ms, longest ${longest.toFixed(0)} ms; ` +
        `${result.rows} row elements in the DOM`,
    );
  }

  // Each scroll also on a plain page of one tall striped box in a scroller of the review's size:
  // the floor this machine's headless Chromium (software raster, 2 shared cores) reaches with no
  // table at all, so the review's own cost is the difference.
  const box = await page.getByRole('table', { name: 'Review wallets' }).boundingBox();
  const floorPage = await context.newPage();
  await floorPage.setContent(
    `<div role="table" aria-label="Review wallets" style="margin-top:${Math.round(box?.y ?? 0)}px;height:${Math.round(box?.height ?? 570)}px;overflow:auto;contain:strict">` +
      '<div style="height:200000px;background:repeating-linear-gradient(#fff 0 40px,#eee 40px 80px)">' +
      '<div role="row" style="height:40px"></div></div></div>',
  );
  const targets = [
    ['the review', page],
    ['a plain page', floorPage],
  ] as const;
  for (const pixelsPerSecond of [12_000, 3_000]) {
    for (const [label, target] of targets) {
      await target.bringToFront();
      const scroll = await measureGesture(target, pixelsPerSecond);
      console.log(
        `wheel gesture on ${label} at ${pixelsPerSecond} px/s, ${scroll.scrolled} px scrolled: ${describeFrames(scroll.frames)}; ` +
          `at most ${scroll.maxRows} row elements`,
      );
    }
  }
  for (const step of [400, 80]) {
    for (const [label, target] of targets) {
      await target.bringToFront();
      const scroll = await target.evaluate(measureStepped, step);
      console.log(
        `scrollTop from rAF on ${label}, 300 frames at ${step} px/frame: ${describeFrames(scroll.frames)}; ` +
          `at most ${scroll.maxRows} row elements`,
      );
    }
  }
} finally {
  await chromium.close();
  await server.stop();
}
