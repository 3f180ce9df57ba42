import { createLocalnet, type Localnet } from '@fleet/localnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMarket, type Market } from './index';

const SOL_MINT = 'So11111111111111111111111111111111111111112';

let localnet: Localnet;
let market: Market;

beforeAll(async () => {
  localnet = await createLocalnet({
    slotIntervalMs: 0,
    market: { seed: 'contract', activity: { autoStart: false, traders: 3 } },
  });
  const base = localnet.market?.url ?? '';
  market = createMarket({
    fetch: (input, init) => fetch(input, init),
    jupiter: { baseUrl: `${base}/jupiter`, apiKey: 'sandbox', submitPath: '/swap/v2/submit' },
    dexscreener: { baseUrl: `${base}/dexscreener` },
    geckoterminal: { baseUrl: `${base}/geckoterminal` },
    moralis: { baseUrl: `${base}/moralis`, apiKey: 'sandbox' },
    pumpportal: { url: `${base.replace(/^http/, 'ws')}/pumpportal/api/data` },
  });
  // A few trades, so the pools have volume and the tokens a history.
  for (let i = 0; i < 6; i++) await localnet.market?.activity?.step();
});

afterAll(async () => {
  market.close();
  await localnet.close();
});

// Issue 18: the clients speak the providers' real wire formats, so they read the sandbox market
// that imitates them unchanged, and what each provider says agrees with the others.
describe('the market clients against the sandbox market', () => {
  it('read SOL/USD from the first provider of the chain, as the sandbox drifts it', async () => {
    const price = await market.solPrice();
    expect(price).toMatchObject({ status: 'known', source: 'jupiter' });
    const drift = localnet.market?.view.solUsd().price ?? 0;
    if (price.status === 'known') expect(price.value).toBeCloseTo(drift, 6);
  });

  it('price every pooled token of the sandbox, and call an unknown mint unavailable, never 0', async () => {
    const view = localnet.market?.view;
    const pooled = (view?.tokens() ?? []).filter((t) => (view?.poolsOf(t.mint).length ?? 0) > 0);
    expect(pooled.length).toBeGreaterThan(3);
    const unknown = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
    const prices = await market.tokenPrices([...pooled.map((t) => t.mint), unknown]);
    for (const token of pooled) {
      const price = prices.get(token.mint);
      expect(price?.status, token.symbol).toBe('known');
      if (price?.status === 'known') expect(price.value).toBeGreaterThan(0);
    }
    expect(prices.get(unknown)?.status).toBe('unavailable');
    expect(prices.has(SOL_MINT)).toBe(false);
  });

  it('fill the banner of a traded token from GeckoTerminal, with its name and volume', async () => {
    const view = localnet.market?.view;
    const traded = (view?.pools() ?? []).find(
      (pool) => (view?.trades(pool.address).length ?? 0) > 0,
    );
    if (!traded) throw new Error('no traded pool');
    const token = view?.token(traded.mint);
    const data = await market.tokenMarketData(traded.mint);
    expect(data.name).toMatchObject({ status: 'known', value: token?.name });
    expect(data.priceUsd).toMatchObject({ status: 'known', source: 'geckoterminal' });
    expect(data.volumeUsd24h.status).toBe('known');
  });

  it('find a sandbox token by its symbol through DexScreener search', async () => {
    const token = localnet.market?.view
      .tokens()
      .find((t) => (localnet.market?.view.poolsOf(t.mint).length ?? 0) > 0);
    const results = await market.searchTokens(token?.symbol ?? '');
    expect(results.map((result) => result.mint)).toContain(token?.mint);
  });

  it('list the boosted tokens with their pair figures', async () => {
    const trending = await market.trending();
    expect(trending.length).toBeGreaterThan(0);
    expect(trending[0]?.boost.tokenAddress).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
  });

  it('quote a swap through Jupiter v1 with the quote the sandbox would fill', async () => {
    const token = localnet.market?.view
      .tokens()
      .find((t) => (localnet.market?.view.poolsOf(t.mint).length ?? 0) > 0);
    const quote = await market.swap.quote({
      inputMint: SOL_MINT,
      outputMint: token?.mint ?? '',
      amount: 10_000_000n,
      slippageBps: 100,
      taker: localnet.admin.faucetAddress,
    });
    expect(quote.outAmount).toBeGreaterThan(0n);
  });
});
