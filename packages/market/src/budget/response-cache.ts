// Answers kept by request for their endpoint's stale time (spec 1 §9, spec 2 §9, spec 3 §9), and
// requests in flight shared: two pages asking for the SOL price at once cost one call.

interface Entry {
  readonly value: unknown;
  readonly at: number;
}

/** Enough for 500 mints' prices, pools and candles; the oldest entry goes first beyond it. */
const MAX_ENTRIES = 5_000;

export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<unknown>>();

  fresh(key: string, staleMs: number, now: number): { readonly value: unknown } | null {
    const entry = this.entries.get(key);
    if (entry === undefined) return null;
    if (now - entry.at >= staleMs) return null;
    return { value: entry.value };
  }

  put(key: string, value: unknown, now: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, at: now });
    if (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
  }

  /**
   * Forgets every kept answer whose request names `text` (a mint in its URL or body). A caller
   * that refused an answer (a price the guard rejected) must not get the same answer back from
   * here until its stale time runs out: the next refresh asks the provider again.
   */
  forgetMentioning(text: string): number {
    let forgotten = 0;
    for (const key of [...this.entries.keys()]) {
      if (!key.includes(text)) continue;
      this.entries.delete(key);
      forgotten++;
    }
    return forgotten;
  }

  pending(key: string): Promise<unknown> | undefined {
    return this.inFlight.get(key);
  }

  track(key: string, promise: Promise<unknown>): void {
    this.inFlight.set(key, promise);
    const forget = (): void => {
      if (this.inFlight.get(key) === promise) this.inFlight.delete(key);
    };
    promise.then(forget, forget);
  }
}
