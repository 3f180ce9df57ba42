// GeckoTerminal's query parameters, checked as its API documents them: the OHLCV timeframe and
// aggregate (minute 1/5/15, hour 1/4/12, day 1), `limit` 1..1000 (default 100),
// `before_timestamp` in unix seconds, `currency` usd|token, `token` base|quote|an address.

import {
  AGGREGATES,
  DEFAULT_CANDLES,
  MAX_CANDLES,
  type CandleQuery,
  type Timeframe,
} from '../../metrics/candles.js';
import { WRAPPED_SOL_MINT } from '../dexscreener/dexscreener-pair.js';

export type Parsed<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly title: string };

const fail = (title: string): { ok: false; title: string } => ({ ok: false, title });

function isTimeframe(value: string): value is Timeframe {
  return value === 'minute' || value === 'hour' || value === 'day';
}

/** `token=`: the base side unless the quote (or its mint) is named; anything else is invalid. */
export function parseSide(query: URLSearchParams, baseMint: string): Parsed<'base' | 'quote'> {
  const token = query.get('token') ?? 'base';
  if (token === 'base' || token === baseMint) return { ok: true, value: 'base' };
  if (token === 'quote' || token === WRAPPED_SOL_MINT) return { ok: true, value: 'quote' };
  return fail('Provided token is invalid');
}

function positiveInteger(text: string): number | null {
  return /^\d{1,12}$/.test(text) && Number(text) > 0 ? Number(text) : null;
}

export function parseCandleQuery(
  timeframeText: string,
  query: URLSearchParams,
  baseMint: string,
): Parsed<CandleQuery> {
  if (!isTimeframe(timeframeText))
    return fail('Invalid timeframe. Available values: day, hour, minute');
  const timeframe = timeframeText;
  const aggregate = positiveInteger(query.get('aggregate') ?? '1');
  if (aggregate === null || !AGGREGATES[timeframe].includes(aggregate)) {
    return fail(
      `Invalid aggregate. Available values (${timeframe}): ${AGGREGATES[timeframe].join(', ')}`,
    );
  }
  const limitText = query.get('limit');
  const limit = limitText === null ? DEFAULT_CANDLES : positiveInteger(limitText);
  if (limit === null || limit > MAX_CANDLES) {
    return fail(`Invalid limit. must be positive integer less than or equal to ${MAX_CANDLES}`);
  }
  const beforeText = query.get('before_timestamp');
  const before = beforeText === null ? undefined : positiveInteger(beforeText);
  if (before === null) return fail('Invalid before_timestamp');
  const currency = query.get('currency') ?? 'usd';
  if (currency !== 'usd' && currency !== 'token')
    return fail('Invalid currency. Available values: usd, token');
  const side = parseSide(query, baseMint);
  if (!side.ok) return side;
  return {
    ok: true,
    value: {
      timeframe,
      aggregate,
      limit,
      currency,
      side: side.value,
      ...(before === undefined ? {} : { beforeTimestampSec: before }),
    },
  };
}
