import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { MarketEvent } from '../market-model.js';
import { startTestBed, type TestBed } from '../sandbox-test-bed.js';

let bed: TestBed;

beforeAll(async () => {
  // Driven by hand (no timers): each step is one trade, and a curve migrates after 2 SOL.
  bed = await startTestBed({
    market: { seed: 'generator', activity: { autoStart: false, migrationSol: 2, traders: 3 } },
  });
});

afterAll(async () => {
  await bed.close();
});

describe('the activity generator', () => {
  it('lands real trades against the pools', async () => {
    const generator = bed.market.activity;
    if (generator === null) throw new Error('no generator');
    const events: MarketEvent[] = [];
    const stop = bed.market.view.subscribe((e) => events.push(e));
    const signatures: string[] = [];
    for (let i = 0; i < 10; i++) {
      const outcome = await generator.step();
      if (outcome.kind === 'trade') signatures.push(outcome.signature);
    }
    stop();
    expect(signatures.length).toBeGreaterThan(5);
    const traded = events.flatMap((e) => (e.type === 'trade' ? [e.trade.signature] : []));
    expect(new Set(traded)).toEqual(new Set(signatures));
    const status = await bed.rpc.getSignatureStatuses([signatures[0] as never]).send();
    expect(status.value[0]?.err).toBeNull();
  });

  it('launches a token on a bonding curve and migrates it once the curve has raised enough', async () => {
    const generator = bed.market.activity;
    if (generator === null) throw new Error('no generator');
    const events: MarketEvent[] = [];
    const stop = bed.market.view.subscribe((e) => events.push(e));
    const mint = await generator.launch();
    expect(events[0]).toMatchObject({
      type: 'newToken',
      token: { mint },
      pool: { kind: 'bonding-curve', dexId: 'pumpfun' },
    });
    expect(events[1]).toMatchObject({ type: 'trade', trade: { mint, side: 'buy' } });
    const curve = bed.market.view.poolsOf(mint)[0];
    // Bounded: the curve sees three times the flow of a seeded pool and needs about three buys.
    for (let i = 0; i < 300 && !events.some((e) => e.type === 'migration'); i++)
      await generator.step();
    stop();
    const migration = events.find((e) => e.type === 'migration');
    expect(migration).toMatchObject({ mint, fromPool: curve?.address });
    const token = bed.market.view.token(mint);
    expect(token?.launch?.phase).toBe('migrated');
    const amm = bed.market.view.poolsOf(mint)[0];
    expect(amm).toMatchObject({ kind: 'constant-product', address: token?.launch?.migratedPool });
    expect(bed.market.view.reserves(curve?.address ?? '').lamports).toBe(0n);
  });

  it('repeats its choices under the same seed', async () => {
    const other = await startTestBed({
      market: { seed: 'generator', activity: { autoStart: false, traders: 3 } },
    });
    const again = await startTestBed({
      market: { seed: 'generator', activity: { autoStart: false, traders: 3 } },
    });
    try {
      const run = async (b: TestBed): Promise<unknown[]> => {
        const seen: unknown[] = [];
        const stop = b.market.view.subscribe((e) => {
          if (e.type === 'trade')
            seen.push([e.trade.pool, e.trade.side, e.trade.lamports, e.trade.tokenRaw]);
        });
        for (let i = 0; i < 5; i++) await b.market.activity?.step();
        stop();
        return seen;
      };
      expect(await run(other)).toEqual(await run(again));
    } finally {
      await other.close();
      await again.close();
    }
  });
});
