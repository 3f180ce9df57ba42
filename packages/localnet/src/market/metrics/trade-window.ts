// Reads a pool's trades over a time range from a `MarketView`, whose `trades` answers newest
// first in pages. Every metric (volumes, counts, changes, candles) is computed from these.

import type { MarketView, SandboxTrade } from '../market-model.js';

const PAGE = 1_000;
/** A bound on the paging loop: 500 pages of 1,000 is far beyond any sandbox day. */
const MAX_PAGES = 500;

/**
 * Trades of `pool` with `fromMs <= timestampMs < toMs`, oldest first. Pages end on the oldest
 * trade's millisecond plus one and are de-duplicated by signature, so trades sharing a
 * millisecond across a page boundary are neither lost nor counted twice.
 */
export function tradesBetween(
  view: MarketView,
  pool: string,
  fromMs: number,
  toMs: number,
): SandboxTrade[] {
  const seen = new Set<string>();
  const collected: SandboxTrade[] = [];
  let beforeMs = toMs;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const batch = view.trades(pool, { limit: PAGE, beforeMs });
    let added = 0;
    let oldest = Number.POSITIVE_INFINITY;
    for (const trade of batch) {
      oldest = Math.min(oldest, trade.timestampMs);
      if (trade.timestampMs >= toMs || seen.has(trade.signature)) continue;
      seen.add(trade.signature);
      added += 1;
      if (trade.timestampMs >= fromMs) collected.push(trade);
    }
    if (batch.length < PAGE || added === 0 || oldest < fromMs) break;
    beforeMs = oldest + 1;
  }
  return collected.sort((a, b) => a.timestampMs - b.timestampMs || a.slot - b.slot);
}

/**
 * Walks `pool`'s trades newest first from `beforeMs` (exclusive), each once, until `visit`
 * returns false or the trades run out; paging as `tradesBetween` does.
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
    if (batch.length < PAGE || added === 0 || oldest === undefined) return;
    cursor = oldest.timestampMs + 1;
  }
}

/** The newest trade of `pool` strictly before `beforeMs`, if any. */
export function lastTradeBefore(
  view: MarketView,
  pool: string,
  beforeMs: number,
): SandboxTrade | undefined {
  return view.trades(pool, { limit: 1, beforeMs })[0];
}
