import { formatUsd, NO_VALUE, relativeTime, type SolPrice } from '@fleet/core';

export interface SolPriceLine {
  /** `SOL $151.68 · jupiter · 12s ago`, or `SOL —` when there is no price. */
  readonly text: string;
  /** The figure's detail, or every reason it is missing (spec 1 §8's words first). */
  readonly title: string;
  readonly known: boolean;
}

/**
 * The header's SOL price line. The age is the server's `ageMs` when the answer arrived plus the
 * time since (`receivedAt`, the browser's clock), so a differing server clock cannot skew it.
 * Without a price it reads a dash with the reason in the title, never $0.
 */
export function solPriceLine(price: SolPrice, receivedAt: number, now: number): SolPriceLine {
  if (price.status === 'unavailable') {
    return {
      text: `SOL ${NO_VALUE}`,
      title: [price.message, ...price.reasons].join('\n'),
      known: false,
    };
  }
  const age = price.ageMs + Math.max(0, now - receivedAt);
  const ago = relativeTime(new Date(now - age).toISOString(), now);
  return {
    text: `SOL ${formatUsd(price.priceUsd)} · ${price.source} · ${ago}`,
    title: `SOL/USD ${price.priceUsd} from ${price.source}, fetched at ${price.fetchedAt}`,
    known: true,
  };
}

/** The line while the price cannot be asked for at all (the request itself failed). */
export function solPriceFailedLine(reason: string): SolPriceLine {
  return { text: `SOL ${NO_VALUE}`, title: `SOL price unavailable: ${reason}`, known: false };
}
