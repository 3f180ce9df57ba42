import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

import { FLEET_MINT, FLEET_POOL, NOW_MS, scenarioMarket } from '../testing/market-scenario.js';
import { serveProviders, type ServedProviders } from '../testing/serve-providers.js';

describe('the data providers over loopback HTTP', () => {
  let served: ServedProviders;

  beforeAll(async () => {
    served = await serveProviders(scenarioMarket(), NOW_MS);
  });

  afterAll(async () => {
    await served.close();
  });

  it('answers each provider at its prefix with JSON', async () => {
    const paths = [
      `/dexscreener/tokens/v1/solana/${FLEET_MINT}`,
      `/geckoterminal/api/v2/networks/solana/pools/${FLEET_POOL}/ohlcv/minute?aggregate=5`,
      `/moralis/token/mainnet/${FLEET_MINT}/price`,
    ];
    for (const path of paths) {
      const response = await fetch(`${served.baseUrl}${path}`);
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(await response.json()).toBeTruthy();
    }
    const posted = await fetch(`${served.baseUrl}/moralis/token/mainnet/prices`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ addresses: [FLEET_MINT] }),
    });
    expect(await posted.json()).toMatchObject([{ tokenAddress: FLEET_MINT }]);
  });

  it('opens the PumpPortal stream on its path', async () => {
    const socket = new WebSocket(`${served.baseUrl.replace('http', 'ws')}/pumpportal/api/data`);
    const reply = new Promise<unknown>((resolve) =>
      socket.once('message', (data: Buffer) => resolve(JSON.parse(data.toString('utf8')))),
    );
    await new Promise<void>((resolve) => socket.once('open', () => resolve()));
    socket.send(JSON.stringify({ method: 'subscribeMigration' }));
    expect(await reply).toEqual({ message: "Subscribed to 'migration' events." });
    socket.close();
  });
});
