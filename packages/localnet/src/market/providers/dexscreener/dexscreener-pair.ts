// DexScreener's pair object, built from the sandbox's pool metrics. Field names, nesting and
// JSON types follow DexScreener's published API (https://docs.dexscreener.com/api/reference,
// "Get one or multiple pairs by token address") and responses recorded from
// api.dexscreener.com: prices are strings, everything else numbers; websites carry a label,
// socials a type; the pair URL is the lower-cased pair address under dexscreener.com.

import { decimalText, rounded } from '../../metrics/number-text.js';
import type { PoolMetrics, WindowStats } from '../../metrics/pool-metrics.js';
import type { MarketView } from '../../market-model.js';

export const WRAPPED_SOL_MINT = 'So11111111111111111111111111111111111111112';

export interface DexScreenerTxns {
  readonly buys: number;
  readonly sells: number;
}

type Windowed<T> = { readonly m5: T; readonly h1: T; readonly h6: T; readonly h24: T };

export interface DexScreenerPair {
  readonly chainId: 'solana';
  readonly dexId: string;
  readonly url: string;
  readonly pairAddress: string;
  readonly baseToken: { readonly address: string; readonly name: string; readonly symbol: string };
  readonly quoteToken: { readonly address: string; readonly name: string; readonly symbol: string };
  readonly priceNative: string;
  readonly priceUsd: string;
  readonly txns: Windowed<DexScreenerTxns>;
  readonly volume: Windowed<number>;
  readonly priceChange: Windowed<number>;
  readonly liquidity: { readonly usd: number; readonly base: number; readonly quote: number };
  readonly fdv: number;
  readonly marketCap: number;
  readonly pairCreatedAt: number;
  readonly info: {
    readonly imageUrl: string;
    readonly websites: readonly { readonly label: string; readonly url: string }[];
    readonly socials: readonly { readonly type: string; readonly url: string }[];
  };
  readonly boosts?: { readonly active: number };
}

function windowed<T>(
  windows: PoolMetrics['windows'],
  pick: (stats: WindowStats) => T,
): Windowed<T> {
  return {
    m5: pick(windows.m5),
    h1: pick(windows.h1),
    h6: pick(windows.h6),
    h24: pick(windows.h24),
  };
}

/** The active boost total of a mint, as DexScreener's `boosts.active`. */
export function activeBoosts(view: MarketView, mint: string): number {
  return view
    .boosts()
    .filter((boost) => boost.mint === mint)
    .reduce((sum, boost) => sum + boost.amount, 0);
}

export function dexScreenerPair(view: MarketView, metrics: PoolMetrics): DexScreenerPair {
  const { pool, token, windows } = metrics;
  const boosted = activeBoosts(view, token.mint);
  return {
    chainId: 'solana',
    dexId: pool.dexId,
    url: `https://dexscreener.com/solana/${pool.address.toLowerCase()}`,
    pairAddress: pool.address,
    baseToken: { address: token.mint, name: token.name, symbol: token.symbol },
    quoteToken: { address: WRAPPED_SOL_MINT, name: 'Wrapped SOL', symbol: 'SOL' },
    // DexScreener quotes prices to four significant digits.
    priceNative: decimalText(metrics.priceSol ?? 0, 4),
    priceUsd: decimalText(metrics.priceUsd ?? 0, 4),
    txns: windowed(windows, (w) => ({ buys: w.buys, sells: w.sells })),
    volume: windowed(windows, (w) => rounded(w.volumeUsd, 2)),
    priceChange: windowed(windows, (w) => w.priceChangePct),
    liquidity: {
      usd: rounded(metrics.liquidityUsd, 2),
      base: rounded(metrics.liquidityBase, 2),
      quote: rounded(metrics.liquidityQuote, 4),
    },
    fdv: Math.round(metrics.fdvUsd ?? 0),
    marketCap: Math.round(metrics.marketCapUsd ?? 0),
    pairCreatedAt: metrics.createdAtMs,
    info: {
      imageUrl: token.imageUrl,
      websites: token.websites.map((url) => ({ label: 'Website', url })),
      socials: token.socials.map((social) => ({ type: social.type, url: social.url })),
    },
    ...(boosted > 0 ? { boosts: { active: boosted } } : {}),
  };
}
