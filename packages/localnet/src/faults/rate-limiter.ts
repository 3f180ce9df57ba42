// A token bucket per key: `rate` tokens per second, holding one second's worth (and at least one
// token, so that rates below 1/s still let a request through), which is how providers'
// per-second limits behave under bursts. `peek` and `take` are separate so that a
// request limited by one bucket does not spend tokens of another.

interface Bucket {
  tokens: number;
  at: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  private refill(key: string, rate: number, now: number): Bucket {
    const capacity = Math.max(rate, 1);
    const bucket = this.buckets.get(key) ?? { tokens: capacity, at: now };
    bucket.tokens = Math.min(capacity, bucket.tokens + ((now - bucket.at) / 1000) * rate);
    bucket.at = now;
    this.buckets.set(key, bucket);
    return bucket;
  }

  /** Milliseconds until `count` tokens are available (0 when they are now). */
  peek(key: string, rate: number, count: number, now: number): number {
    const bucket = this.refill(key, rate, now);
    if (bucket.tokens >= count) return 0;
    return Math.ceil(((count - bucket.tokens) / rate) * 1000);
  }

  take(key: string, rate: number, count: number, now: number): void {
    const bucket = this.refill(key, rate, now);
    bucket.tokens -= count;
  }

  reset(): void {
    this.buckets.clear();
  }
}
