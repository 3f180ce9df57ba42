// What a client knows about one endpoint it paces: its counters for the Scan Details dialog, its
// recent outcomes (for the 429 back-off rule and its health), its latency, its budget and
// cool-down. Pure: the caller passes the time, and the dice for jitter. The chain's RPC pool and the
// market's provider clients share it, so a 429 means the same thing to both.

import type { Random } from '../time/clock';
import { RateBudget } from './rate-budget';

/** What pacing needs to know of an endpoint's configuration. */
export interface PacingConfig {
  /** The provider's limit in requests per second; unset: learned from its 429s. */
  readonly rps?: number | undefined;
}

export type Outcome = 'ok' | '429' | 'error';

/** Spec 3 §9: when the 429 share over the last 20 samples reaches 0.3, cool down 1.5–2 s. */
export const BACKOFF_WINDOW = 20;
export const BACKOFF_SHARE = 0.3;
const BACKOFF_MIN_MS = 1_500;
const BACKOFF_JITTER_MS = 500;
/** Consecutive failures after which an endpoint is parked as unhealthy. */
const FAILURES_TO_PARK = 3;
const PARK_BASE_MS = 1_000;
const PARK_MAX_MS = 30_000;
const LATENCY_ALPHA = 0.2;
/** We pace at this share of a configured rate: arrival jitter must not cross the provider's line. */
export const PACING_SHARE = 0.97;

export type EndpointHealth = 'healthy' | 'degraded' | 'down';

export interface EndpointSnapshot {
  readonly label: string;
  readonly hits: number;
  readonly errors: number;
  readonly rateLimited: number;
  readonly timeouts: number;
  readonly latencyMs: number | null;
  readonly lastError: string | null;
  readonly health: EndpointHealth;
  readonly coolingDownMs: number;
  /** Requests per second the pool paces this endpoint at (null: unpaced). */
  readonly pacedRps: number | null;
}

export class PacedEndpoint<C extends PacingConfig = PacingConfig> {
  hits = 0;
  errors = 0;
  rateLimited = 0;
  timeouts = 0;
  lastError: string | null = null;
  latencyMs: number | null = null;
  consecutiveFailures = 0;
  /** How many times in a row the endpoint has been parked; each park lasts twice the last. */
  private parkLevel = 0;
  cooldownUntil = 0;
  inFlight = 0;
  /** Start times of requests in flight, to notice an endpoint that has started hanging. */
  private readonly started = new Map<number, number>();
  private nextRequest = 0;
  private readonly samples: Outcome[] = [];
  private readonly sentAt: number[] = [];
  private readonly answeredAt: number[] = [];
  private lastRateLimitAt = 0;
  budget: RateBudget | null;

  constructor(
    readonly config: C,
    readonly label: string,
    now: number,
    private readonly random: Random,
  ) {
    this.budget = config.rps === undefined ? null : new RateBudget(config.rps * PACING_SHARE, now);
  }

  get parked(): boolean {
    return this.consecutiveFailures >= FAILURES_TO_PARK;
  }

  /** Whether a request may start now, and if not, in how many milliseconds. */
  waitMs(now: number): number {
    const cooling = Math.max(0, this.cooldownUntil - now);
    // A parked endpoint gets one probe at a time once its cool-down ends.
    if (this.parked && this.inFlight > 0) return Math.max(cooling, 250);
    if (this.suspect(now) && this.inFlight > 0) return Math.max(cooling, 100);
    return Math.max(cooling, this.budget?.waitMs(now) ?? 0);
  }

  /** Has a request in flight for much longer than this endpoint usually answers in. */
  private suspect(now: number): boolean {
    const oldest = this.oldestInFlightMs(now);
    return oldest > Math.max(2_000, 5 * (this.latencyMs ?? 200));
  }

  private oldestInFlightMs(now: number): number {
    let oldest = 0;
    for (const at of this.started.values()) oldest = Math.max(oldest, now - at);
    return oldest;
  }

  /** Lower is better: expected latency, scaled by load and by recent failures. */
  score(now: number): number {
    const latency = Math.max(this.latencyMs ?? 50, this.oldestInFlightMs(now));
    const failures = this.samples.filter((s) => s !== 'ok').length;
    const successShare = this.samples.length === 0 ? 1 : 1 - failures / this.samples.length;
    return (latency * (1 + this.inFlight)) / Math.max(0.05, successShare);
  }

  begin(now: number): number {
    this.hits++;
    this.inFlight++;
    this.budget?.take(now);
    remember(this.sentAt, now);
    const id = this.nextRequest++;
    this.started.set(id, now);
    return id;
  }

  end(id: number): void {
    this.inFlight--;
    this.started.delete(id);
  }

  succeeded(latencyMs: number, now: number): void {
    this.record('ok');
    remember(this.answeredAt, now);
    this.consecutiveFailures = 0;
    this.parkLevel = 0;
    this.latencyMs =
      this.latencyMs === null
        ? latencyMs
        : this.latencyMs + LATENCY_ALPHA * (latencyMs - this.latencyMs);
    this.growLearnedRate(now);
  }

  failed(reason: string, timedOut: boolean, now: number): void {
    this.record('error');
    this.errors++;
    if (timedOut) this.timeouts++;
    this.lastError = reason;
    this.consecutiveFailures++;
    // Failures of calls already in flight when the endpoint was parked do not extend the park.
    if (this.parked && now >= this.cooldownUntil) {
      const park = Math.min(PARK_MAX_MS, PARK_BASE_MS * 2 ** this.parkLevel);
      this.parkLevel = Math.min(this.parkLevel + 1, 5);
      this.cooldownUntil = now + park * (0.8 + 0.4 * this.random());
    }
  }

  /** A 429: honour Retry-After, apply the spec's back-off rule, and learn the rate if unknown. */
  limited(retryAfterMs: number | null, now: number): void {
    this.record('429');
    this.rateLimited++;
    this.lastError = 'HTTP 429';
    this.cooldownUntil = Math.max(this.cooldownUntil, now + (retryAfterMs ?? 1_000));
    if (this.share429() >= BACKOFF_SHARE) {
      this.cooldownUntil = Math.max(
        this.cooldownUntil,
        now + BACKOFF_MIN_MS + this.random() * BACKOFF_JITTER_MS,
      );
    }
    this.lastRateLimitAt = now;
    // Without a configured rate, pace a little under what the endpoint served in the last
    // second before it said stop (or, if it served nothing yet, half of what we sent).
    const lastSecond = (list: readonly number[]) => list.filter((at) => at >= now - 1_000).length;
    const served = lastSecond(this.answeredAt);
    const learned = Math.max(1, served > 0 ? served * 0.9 : lastSecond(this.sentAt) * 0.5);
    if (this.config.rps === undefined) {
      if (this.budget === null) this.budget = new RateBudget(learned, now);
      else this.budget.setRate(Math.min(this.budget.rate, learned), now);
    }
  }

  /** A learned rate creeps back up after five quiet seconds, in case the limit was a burst. */
  private growLearnedRate(now: number): void {
    if (this.config.rps !== undefined || this.budget === null) return;
    if (now - this.lastRateLimitAt < 5_000) return;
    this.budget.setRate(this.budget.rate * 1.1, now);
    this.lastRateLimitAt = now;
  }

  share429(): number {
    if (this.samples.length === 0) return 0;
    return this.samples.filter((s) => s === '429').length / this.samples.length;
  }

  private record(outcome: Outcome): void {
    this.samples.push(outcome);
    if (this.samples.length > BACKOFF_WINDOW) this.samples.shift();
  }

  health(now: number): EndpointHealth {
    if (this.parked) return 'down';
    if (this.cooldownUntil > now || this.samples.some((s) => s !== 'ok')) return 'degraded';
    return 'healthy';
  }

  snapshot(now: number): EndpointSnapshot {
    return {
      label: this.label,
      hits: this.hits,
      errors: this.errors,
      rateLimited: this.rateLimited,
      timeouts: this.timeouts,
      latencyMs: this.latencyMs === null ? null : Math.round(this.latencyMs),
      lastError: this.lastError,
      health: this.health(now),
      coolingDownMs: Math.max(0, Math.round(this.cooldownUntil - now)),
      pacedRps: this.budget === null ? null : Math.round(this.budget.rate * 100) / 100,
    };
  }
}

/** Keeps the last two seconds of timestamps. */
function remember(list: number[], now: number): void {
  list.push(now);
  while (list.length > 0 && (list[0] ?? now) < now - 2_000) list.shift();
}
