import type { ProviderId } from '../errors/market-error';

/** One provider account's counters, for the Scan Details dialog beside the RPC endpoints. */
export interface ProviderStats {
  readonly provider: ProviderId;
  /** HTTP requests sent (each retry after a 429 is one more). */
  readonly calls: number;
  /** Answers served from the cache without a request. */
  readonly cacheHits: number;
  readonly rateLimited: number;
  /** Failed requests and rejected answers (status, network, timeout, not JSON, wrong shape, bad price). */
  readonly errors: number;
  readonly timeouts: number;
  readonly lastError: string | null;
  readonly lastErrorAt: number | null;
  /** How long this account still waits after a 429 (0: not cooling down). */
  readonly coolingDownMs: number;
}

export class ProviderCounters {
  calls = 0;
  cacheHits = 0;
  rateLimited = 0;
  errors = 0;
  timeouts = 0;
  lastError: string | null = null;
  lastErrorAt: number | null = null;

  constructor(readonly provider: ProviderId) {}

  failed(reason: string, now: number): void {
    this.errors++;
    this.lastError = reason;
    this.lastErrorAt = now;
  }

  snapshot(coolingDownMs: number): ProviderStats {
    return {
      provider: this.provider,
      calls: this.calls,
      cacheHits: this.cacheHits,
      rateLimited: this.rateLimited,
      errors: this.errors,
      timeouts: this.timeouts,
      lastError: this.lastError,
      lastErrorAt: this.lastErrorAt,
      coolingDownMs: Math.max(0, Math.round(coolingDownMs)),
    };
  }
}
