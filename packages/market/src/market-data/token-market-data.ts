// The token banner's figures (spec 3 §3 "Token market data" and the terminal's "Market data"),
// from the chain spec 3 §4 orders: GeckoTerminal (the token, then its top pool 100 ms later, spec
// 3 §7), then DexScreener's deepest pair, then a metadata lookup for the name, symbol and image,
// then dashes. Each field takes the first source that has a sound value for it; a field no source
// filled is unavailable with every source's reason (spec 3 §8: provider errors fall through).

import type { Clock } from '@fleet/core';

import { deepestPair, type DexScreenerClient } from '../dexscreener/dexscreener-client';
import type { ProviderAccount } from '../budget/provider-account';
import { MarketError, reasonOf, type HttpProviderId } from '../errors/market-error';
import type { GeckoTerminalClient } from '../geckoterminal/geckoterminal-client';
import type { PriceGuard } from '../prices/price-guard';
import { known, unavailable, type SourceId, type Sourced } from './sourced';

/** Spec 3 §7: a pause between the token and top-pool requests to the market-data service. */
export const GECKO_POOL_PAUSE_MS = 100;

export interface TokenMetadata {
  readonly name: string | null;
  readonly symbol: string | null;
  readonly image: string | null;
}

/** The digital-asset lookup (the server passes the chain's DAS call). */
export type MetadataLookup = (mint: string, signal?: AbortSignal) => Promise<TokenMetadata | null>;

interface TextFields {
  readonly name: string;
  readonly symbol: string;
  readonly image: string;
  readonly pairAddress: string;
}
interface NumberFields {
  readonly priceUsd: number;
  readonly marketCapUsd: number;
  readonly fdvUsd: number;
  readonly liquidityUsd: number;
  readonly volumeUsd5m: number;
  readonly volumeUsd1h: number;
  readonly volumeUsd6h: number;
  readonly volumeUsd24h: number;
  readonly priceChange5m: number;
  readonly priceChange1h: number;
  readonly priceChange6h: number;
  readonly priceChange24h: number;
  /** Epoch milliseconds. */
  readonly pairCreatedAt: number;
}
type Offer = { -readonly [K in keyof TextFields]?: string | null } & {
  -readonly [K in keyof NumberFields]?: number | null;
};

export type TokenMarketData = { readonly mint: string } & {
  readonly [K in keyof TextFields]: Sourced<TextFields[K]>;
} & { readonly [K in keyof NumberFields]: Sourced<NumberFields[K]> };

const TEXT_KEYS: readonly (keyof TextFields)[] = ['name', 'symbol', 'image', 'pairAddress'];
const NUMBER_KEYS: readonly (keyof NumberFields)[] = [
  'priceUsd',
  'marketCapUsd',
  'fdvUsd',
  'liquidityUsd',
  'volumeUsd5m',
  'volumeUsd1h',
  'volumeUsd6h',
  'volumeUsd24h',
  'priceChange5m',
  'priceChange1h',
  'priceChange6h',
  'priceChange24h',
  'pairCreatedAt',
];
/** Changes may be negative; every other figure is a size and may not. */
const SIGNED = new Set<keyof NumberFields>([
  'priceChange5m',
  'priceChange1h',
  'priceChange6h',
  'priceChange24h',
]);

export interface TokenMarketDataDeps {
  readonly geckoterminal: GeckoTerminalClient;
  readonly dexscreener: DexScreenerClient;
  readonly lookupMetadata?: MetadataLookup;
  readonly guard: PriceGuard;
  /** A price the guard refuses is reported to its provider's account, which forgets the answer. */
  readonly accounts: Readonly<Record<HttpProviderId, ProviderAccount>>;
  readonly clock: Clock;
}

export interface TokenMarketDataService {
  tokenMarketData(mint: string, signal?: AbortSignal): Promise<TokenMarketData>;
}

export function createTokenMarketDataService(deps: TokenMarketDataDeps): TokenMarketDataService {
  const { clock } = deps;

  const fromGecko = async (mint: string, signal?: AbortSignal): Promise<Offer> => {
    const token = await deps.geckoterminal.token(mint, signal);
    const a = token.attributes;
    const offer: Offer = {
      name: a.name,
      symbol: a.symbol,
      image: a.image_url === 'missing.png' ? null : a.image_url,
      priceUsd: a.price_usd,
      marketCapUsd: a.market_cap_usd,
      fdvUsd: a.fdv_usd,
      liquidityUsd: a.total_reserve_in_usd,
      volumeUsd24h: a.volume_usd?.h24 ?? null,
    };
    const topPool = token.relationships?.top_pools?.data[0];
    if (topPool === undefined) return offer;
    await clock.sleep(GECKO_POOL_PAUSE_MS, signal);
    try {
      const address = topPool.id.startsWith('solana_')
        ? topPool.id.slice('solana_'.length)
        : topPool.id;
      const pool = (await deps.geckoterminal.pool(address, signal)).attributes;
      const createdAt = pool.pool_created_at === null ? null : Date.parse(pool.pool_created_at);
      return {
        ...offer,
        pairAddress: pool.address,
        liquidityUsd: offer.liquidityUsd ?? pool.reserve_in_usd,
        volumeUsd5m: pool.volume_usd?.m5 ?? null,
        volumeUsd1h: pool.volume_usd?.h1 ?? null,
        volumeUsd6h: pool.volume_usd?.h6 ?? null,
        volumeUsd24h: offer.volumeUsd24h ?? pool.volume_usd?.h24 ?? null,
        priceChange5m: pool.price_change_percentage?.m5 ?? null,
        priceChange1h: pool.price_change_percentage?.h1 ?? null,
        priceChange6h: pool.price_change_percentage?.h6 ?? null,
        priceChange24h: pool.price_change_percentage?.h24 ?? null,
        pairCreatedAt: createdAt !== null && Number.isFinite(createdAt) ? createdAt : null,
      };
    } catch (error) {
      // The token's own figures stand; the pool's fall to the next source.
      if (signal?.aborted === true) throw error;
      return offer;
    }
  };

  const fromDexScreener = async (mint: string, signal?: AbortSignal): Promise<Offer> => {
    const pair = deepestPair(await deps.dexscreener.tokenPairs(mint, signal), mint);
    if (pair === null) throw new Error('response contained no pairs');
    return {
      name: pair.baseToken.name === '' ? null : pair.baseToken.name,
      symbol: pair.baseToken.symbol === '' ? null : pair.baseToken.symbol,
      image: pair.info?.imageUrl ?? null,
      pairAddress: pair.pairAddress,
      priceUsd: pair.priceUsd,
      marketCapUsd: pair.marketCap,
      fdvUsd: pair.fdv,
      liquidityUsd: pair.liquidity?.usd ?? null,
      volumeUsd5m: pair.volume?.m5 ?? null,
      volumeUsd1h: pair.volume?.h1 ?? null,
      volumeUsd6h: pair.volume?.h6 ?? null,
      volumeUsd24h: pair.volume?.h24 ?? null,
      priceChange5m: pair.priceChange?.m5 ?? null,
      priceChange1h: pair.priceChange?.h1 ?? null,
      priceChange6h: pair.priceChange?.h6 ?? null,
      priceChange24h: pair.priceChange?.h24 ?? null,
      pairCreatedAt: pair.pairCreatedAt,
    };
  };

  const fromMetadata = async (mint: string, signal?: AbortSignal): Promise<Offer> => {
    if (deps.lookupMetadata === undefined) throw new Error('no metadata lookup configured');
    const found = await deps.lookupMetadata(mint, signal);
    if (found === null) throw new Error('no metadata for this mint');
    return { name: found.name, symbol: found.symbol, image: found.image };
  };

  const sources: readonly (readonly [SourceId, typeof fromGecko])[] = [
    ['geckoterminal', fromGecko],
    ['dexscreener', fromDexScreener],
    ['metadata', fromMetadata],
  ];

  return {
    async tokenMarketData(mint, signal) {
      const text = new Map<keyof TextFields, Sourced<string>>();
      const numbers = new Map<keyof NumberFields, Sourced<number>>();
      const reasons = new Map<string, string[]>();
      const note = (field: string, reason: string) => {
        const list = reasons.get(field) ?? [];
        list.push(reason);
        reasons.set(field, list);
      };
      const missing = () =>
        TEXT_KEYS.some((k) => !text.has(k)) || NUMBER_KEYS.some((k) => !numbers.has(k));

      for (const [source, read] of sources) {
        if (!missing()) break;
        let offer: Offer;
        try {
          offer = await read(mint, signal);
        } catch (error) {
          if (signal?.aborted === true) throw error;
          const reason = `${source}: ${reasonOf(error)}`;
          for (const key of [...TEXT_KEYS, ...NUMBER_KEYS]) note(key, reason);
          continue;
        }
        const now = clock.now();
        for (const key of TEXT_KEYS) {
          if (text.has(key)) continue;
          const value = offer[key];
          if (typeof value === 'string' && value.trim() !== '')
            text.set(key, known(clean(value), source, now));
          else note(key, `${source} has no ${key}`);
        }
        for (const key of NUMBER_KEYS) {
          if (numbers.has(key)) continue;
          const value = offer[key];
          if (value === null || value === undefined) {
            note(key, `${source} has no ${key}`);
            continue;
          }
          const problem =
            key === 'priceUsd'
              ? deps.guard.check(mint, value, now)
              : !Number.isFinite(value)
                ? `${key} is not a number`
                : !SIGNED.has(key) && value < 0
                  ? `${key} is negative`
                  : null;
          if (problem !== null) {
            note(key, `${source}: ${problem}`);
            if (key === 'priceUsd' && source !== 'metadata') {
              const error = new MarketError('MARKET__INVALID_PRICE', {
                provider: source,
                mint,
                reason: problem,
              });
              deps.accounts[source].reject(error.message, mint);
            }
            continue;
          }
          if (key === 'priceUsd') deps.guard.accept(mint, value, now);
          numbers.set(key, known(value, source, now));
        }
      }

      const textField = (key: keyof TextFields) =>
        text.get(key) ?? unavailable<string>(reasons.get(key) ?? []);
      const numberField = (key: keyof NumberFields) =>
        numbers.get(key) ?? unavailable<number>(reasons.get(key) ?? []);
      return {
        mint,
        name: textField('name'),
        symbol: textField('symbol'),
        image: textField('image'),
        pairAddress: textField('pairAddress'),
        priceUsd: numberField('priceUsd'),
        marketCapUsd: numberField('marketCapUsd'),
        fdvUsd: numberField('fdvUsd'),
        liquidityUsd: numberField('liquidityUsd'),
        volumeUsd5m: numberField('volumeUsd5m'),
        volumeUsd1h: numberField('volumeUsd1h'),
        volumeUsd6h: numberField('volumeUsd6h'),
        volumeUsd24h: numberField('volumeUsd24h'),
        priceChange5m: numberField('priceChange5m'),
        priceChange1h: numberField('priceChange1h'),
        priceChange6h: numberField('priceChange6h'),
        priceChange24h: numberField('priceChange24h'),
        pairCreatedAt: numberField('pairCreatedAt'),
      };
    },
  };
}

// Provider text reaches operators' screens: printable characters only, bounded length.
function clean(value: string): string {
  return [...value]
    .filter((c) => {
      const code = c.codePointAt(0) ?? 0;
      return code >= 0x20 && code !== 0x7f;
    })
    .join('')
    .trim()
    .slice(0, 200);
}

/**
 * Spec 3 §3's banner summary: the one source every known field came from (or `consolidated` when
 * several contributed, null when none did), and the fields that are unavailable.
 */
export function bannerSummary(data: TokenMarketData): {
  readonly dataSource: SourceId | 'consolidated' | null;
  readonly failedFields: readonly string[];
} {
  const sources = new Set<SourceId>();
  const failedFields: string[] = [];
  for (const key of [...TEXT_KEYS, ...NUMBER_KEYS]) {
    const field = data[key];
    if (field.status === 'known') sources.add(field.source);
    else failedFields.push(key);
  }
  const [only] = sources;
  return {
    dataSource:
      sources.size === 0 ? null : sources.size === 1 && only !== undefined ? only : 'consolidated',
    failedFields,
  };
}
