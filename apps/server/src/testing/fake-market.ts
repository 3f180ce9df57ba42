import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock } from '@fleet/core';
import { createMarket, type Market } from '@fleet/market';
import { marketFetch } from '../market/market-fetch';

/**
 * Market providers on loopback for the server's tests, in the providers' real shapes: Jupiter
 * Price v3 (`GET /jupiter/price/v3?ids=`) answers the prices a test sets; DexScreener and
 * GeckoTerminal answer what each test says (by default DexScreener knows no pairs and
 * GeckoTerminal fails with a 503). Deterministic prices, which the sandbox market (drifting) is not.
 */
export interface FakeMarket {
  readonly url: string;
  /** USD prices Jupiter answers, by mint; a mint not here is left out of Jupiter's answer. */
  readonly jupiterPrices: Map<string, number>;
  /** Replaces Jupiter's answer wholesale (an error status, HTML…); null: the prices above. */
  jupiterReply: FakeReply | null;
  geckoReply: FakeReply;
  dexReply: FakeReply;
  /** Requests seen, as `METHOD /path?query`. */
  readonly requests: string[];
  /** Holds every reply until the function it answers is called: a slow provider. */
  holdReplies(): () => void;
  /** A market pointed at this server, as `main.ts` builds one, on `clock` when given. */
  market(clock?: Clock): Market;
  close(): Promise<void>;
}

export interface FakeReply {
  readonly status: number;
  readonly body: string;
  readonly contentType?: string;
}

export const jsonReply = (body: unknown, status = 200): FakeReply => ({
  status,
  body: JSON.stringify(body),
  contentType: 'application/json',
});

export async function startFakeMarket(): Promise<FakeMarket> {
  const state = {
    jupiterReply: null as FakeReply | null,
    geckoReply: { status: 503, body: 'unavailable', contentType: 'text/plain' } as FakeReply,
    dexReply: jsonReply([]),
  };
  const jupiterPrices = new Map<string, number>();
  const requests: string[] = [];
  const send = (res: ServerResponse, reply: FakeReply) => {
    res.writeHead(reply.status, { 'content-type': reply.contentType ?? 'application/json' });
    res.end(reply.body);
  };
  let held: (() => void)[] | null = null;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://loopback');
    requests.push(`${req.method ?? 'GET'} ${url.pathname}${url.search}`);
    if (held === null) reply(url, res);
    else held.push(() => reply(url, res));
  });
  const reply = (url: URL, res: ServerResponse) => {
    if (url.pathname === '/jupiter/price/v3') {
      if (state.jupiterReply !== null) return send(res, state.jupiterReply);
      const ids = (url.searchParams.get('ids') ?? '').split(',');
      const answer: Record<string, unknown> = {};
      for (const id of ids) {
        const price = jupiterPrices.get(id);
        if (price !== undefined)
          answer[id] = { usdPrice: price, blockId: 1, decimals: 6, priceChange24h: 0 };
      }
      return send(res, jsonReply(answer));
    }
    if (url.pathname.startsWith('/geckoterminal/')) return send(res, state.geckoReply);
    if (url.pathname.startsWith('/dexscreener/')) return send(res, state.dexReply);
    return send(res, jsonReply({ error: 'not found' }, 404));
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const markets: Market[] = [];
  return {
    url,
    jupiterPrices,
    requests,
    get jupiterReply() {
      return state.jupiterReply;
    },
    set jupiterReply(reply) {
      state.jupiterReply = reply;
    },
    get geckoReply() {
      return state.geckoReply;
    },
    set geckoReply(reply) {
      state.geckoReply = reply;
    },
    get dexReply() {
      return state.dexReply;
    },
    set dexReply(reply) {
      state.dexReply = reply;
    },
    holdReplies() {
      held ??= [];
      return () => {
        const waiting = held ?? [];
        held = null;
        for (const release of waiting) release();
      };
    },
    market(clock) {
      const market = createMarket({
        fetch: marketFetch,
        ...(clock === undefined ? {} : { clock }),
        timeoutMs: 2_000,
        jupiter: { baseUrl: `${url}/jupiter`, apiKey: 'test' },
        dexscreener: { baseUrl: `${url}/dexscreener` },
        geckoterminal: { baseUrl: `${url}/geckoterminal` },
      });
      markets.push(market);
      return market;
    },
    async close() {
      for (const market of markets) market.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
