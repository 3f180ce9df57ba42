import { setMaxListeners } from 'node:events';
import type { ScanEvent, ScanOptions, ScanReport } from '@fleet/chain';
import type { Clock } from '@fleet/core';
import type { JobContext } from '../jobs/job-handler';
import type { ScanActivity } from '../scan-details/scan-activity';

/** How often a running batch asks whether it was cancelled. */
const CANCEL_CHECK_MS = 1_000;

/** Scanner warnings and errors copied to the job's log per batch; the rest are counted. */
const LOG_LINES_PER_BATCH = 20;

export interface StoppableScanDeps {
  readonly scanActivity?: ScanActivity | undefined;
  readonly clock: Clock;
}

/**
 * One scanner call of a scan job (cold or re-scan, as `read` does), stopped when the job is
 * cancelled (asked every second), its worker shuts down, or `stop` aborts: null then, and nothing
 * it read is kept. The scanner's warnings go to the job's log, a few a batch; its calls to Scan
 * Details.
 */
export async function scanStoppable<Checkpoint>(
  deps: StoppableScanDeps,
  context: JobContext<Checkpoint>,
  read: (options: ScanOptions) => Promise<ScanReport>,
  stop?: AbortSignal,
): Promise<ScanReport | null> {
  const controller = new AbortController();
  // Every request in flight listens to it (up to the scanner's concurrency, twice over).
  setMaxListeners(0, controller.signal);
  const stopOnShutdown = () => controller.abort(new Error('stopped'));
  context.signal.addEventListener('abort', stopOnShutdown, { once: true });
  stop?.addEventListener('abort', stopOnShutdown, { once: true });
  if (context.signal.aborted || stop?.aborted) controller.abort(new Error('stopped'));
  const watching = new AbortController();
  const watcher = (async () => {
    while (!watching.signal.aborted) {
      try {
        await deps.clock.sleep(CANCEL_CHECK_MS, watching.signal);
      } catch {
        return;
      }
      if (watching.signal.aborted) return;
      if (await context.isCancelRequested().catch(() => false)) {
        controller.abort(new Error('cancelled'));
        return;
      }
    }
  })();
  const activity = deps.scanActivity?.listener(context.tenantId);
  const lines: string[] = [];
  let unlogged = 0;
  try {
    const scan = await read({
      signal: controller.signal,
      onEvent: (event: ScanEvent) => {
        activity?.(event);
        if (event.type !== 'log' || event.level === 'info') return;
        if (lines.length < LOG_LINES_PER_BATCH) lines.push(event.message);
        else unlogged += 1;
      },
    });
    return controller.signal.aborted ? null : scan;
  } catch (error) {
    if (controller.signal.aborted) return null;
    throw error;
  } finally {
    watching.abort();
    await watcher;
    context.signal.removeEventListener('abort', stopOnShutdown);
    stop?.removeEventListener('abort', stopOnShutdown);
    for (const line of lines) await context.log('warn', line);
    if (unlogged > 0) await context.log('warn', `${unlogged} more scanner warning(s) not shown`);
  }
}
