// How many scan jobs run at once. Spec 3 §9: by default the endpoint count + 4, between 4 and
// 12; an operator may override up to 24. Within those bounds the limit follows what the pool
// sustains: it grows by a quarter while the pool has spare budget (no call waits for an endpoint)
// and shrinks by a quarter when 429s or failures show we are pushing too hard.

import { FleetError } from '@fleet/core';

import type { EndpointPool } from '../pool/endpoint-pool';

export const MIN_CONCURRENCY = 4;
export const DEFAULT_MAX_CONCURRENCY = 12;
export const OVERRIDE_MAX_CONCURRENCY = 24;

export interface ConcurrencyBounds {
  readonly start: number;
  readonly min: number;
  readonly max: number;
}

/**
 * `resumeAt`: where an earlier scan of the same pool left the limit (its report's
 * `concurrency.end`). A job that scans batch after batch starts each batch there, inside the
 * bounds, instead of climbing again from the endpoint count while the endpoints idle.
 */
export function concurrencyBounds(
  endpointCount: number,
  override?: number,
  resumeAt?: number,
): ConcurrencyBounds {
  if (override !== undefined) {
    if (!Number.isInteger(override) || override < 1 || override > OVERRIDE_MAX_CONCURRENCY)
      throw new FleetError('SCAN__INVALID_CONCURRENCY', { max: OVERRIDE_MAX_CONCURRENCY });
    return { start: override, min: Math.min(MIN_CONCURRENCY, override), max: override };
  }
  const from = resumeAt !== undefined && Number.isInteger(resumeAt) ? resumeAt : endpointCount + 4;
  const start = Math.min(DEFAULT_MAX_CONCURRENCY, Math.max(MIN_CONCURRENCY, from));
  return { start, min: MIN_CONCURRENCY, max: DEFAULT_MAX_CONCURRENCY };
}

export class AdaptiveConcurrency {
  limit: number;
  peak: number;
  private completions = 0;
  private sawWaiting = false;
  private troubleAtWindowStart: number;

  constructor(
    private readonly bounds: ConcurrencyBounds,
    private readonly pool: EndpointPool,
    private readonly onChange: (limit: number, why: string) => void,
  ) {
    this.limit = bounds.start;
    this.peak = bounds.start;
    this.troubleAtWindowStart = this.trouble();
  }

  private trouble(): number {
    const stats = this.pool.stats();
    let total = 0;
    for (const label of stats.endpoints)
      total += (stats.endpoint429s[label] ?? 0) + (stats.endpointErrors[label] ?? 0);
    return total;
  }

  /** Called as each job ends; decides once per window of `limit` jobs. */
  jobEnded(): void {
    if (this.pool.waiting() > 0) this.sawWaiting = true;
    if (++this.completions < this.limit) return;
    const trouble = this.trouble() - this.troubleAtWindowStart;
    // Sporadic errors (a few per window) are the endpoint's, not our pace's.
    if (trouble > Math.max(1, this.limit / 4) && this.limit > this.bounds.min) {
      this.set(Math.max(this.bounds.min, Math.floor(this.limit * 0.75)), 'errors or 429s');
    } else if (!this.sawWaiting && trouble === 0 && this.limit < this.bounds.max) {
      // Grow by a quarter (at least one): a short scan should reach the pool's pace quickly.
      const grown = this.limit + Math.max(1, Math.floor(this.limit / 4));
      this.set(Math.min(this.bounds.max, grown), 'spare endpoint budget');
    }
    this.completions = 0;
    this.sawWaiting = false;
    this.troubleAtWindowStart = this.trouble();
  }

  private set(limit: number, why: string): void {
    this.limit = limit;
    this.peak = Math.max(this.peak, limit);
    this.onChange(limit, why);
  }
}

/** Runs jobs with at most `concurrency.limit` in flight; the limit may move while it runs. */
export function runAdaptive<T>(
  jobs: readonly T[],
  concurrency: AdaptiveConcurrency,
  run: (job: T) => Promise<void>,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let next = 0;
    let active = 0;
    let failed = false;
    const launch = (): void => {
      if (failed) return;
      if (next >= jobs.length && active === 0) {
        resolve();
        return;
      }
      while (active < concurrency.limit && next < jobs.length) {
        const job = jobs[next++] as T;
        active++;
        run(job).then(
          () => {
            active--;
            concurrency.jobEnded();
            launch();
          },
          (error: Error) => {
            failed = true;
            reject(error);
          },
        );
      }
    };
    launch();
  });
}
