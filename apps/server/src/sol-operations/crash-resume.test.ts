import { describe, expect, it } from 'vitest';
import { runCrashScenario } from '../testing/crash/crash-scenario';

// `npm start` killed with SIGKILL at random points during a distribution to 300 wallets, a
// two-hop to 50 and a sweep of 100, restarted on the same data directory each time: every job
// finishes and every balance on chain shows exactly one payment. bench/crash runs it with 20 kills.
describe('money operations across kill -9 of the server', () => {
  it('finish after each restart, paying every wallet exactly once', async () => {
    const outcomes = await runCrashScenario({
      kills: 4,
      distributeTo: 300,
      twoHopTo: 50,
      sweepFrom: 100,
      maxKillDelayMs: 1_500,
      log: () => undefined,
    });
    expect(outcomes.map((o) => o.kind)).toEqual(['distribute', 'two-hop', 'sweep']);
    for (const outcome of outcomes) {
      expect(outcome, outcome.kind).toMatchObject({
        jobStatus: 'succeeded',
        wrongBalances: 0,
        masterDrift: 0n,
      });
    }
    expect(outcomes.reduce((sum, o) => sum + o.kills, 0)).toBeGreaterThan(0);
  }, 900_000);
});
