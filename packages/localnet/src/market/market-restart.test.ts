// A localnet restarted from its data directory lists the same market: seeded pools keep the
// reserves trading left them with, launches and migrations come back, and so do the trades.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { createLocalnet, type LocalnetOptions } from '../create-localnet.js';

const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-market-'));

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

const options: LocalnetOptions = {
  dataDir,
  slotIntervalMs: 0,
  market: { seed: 'restart', activity: { autoStart: false, migrationSol: 1, traders: 2 } },
};

describe('the sandbox market across a restart', () => {
  it('comes back as the chain left it', async () => {
    const first = await createLocalnet(options);
    const generator = first.market?.activity;
    const view = first.market?.view;
    if (!generator || !view) throw new Error('no market');
    const mint = await generator.launch();
    for (let i = 0; i < 200 && view.token(mint)?.launch?.phase !== 'migrated'; i++)
      await generator.step();
    for (let i = 0; i < 5; i++) await generator.step();
    const before = {
      tokens: view.tokens().map((t) => [t.mint, t.symbol, t.launch?.phase ?? null]),
      reserves: view
        .pools()
        .map((p) => [
          p.address,
          view.reserves(p.address).lamports,
          view.reserves(p.address).tokenRaw,
        ]),
      trades: view
        .pools()
        .map((p) => view.trades(p.address, { limit: 1000 }).map((t) => t.signature)),
    };
    expect(view.token(mint)?.launch?.phase).toBe('migrated');
    await first.close();

    const second = await createLocalnet(options);
    try {
      const again = second.market?.view;
      if (!again) throw new Error('no market');
      expect({
        tokens: again.tokens().map((t) => [t.mint, t.symbol, t.launch?.phase ?? null]),
        reserves: again
          .pools()
          .map((p) => [
            p.address,
            again.reserves(p.address).lamports,
            again.reserves(p.address).tokenRaw,
          ]),
        trades: again
          .pools()
          .map((p) => again.trades(p.address, { limit: 1000 }).map((t) => t.signature)),
      }).toEqual(before);
      // The next launch takes the next address, not an earlier launch's.
      const next = await second.market?.activity?.launch();
      expect(next).not.toBe(mint);
    } finally {
      await second.close();
    }
  });
});
