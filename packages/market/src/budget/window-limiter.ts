// A provider's published limit is "N requests per window" (300 a minute, 30 a minute). A sliding
// log of the last N send times keeps any window of that length at N requests or fewer, however the
// provider aligns its own windows — a token bucket refilled at N/W could let N + burst through.

export interface WindowLimit {
  readonly requests: number;
  readonly perMs: number;
}

export class WindowLimiter {
  private readonly sent: number[] = [];

  constructor(readonly limit: WindowLimit) {
    if (!(limit.requests >= 1) || !(limit.perMs > 0))
      throw new RangeError('A window limit needs at least one request over a positive window');
  }

  /** Milliseconds until one more request stays within the limit (0: now). */
  waitMs(now: number): number {
    while (this.sent.length > 0 && (this.sent[0] ?? now) <= now - this.limit.perMs)
      this.sent.shift();
    if (this.sent.length < this.limit.requests) return 0;
    return (this.sent[0] ?? now) + this.limit.perMs - now;
  }

  take(now: number): void {
    this.sent.push(now);
  }
}
