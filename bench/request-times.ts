// What the request benches share: their command-line flags and how they print a series of times.

/** `--name value` from this process's arguments, or the fallback. */
export function flag(name: string, fallback: string): string {
  const args = process.argv.slice(2);
  const at = args.indexOf(name);
  return at >= 0 ? (args[at + 1] ?? fallback) : fallback;
}

/** The q-quantile of the times (nearest rank). */
export function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
}

/** 'label, N runs: p50 … ms, p95 … ms, min … ms, max … ms'. */
export function timesLine(label: string, times: readonly number[]): string {
  return (
    `${label}, ${times.length} runs: p50 ${quantile(times, 0.5).toFixed(1)} ms, ` +
    `p95 ${quantile(times, 0.95).toFixed(1)} ms, min ${Math.min(...times).toFixed(1)} ms, ` +
    `max ${Math.max(...times).toFixed(1)} ms`
  );
}
