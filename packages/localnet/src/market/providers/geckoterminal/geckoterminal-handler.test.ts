import { describe, expect, it } from 'vitest';

import {
  CNFT_ID,
  FLEET_MINT,
  FLEET_POOL,
  NOW_MS,
  PUMP_POOL,
  scenarioMarket,
} from '../../testing/market-scenario.js';
import { readSample, shapeDifferences } from '../../../testing/shape-differences.js';
import { geckoTerminalHandler } from './geckoterminal-handler.js';

const market = scenarioMarket();
const NETWORK = '/api/v2/networks/solana';
const NOW_S = NOW_MS / 1000;

function get(path: string): { status: number; body: unknown } {
  const [pathname = '', search = ''] = path.split('?');
  const { status, body } = geckoTerminalHandler(market, {
    method: 'GET',
    path: pathname,
    query: new URLSearchParams(search),
    headers: {},
    nowMs: NOW_MS,
  });
  return { status, body };
}

const sample = (name: string): Promise<unknown> =>
  readSample(new URL(`./samples/${name}.json`, import.meta.url));

interface Data<T> {
  data: T;
}
type Attributes = { id: string; attributes: Record<string, unknown> };

describe('GeckoTerminal tokens', () => {
  it('answers a token in the JSON:API shape with numbers as strings', async () => {
    const { status, body } = get(`${NETWORK}/tokens/${FLEET_MINT}`);
    expect(status).toBe(200);
    expect(shapeDifferences(await sample('token'), body)).toEqual([]);
    const { data } = body as Data<Attributes>;
    expect(data.id).toBe(`solana_${FLEET_MINT}`);
    expect(data.attributes).toMatchObject({
      symbol: 'FLEET',
      decimals: 6,
      price_usd: '0.015',
      fdv_usd: '15000000',
      market_cap_usd: '15000000',
      total_reserve_in_usd: '30000',
      volume_usd: { h24: '745' },
      total_supply: '1000000000000000.0',
      normalized_total_supply: '1000000000',
    });
  });

  it('lists a token’s pools with the token’s price, and includes top pools on request', async () => {
    const pools = get(`${NETWORK}/tokens/${FLEET_MINT}/pools`);
    expect(pools.status).toBe(200);
    const { data } = pools.body as Data<Attributes[]>;
    expect(data.map((pool) => pool.id)).toEqual([`solana_${FLEET_POOL}`]);
    expect(data[0]?.attributes['token_price_usd']).toBe('0.015');
    expect(
      shapeDifferences({ data: [((await sample('pool')) as Data<unknown>).data] }, pools.body),
    ).toEqual([]);
    expect(get(`${NETWORK}/tokens/${FLEET_MINT}/pools?page=2`).body).toEqual({ data: [] });
    expect(get(`${NETWORK}/tokens/${FLEET_MINT}/pools?page=11`).status).toBe(400);
    const included = get(`${NETWORK}/tokens/${FLEET_MINT}?include=top_pools`).body as {
      included: Attributes[];
    };
    expect(included.included.map((pool) => pool.id)).toEqual([`solana_${FLEET_POOL}`]);
  });

  it('answers GeckoTerminal’s 404 for unknown tokens and networks', async () => {
    const unknown = get(`${NETWORK}/tokens/${CNFT_ID}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(await sample('error-404'));
    expect(get(`/api/v2/networks/eth/tokens/${FLEET_MINT}`).status).toBe(404);
  });
});

describe('GeckoTerminal pools', () => {
  it('answers a pool with prices, changes, transactions and volumes per window', async () => {
    const { status, body } = get(`${NETWORK}/pools/${FLEET_POOL}`);
    expect(status).toBe(200);
    expect(shapeDifferences(await sample('pool'), body)).toEqual([]);
    const { attributes } = (body as Data<Attributes>).data;
    expect(attributes).toMatchObject({
      base_token_price_usd: '0.015',
      base_token_price_native_currency: '0.0001',
      quote_token_price_usd: '150',
      quote_token_price_base_token: '10000',
      name: 'FLEET / SOL',
      reserve_in_usd: '30000',
      price_change_percentage: { m5: '7.14', h1: '11.11', h6: '25', h24: '100' },
      transactions: { h24: { buys: 3, sells: 1, buyers: 2, sellers: 1 } },
      volume_usd: { m5: '225', h1: '295', h6: '595', h24: '745' },
    });
  });

  it('names the pump.fun curve as GeckoTerminal does and includes related resources', () => {
    const { body } = get(`${NETWORK}/pools/${PUMP_POOL}?include=base_token,quote_token,dex`);
    const { data, included } = body as {
      data: { relationships: { dex: { data: { id: string } } } };
      included: { type: string }[];
    };
    expect(data.relationships.dex.data.id).toBe('pump-fun');
    expect(included.map((item) => item.type).sort()).toEqual(['dex', 'token', 'token']);
  });

  it('answers 404 for an unknown pool', () => {
    expect(get(`${NETWORK}/pools/${CNFT_ID}`).status).toBe(404);
    expect(get(`${NETWORK}/pools/${CNFT_ID}/trades`).status).toBe(404);
    expect(get(`${NETWORK}/pools/${CNFT_ID}/ohlcv/day`).status).toBe(404);
  });
});

describe('GeckoTerminal OHLCV', () => {
  it('answers candles newest first with the pair in meta', async () => {
    const { status, body } = get(`${NETWORK}/pools/${FLEET_POOL}/ohlcv/hour?aggregate=1`);
    expect(status).toBe(200);
    expect(shapeDifferences(await sample('ohlcv'), body)).toEqual([]);
    const response = body as {
      data: { attributes: { ohlcv_list: number[][] } };
      meta: { base: { address: string }; quote: { symbol: string } };
    };
    expect(response.data.attributes.ohlcv_list.map((row) => row[0])).toEqual([
      NOW_S - 3_600,
      NOW_S - 5 * 3_600,
      NOW_S - 23 * 3_600,
      NOW_S - 25 * 3_600,
    ]);
    expect(response.meta.base.address).toBe(FLEET_MINT);
    expect(response.meta.quote.symbol).toBe('SOL');
  });

  it('pages with before_timestamp and limit', () => {
    const { body } = get(
      `${NETWORK}/pools/${FLEET_POOL}/ohlcv/minute?aggregate=15&limit=1&before_timestamp=${NOW_S - 3_600}`,
    );
    const rows = (body as { data: { attributes: { ohlcv_list: number[][] } } }).data.attributes
      .ohlcv_list;
    expect(rows.map((row) => row[0])).toEqual([NOW_S - 5 * 3_600]);
  });

  it('refuses bad timeframes, aggregates, limits, timestamps and currencies with 400', () => {
    for (const query of [
      'ohlcv/week',
      'ohlcv/minute?aggregate=2',
      'ohlcv/hour?aggregate=5',
      'ohlcv/day?aggregate=4',
      'ohlcv/day?limit=1001',
      'ohlcv/day?limit=0',
      'ohlcv/day?limit=abc',
      'ohlcv/day?before_timestamp=soon',
      'ohlcv/day?currency=eur',
      'ohlcv/day?token=nope',
    ]) {
      const { status, body } = get(`${NETWORK}/pools/${FLEET_POOL}/${query}`);
      expect({ query, status }).toEqual({ query, status: 400 });
      expect(body).toMatchObject({ errors: [{ status: '400' }] });
    }
    expect(get(`${NETWORK}/pools/${FLEET_POOL}/ohlcv/day?limit=1000`).status).toBe(200);
  });
});

describe('GeckoTerminal trades', () => {
  it('lists the day’s trades newest first in GeckoTerminal’s trade shape', async () => {
    const { status, body } = get(`${NETWORK}/pools/${FLEET_POOL}/trades`);
    expect(status).toBe(200);
    expect(shapeDifferences(await sample('trades'), body)).toEqual([]);
    const { data } = body as Data<Attributes[]>;
    // The trade 25 hours ago is outside the day.
    expect(data.map((trade) => trade.attributes['kind'])).toEqual(['buy', 'buy', 'sell', 'buy']);
    expect(data[0]?.attributes).toMatchObject({
      from_token_amount: '1.5',
      to_token_amount: '15000',
      volume_in_usd: '225',
      price_to_in_usd: '0.015',
    });
  });

  it('filters by USD volume and inverts with token=quote', () => {
    const big = get(`${NETWORK}/pools/${FLEET_POOL}/trades?trade_volume_in_usd_greater_than=200`);
    expect((big.body as Data<unknown[]>).data).toHaveLength(2);
    const inverted = get(`${NETWORK}/pools/${FLEET_POOL}/trades?token=quote`);
    expect((inverted.body as Data<Attributes[]>).data[0]?.attributes['kind']).toBe('sell');
    expect(get(`${NETWORK}/pools/${FLEET_POOL}/trades?token=x`).status).toBe(400);
  });
});

describe('GeckoTerminal multi', () => {
  it('answers several tokens or pools at once, leaving unknown ones out', () => {
    const tokens = get(`${NETWORK}/tokens/multi/${FLEET_MINT},${CNFT_ID}`);
    expect(tokens.status).toBe(200);
    const { data } = tokens.body as Data<Attributes[]>;
    expect(data.map((token) => token.id)).toEqual([`solana_${FLEET_MINT}`]);
    expect(data[0]?.attributes['total_reserve_in_usd']).toBe('30000');
    const pools = get(`${NETWORK}/pools/multi/${FLEET_POOL},${PUMP_POOL},${CNFT_ID}`);
    expect((pools.body as Data<Attributes[]>).data).toHaveLength(2);
    const many = Array.from({ length: 31 }, (_, i) => `${FLEET_POOL.slice(0, 40)}${1000 + i}`);
    expect(get(`${NETWORK}/pools/multi/${many.join(',')}`).status).toBe(400);
  });
});
