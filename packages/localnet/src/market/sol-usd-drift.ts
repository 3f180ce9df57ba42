// SOL/USD for the sandbox: a bounded random walk in log space, one step per `stepMs` of the
// injected clock. The walk is a function of the seed and the elapsed time only, so two readers at
// the same instant see the same price, and a test that moves its clock sees the price move.

import { gaussian, seededRandom, type Random } from './seeded-random.js';
import type { SolUsdQuote } from './market-model.js';

export interface SolUsdDriftOptions {
  readonly seed: string;
  readonly now: () => number;
  /** Starting price (default 150). */
  readonly start?: number;
  /** Bounds the walk never leaves (default start/2 … start×2). */
  readonly min?: number;
  readonly max?: number;
  /** One step per this many milliseconds (default 5,000). */
  readonly stepMs?: number;
  /** Standard deviation of one step's log return (default 0.002, about 0.2 %). */
  readonly volatility?: number;
}

/** Beyond this many pending steps the walk skips ahead: an idle hour costs no more than a minute. */
const MAX_STEPS_PER_READ = 10_000;

export class SolUsdDrift {
  private readonly random: Random;
  private readonly stepMs: number;
  private readonly volatility: number;
  private readonly min: number;
  private readonly max: number;
  private readonly startedAtMs: number;
  private readonly openingPrice: number;
  private price: number;
  private steps = 0;

  constructor(private readonly options: SolUsdDriftOptions) {
    this.random = seededRandom(`${options.seed}:sol-usd`);
    this.openingPrice = options.start ?? 150;
    this.price = this.openingPrice;
    this.min = options.min ?? this.openingPrice / 2;
    this.max = options.max ?? this.openingPrice * 2;
    this.stepMs = options.stepMs ?? 5_000;
    this.volatility = options.volatility ?? 0.002;
    this.startedAtMs = options.now();
    if (!(this.min > 0 && this.min <= this.openingPrice && this.openingPrice <= this.max)) {
      throw new Error(
        `SOL/USD bounds must hold the start: ${this.min} ≤ ${this.openingPrice} ≤ ${this.max}`,
      );
    }
  }

  quote(): SolUsdQuote {
    const now = this.options.now();
    const due = Math.floor((now - this.startedAtMs) / this.stepMs);
    let pending = Math.min(due - this.steps, MAX_STEPS_PER_READ);
    while (pending > 0) {
      this.step();
      pending--;
    }
    this.steps = Math.max(this.steps, due);
    return { price: this.price, updatedAtMs: this.startedAtMs + this.steps * this.stepMs };
  }

  /** Percent change since the market opened (the sandbox keeps no older history). */
  changeSinceOpenPct(): number {
    return (this.quote().price / this.openingPrice - 1) * 100;
  }

  private step(): void {
    const next = this.price * Math.exp(gaussian(this.random) * this.volatility);
    // Reflect at the bounds, so the walk keeps moving instead of sticking to a wall.
    if (next > this.max) this.price = this.max * (this.max / next);
    else if (next < this.min) this.price = this.min * (this.min / next);
    else this.price = next;
  }
}
