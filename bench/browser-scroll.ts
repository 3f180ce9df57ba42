// A wheel gesture down a virtualised table in headless Chromium, with every animation frame's
// interval recorded in the page: the benches of the wallet table and the Tokens Overview share it.
import type { Page } from 'playwright-core';

export interface ScrollTarget {
  /** The table's accessible name; the element with role=table and that name is what scrolls. */
  readonly tableName: string;
  /** Selects the table's row elements (to count how many the DOM holds at most). */
  readonly rowSelector: string;
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
};

/**
 * A frame interval is one vsync (16.67 ms, read as 16.6 to 16.8 with the timer's jitter) or a
 * whole multiple of it: "missed" counts the intervals that span more than one vsync.
 */
export const describeFrames = (frames: number[]) =>
  `frame time p50 ${percentile(frames, 50).toFixed(1)} ms, p95 ${percentile(frames, 95).toFixed(1)} ms, ` +
  `max ${Math.max(...frames).toFixed(1)} ms, ${frames.filter((frame) => frame > 25).length} missed vsyncs`;

/**
 * A wheel gesture down the table at `pixelsPerSecond` for `seconds`, with every animation frame's
 * interval recorded in the page and the most row elements seen in the DOM; `settleFrames` are the
 * frames of the half second after it stops.
 */
export async function measureGesture(
  target: Page,
  table: ScrollTarget,
  pixelsPerSecond: number,
  seconds = 5,
) {
  // The wheel must land on the table: the document itself scrolls too.
  await target.evaluate(() => window.scrollTo(0, 0));
  const box = await target.getByRole('table', { name: table.tableName }).boundingBox();
  const viewport = target.viewportSize();
  if (!box || !viewport) throw new Error(`no ${table.tableName} table on the page`);
  await target.evaluate((rowSelector) => {
    // No named functions in here: tsx would wrap them in a helper the page does not have.
    const probe = {
      frames: [] as number[],
      maxRows: 0,
      running: true,
      last: performance.now(),
      onFrame(now: number) {
        probe.frames.push(now - probe.last);
        probe.last = now;
        probe.maxRows = Math.max(probe.maxRows, document.querySelectorAll(rowSelector).length);
        if (probe.running) requestAnimationFrame((next) => probe.onFrame(next));
      },
    };
    (globalThis as unknown as { scrollProbe: typeof probe }).scrollProbe = probe;
    requestAnimationFrame((now) => probe.onFrame(now));
  }, table.rowSelector);
  const cdp = await target.context().newCDPSession(target);
  await cdp.send('Input.synthesizeScrollGesture', {
    x: Math.round(box.x + box.width / 3),
    y: Math.round(Math.min(box.y + 150, viewport.height - 40)),
    yDistance: -pixelsPerSecond * seconds,
    speed: pixelsPerSecond,
    gestureSourceType: 'mouse',
    preventFling: true,
  });
  await cdp.detach();
  // The frames after the gesture stops, while the list draws what it put off during it.
  const gestureFrames = await target.evaluate(
    () =>
      (globalThis as unknown as { scrollProbe: { frames: number[] } }).scrollProbe.frames.length,
  );
  await target.waitForTimeout(SETTLE_MS);
  return target.evaluate(
    ([tableName, gestureEnd]) => {
      const probe = (
        globalThis as unknown as {
          scrollProbe: { frames: number[]; maxRows: number; running: boolean };
        }
      ).scrollProbe;
      probe.running = false;
      const scroller = document.querySelector(`[role=table][aria-label="${tableName}"]`);
      const scrolled = scroller?.scrollTop ?? 0;
      if (scroller) scroller.scrollTop = 0;
      // The first two intervals straddle the start of the gesture.
      return {
        frames: probe.frames.slice(2, gestureEnd),
        settleFrames: probe.frames.slice(gestureEnd),
        maxRows: probe.maxRows,
        scrolled,
      };
    },
    [table.tableName, gestureFrames] as const,
  );
}

/** How long frames are still recorded after a gesture (the list's scroll end fires at 150 ms). */
const SETTLE_MS = 500;

/**
 * Loads `url` and measures from the end of the response named by `dataPath` to the first frame
 * painted after a row matching `rowSelector` appears; also the row elements then in the DOM.
 */
export async function measureFirstRowPaint(
  page: Page,
  url: string,
  rowSelector: string,
  dataPath: string,
) {
  await page.addInitScript((selector) => {
    const marks: { rowPaintedAt?: number } = {};
    (globalThis as unknown as { benchMarks: typeof marks }).benchMarks = marks;
    new MutationObserver((_records, observer) => {
      if (document.querySelector(selector)) {
        observer.disconnect();
        requestAnimationFrame(() => {
          marks.rowPaintedAt = performance.now();
        });
      }
    }).observe(document, { childList: true, subtree: true });
  }, rowSelector);
  await page.goto(url);
  await page.waitForFunction(
    () =>
      (globalThis as unknown as { benchMarks: { rowPaintedAt?: number } }).benchMarks.rowPaintedAt,
  );
  return page.evaluate(
    ([selector, path]) => {
      const entry = (
        performance.getEntriesByType('resource') as (PerformanceEntry & { responseEnd: number })[]
      ).find((resource) => resource.name.includes(path));
      const marks = (globalThis as unknown as { benchMarks: { rowPaintedAt: number } }).benchMarks;
      return {
        gapMs: marks.rowPaintedAt - (entry?.responseEnd ?? Number.NaN),
        rows: document.querySelectorAll(selector).length,
      };
    },
    [rowSelector, dataPath] as const,
  );
}

/** The renderer's main-thread stages a scrolling frame pays for, as Chromium's trace names them. */
const FRAME_STAGES = [
  ['main-thread frame', 'ProxyMain::BeginMainFrame'],
  ['events (React)', 'EventDispatch'],
  ['style', 'UpdateLayoutTree'],
  ['layout', 'Layout'],
  ['paint', 'Paint'],
  ['layerize', 'Layerize'],
  ['draw (compositor)', 'Display::DrawAndSwap'],
] as const;

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly dur: number;
}

/**
 * Runs `gesture` under Chromium's timeline trace and returns, per stage, its milliseconds per
 * frame: where a frame's time goes when the gesture drops frames. Tracing itself costs a little,
 * so the gesture's frame times are measured apart from this.
 */
export async function traceFrameStages(page: Page, frames: () => Promise<number>) {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  // The protocol types trace events as string maps; `dur` arrives as a number.
  cdp.on('Tracing.dataCollected', (data) => {
    for (const event of data.value) {
      events.push({ name: String(event.name), ph: String(event.ph), dur: Number(event.dur ?? 0) });
    }
  });
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,cc,viz',
    transferMode: 'ReportEvents',
  });
  const count = await frames();
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  const total = (name: string) =>
    events
      .filter((event) => event.name === name && event.ph === 'X')
      .reduce((sum, event) => sum + event.dur / 1000, 0);
  return FRAME_STAGES.map(([label, name]) => `${label} ${(total(name) / count).toFixed(1)}`).join(
    ', ',
  );
}
