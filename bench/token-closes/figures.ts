// How the close bench prints its figures. Lamport ratios stay bigint until they are text.
import { formatTokenAmount } from '@fleet/core';

export const fmt = (n: number, digits = 1) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
export const int = (n: number | bigint) => n.toLocaleString('en-US');
/** a ÷ b of two lamport amounts to one decimal (rounded down), without leaving bigint. */
export const ratio = (a: bigint, b: bigint) =>
  b === 0n ? '—' : formatTokenAmount(String((a * 10n) / b), 1, 1);
export const seconds = (ms: number) => `${fmt(ms / 1000)} s`;

/** The thread's longest stall while `work` runs: a 100 ms timer that fires late. */
export async function measuringStalls<T>(
  work: () => Promise<T>,
): Promise<{ value: T; stallMs: number }> {
  let previous = Date.now();
  let stallMs = 0;
  const timer = setInterval(() => {
    const now = Date.now();
    stallMs = Math.max(stallMs, now - previous - 100);
    previous = now;
  }, 100);
  try {
    const value = await work();
    stallMs = Math.max(stallMs, Date.now() - previous - 100);
    return { value, stallMs };
  } finally {
    clearInterval(timer);
  }
}
