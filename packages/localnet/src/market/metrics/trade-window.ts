// Reads a pool's trades over a time range from a `MarketView`, whose `trades` answers newest
// first in pages. Every metric (volumes, counts, changes, candles) is computed from these.

import type { MarketView, SandboxTrade } from '../market-model.js';

const PAGE = 1_000;
/** A bound on the paging loop: 500 pages of 1,000 is far beyond any sandbox day. */
const MAX_PAGES = 500;

/**
 * Walks `pool`'s trades newest first from `beforeMs` (exclusive), each once, until `visit`
 * returns false or the trades run out. Pages end on the oldest trade's millisecond plus one and
 * are de-duplicated by signature, so trades sharing a millisecond across a page boundary are
 * neither lost nor seen twice (unless a whole page shares one millisecond).
 */
export function walkTradesBackwards(
  view: MarketView,
  pool: string,
  beforeMs: number,
  visit: (trade: SandboxTrade) => boolean,
): void {
  const seen = new Set<string>();
  let cursor = beforeMs;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const batch = [...view.trades(pool, { limit: PAGE, beforeMs: cursor })].sort(
      (a, b) => b.timestampMs - a.timestampMs || b.slot - a.slot,
    );
    let added = 0;
    for (const trade of batch) {
      if (trade.timestampMs >= beforeMs || seen.has(trade.signature)) continue;
      seen.add(trade.signature);
      added += 1;
      if (!visit(trade)) return;
    }
    const oldest = batch[batch.length - 1];
    // A short page is not taken as the end: the view may cap `limit` below ours.
    if (added === 0 || oldest === undefined) return;
    cursor = oldest.timestampMs + 1;
  }
}

/** Trades of `pool` with `fromMs <= timestampMs < toMs`, oldest first. */
export function tradesBetween(
  view: MarketView,
  pool: string,
  fromMs: number,
  toMs: number,
): SandboxTrade[] {
  const collected: SandboxTrade[] = [];
  walkTradesBackwards(view, pool, toMs, (trade) => {
    if (trade.timestampMs < fromMs) return false;
    collected.push(trade);
    return true;
  });
  return collected.reverse();
}

/** The newest trade of `pool` strictly before `beforeMs`, if any. */
export function lastTradeBefore(
  view: MarketView,
  pool: string,
  beforeMs: number,
): SandboxTrade | undefined {
  return view.trades(pool, { limit: 1, beforeMs })[0];
}
