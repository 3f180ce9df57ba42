// What makes a provider's price unusable, whatever the provider: not a number, not finite, zero
// or negative, or 50× away from the last price we accepted for the same mint less than a minute
// ago (a decimal slip or a manipulated pool, not a market). A rejected price is never stored and
// never shown; the caller falls through to the next provider with the reason.

/** A price this many times the last accepted one (or this many times smaller) is refused. */
export const MAX_PRICE_JUMP = 50;
export const PRICE_JUMP_WINDOW_MS = 60_000;

/** Why a price cannot stand, or null when it can (before any comparison with the past). */
export function priceProblem(price: number): string | null {
  if (Number.isNaN(price)) return 'price is not a number';
  if (!Number.isFinite(price)) return 'price is not finite';
  if (price === 0) return 'price is zero';
  if (price < 0) return 'price is negative';
  return null;
}

export class PriceGuard {
  private readonly accepted = new Map<string, { readonly price: number; readonly at: number }>();

  /** Null when the price may be accepted now; otherwise why not. */
  check(mint: string, price: number, now: number): string | null {
    const problem = priceProblem(price);
    if (problem !== null) return problem;
    const last = this.accepted.get(mint);
    // Inclusive: the SOL price is refetched every 60 s exactly, and must still be compared.
    if (last === undefined || now - last.at > PRICE_JUMP_WINDOW_MS) return null;
    const ratio = price > last.price ? price / last.price : last.price / price;
    if (ratio >= MAX_PRICE_JUMP)
      return `price jumped ${Math.round(ratio)}× within a minute (${last.price} → ${price})`;
    return null;
  }

  accept(mint: string, price: number, now: number): void {
    this.accepted.set(mint, { price, at: now });
  }
}
