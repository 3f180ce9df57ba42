/** Spec 1 §7: the SOL price is fetched again every 60 s. */
export const SOL_PRICE_REFRESH_MS = 60_000;

/**
 * The market keeps a SOL price for exactly the refresh interval, so the refresh comes this much
 * later: a timer that fired a millisecond early would find it still fresh and skip a minute.
 */
const AFTER_STALE_MS = 1_000;

/**
 * Keeps the process's SOL price fresh whether or not a page asks for it: the header's age then
 * reads at most a minute, and the first page after a quiet hour does not wait for the providers.
 * A failed refresh is the market's to report (every provider's reason is in the price); this only
 * logs what escapes it.
 */
export function startSolPriceRefresh(options: {
  readonly refresh: () => Promise<unknown>;
  readonly onError: (error: unknown) => void;
  readonly intervalMs?: number;
}): { stop(): void } {
  const tick = () => {
    options.refresh().catch(options.onError);
  };
  tick();
  const timer = setInterval(tick, (options.intervalMs ?? SOL_PRICE_REFRESH_MS) + AFTER_STALE_MS);
  // The refresh never keeps a process alive that is otherwise done.
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
