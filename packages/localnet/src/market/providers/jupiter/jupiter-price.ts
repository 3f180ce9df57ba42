// Jupiter Price API v3: `GET /price/v3?ids=<mint,…>` (at most 50) answers
// `{ [mint]: { usdPrice, blockId, decimals, priceChange24h, createdAt, liquidity } }`. A mint
// the market cannot price is left out, as Jupiter leaves it out; SOL is the drifting SOL/USD.

import type { MarketRequest, MarketResponse } from '../../http/market-request.js';
import { SOL_MINT } from '../../swap/swap-quote.js';
import { priceChange24hPct, tokenPrice } from '../../token-prices.js';
import type { JupiterContext } from './jupiter-context.js';
import { isAddress, priceQuery } from './jupiter-params.js';
import { jupiterError } from './jupiter-wire.js';

export const MAX_PRICE_IDS = 50;

export function getPrice(ctx: JupiterContext, request: MarketRequest): MarketResponse {
  const parsed = priceQuery.safeParse(Object.fromEntries(request.query));
  if (!parsed.success) return jupiterError(400, 'Query parameter ids is missing');
  const ids = [
    ...new Set(
      parsed.data.ids
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id !== ''),
    ),
  ];
  if (ids.length > MAX_PRICE_IDS) {
    return jupiterError(
      400,
      `Too many ids: at most ${MAX_PRICE_IDS} per request, got ${ids.length}`,
    );
  }
  const invalid = ids.find((id) => !isAddress(id));
  if (invalid !== undefined) return jupiterError(400, `Invalid mint address: ${invalid}`);

  const now = ctx.now();
  const out: Record<string, unknown> = {};
  for (const id of ids) {
    const price = tokenPrice(ctx.market, id);
    if (price === null) continue;
    const token = ctx.market.token(id);
    const createdAtMs = token?.createdAtMs ?? now;
    out[id] = {
      createdAt: new Date(createdAtMs).toISOString(),
      liquidity: round2(price.liquidityUsd),
      usdPrice: price.usd,
      blockId: price.slot,
      decimals: id === SOL_MINT ? 9 : (token?.decimals ?? 0),
      priceChange24h:
        id === SOL_MINT ? ctx.market.solUsdChangePct() : priceChange24hPct(ctx.market, id, now),
    };
  }
  return { status: 200, json: out };
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
