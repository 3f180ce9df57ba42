// Client-side pacing: a token bucket per endpoint, refilled at the rate we intend to use. Staying
// under the provider's limit is cheaper than being told so with a 429 and a Retry-After pause.

export class RateBudget {
  private tokens: number;
  private at: number;

  constructor(
    private rateValue: number,
    now: number,
    /** Burst allowance in seconds of rate; small, so bursts never outrun the provider's bucket. */
    private readonly burstSeconds = 0.1,
  ) {
    this.tokens = this.capacity;
    this.at = now;
  }

  get rate(): number {
    return this.rateValue;
  }

  private get capacity(): number {
    return Math.max(1, this.rateValue * this.burstSeconds);
  }

  setRate(rate: number, now: number): void {
    this.refill(now);
    this.rateValue = rate;
    this.tokens = Math.min(this.tokens, this.capacity);
  }

  private refill(now: number): void {
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.at) / 1000) * this.rateValue);
    this.at = now;
  }

  /** Milliseconds until one token is available (0 when one is now). */
  waitMs(now: number): number {
    this.refill(now);
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) / this.rateValue) * 1000);
  }

  take(now: number): void {
    this.refill(now);
    this.tokens -= 1;
  }
}
