// One named endpoint: its fault profile, its seeded randomness and its counters. The HTTP layer
// asks it what to do with each request; tests and benchmarks read what it served.

import {
  validateFaultProfile,
  type ErrorKind,
  type FaultProfile,
  type LostAckKind,
} from './fault-profile.js';
import { RateLimiter } from './rate-limiter.js';

export interface EndpointCounters {
  /** HTTP requests received (a batch is one). */
  readonly httpRequests: number;
  /** JSON-RPC calls received, by method (each batch item counts). */
  readonly requestsByMethod: Readonly<Record<string, number>>;
  readonly totalCalls: number;
  /** Requests answered with HTTP 429. */
  readonly rateLimited: number;
  /** Injected failures (HTTP 500/503 or JSON-RPC error). */
  readonly errors: number;
  /** Calls genuinely answered with a JSON-RPC error (bad params, preflight failure, ...). */
  readonly rpcErrors: number;
  /** Requests refused by the outage switch (reset or left hanging). */
  readonly outages: number;
  /** Sends acknowledged but not landed. */
  readonly droppedSends: number;
  /** Sends that landed but were answered with a failure (or a reset) instead of the signature. */
  readonly lostAcks: number;
  /**
   * Calls let through the rate limits, by method, with the times (ms since the epoch) of the
   * first and the last: a benchmark reads from here when a method's calls began and ended.
   */
  readonly admittedByMethod: Readonly<Record<string, AdmittedCalls>>;
}

export interface AdmittedCalls {
  readonly calls: number;
  readonly firstAt: number;
  readonly lastAt: number;
}

export type Admission =
  | { readonly kind: 'serve'; readonly delayMs: number }
  | { readonly kind: 'rate-limited'; readonly retryAfterSeconds: number }
  | { readonly kind: 'error'; readonly errorKind: ErrorKind; readonly delayMs: number };

/** mulberry32: small, fast, seedable. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Endpoint {
  private profileValue: Readonly<FaultProfile>;
  private random: () => number;
  private readonly limiter = new RateLimiter();
  private counts = emptyCounts();
  private byMethod = new Map<string, number>();
  private admitted = new Map<string, AdmittedCalls>();

  constructor(
    readonly name: string,
    profile: FaultProfile = {},
  ) {
    this.profileValue = validateFaultProfile(profile);
    this.random = seededRandom(profile.seed ?? hashName(name));
  }

  get profile(): Readonly<FaultProfile> {
    return this.profileValue;
  }

  setProfile(profile: FaultProfile): void {
    this.profileValue = validateFaultProfile(profile);
    this.random = seededRandom(profile.seed ?? hashName(this.name));
    this.limiter.reset();
  }

  /** How this endpoint is down, if it is. */
  get outage(): 'reset' | 'hang' | null {
    const outage = this.profileValue.outage;
    if (outage === true || outage === 'reset') return 'reset';
    return outage === 'hang' ? 'hang' : null;
  }

  recordOutage(): void {
    this.counts.httpRequests++;
    this.counts.outages++;
  }

  /** Decides the fate of one HTTP request carrying these method calls. */
  admit(methods: readonly string[], now: number): Admission {
    this.counts.httpRequests++;
    this.counts.totalCalls += methods.length;
    for (const method of methods) this.byMethod.set(method, (this.byMethod.get(method) ?? 0) + 1);
    const profile = this.profileValue;

    let waitMs = 0;
    if (profile.rps !== undefined)
      waitMs = Math.max(waitMs, this.limiter.peek('*', profile.rps, methods.length, now));
    const perMethod = new Map<string, number>();
    for (const method of methods) perMethod.set(method, (perMethod.get(method) ?? 0) + 1);
    for (const [method, count] of perMethod) {
      const rate = profile.methodRps?.[method];
      if (rate !== undefined)
        waitMs = Math.max(waitMs, this.limiter.peek(method, rate, count, now));
    }
    if (waitMs > 0) {
      this.counts.rateLimited++;
      return { kind: 'rate-limited', retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    }
    if (profile.rps !== undefined) this.limiter.take('*', profile.rps, methods.length, now);
    for (const [method, count] of perMethod) {
      const rate = profile.methodRps?.[method];
      if (rate !== undefined) this.limiter.take(method, rate, count, now);
      const seen = this.admitted.get(method);
      this.admitted.set(method, {
        calls: (seen?.calls ?? 0) + count,
        firstAt: seen?.firstAt ?? now,
        lastAt: now,
      });
    }

    const delayMs =
      (profile.latencyMs ?? 0) + (profile.jitterMs ? this.random() * profile.jitterMs : 0);
    if (
      profile.errorRate !== undefined &&
      profile.errorRate > 0 &&
      this.random() < profile.errorRate
    ) {
      this.counts.errors++;
      return { kind: 'error', errorKind: profile.errorKind ?? 'http-503', delayMs };
    }
    return { kind: 'serve', delayMs };
  }

  recordRpcErrors(count: number): void {
    this.counts.rpcErrors += count;
  }

  /** Whether to swallow one accepted send. */
  dropSend(): boolean {
    const rate = this.profileValue.dropSendRate ?? 0;
    if (rate <= 0 || this.random() >= rate) return false;
    this.counts.droppedSends++;
    return true;
  }

  /**
   * Whether to lose the answer to one send the chain has executed, and how; null to answer it.
   * Drawn after the call ran, from the same seeded sequence as the other faults.
   */
  loseAck(): LostAckKind | null {
    const rate = this.profileValue.lostAckRate ?? 0;
    if (rate <= 0 || this.random() >= rate) return null;
    this.counts.lostAcks++;
    return this.profileValue.lostAckKind ?? 'http-503';
  }

  counters(): EndpointCounters {
    return {
      ...this.counts,
      requestsByMethod: Object.fromEntries(this.byMethod),
      admittedByMethod: Object.fromEntries(this.admitted),
    };
  }

  resetCounters(): void {
    this.counts = emptyCounts();
    this.byMethod = new Map();
    this.admitted = new Map();
  }
}

type Counts = {
  -readonly [K in Exclude<keyof EndpointCounters, 'requestsByMethod' | 'admittedByMethod'>]: number;
};

function emptyCounts(): Counts {
  return {
    httpRequests: 0,
    totalCalls: 0,
    rateLimited: 0,
    errors: 0,
    rpcErrors: 0,
    outages: 0,
    droppedSends: 0,
    lostAcks: 0,
  };
}

function hashName(name: string): number {
  let hash = 2166136261;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 16777619);
  return hash >>> 0;
}
