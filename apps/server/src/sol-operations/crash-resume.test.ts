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
      tableDistributeTo: 0,
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

  // Decision 027: the job creates the tables and extends them before it pays through them. Killed
  // at random points of its ledger, the first seconds of setup included; 300 wallets make two
  // tables (256 and 44 addresses) and eleven extensions.
  it('a distribution through new lookup tables creates each table once, holding each wallet once, and pays each wallet once', async () => {
    const [outcome, ...others] = await runCrashScenario({
      kills: 3,
      distributeTo: 0,
      twoHopTo: 0,
      sweepFrom: 0,
      tableDistributeTo: 300,
      maxKillDelayMs: 1_500,
      log: () => undefined,
    });
    expect(others).toEqual([]);
    expect(outcome).toMatchObject({
      kind: 'distribute-tables',
      jobStatus: 'succeeded',
      wrongBalances: 0,
      // amounts + fees of what landed + rent of the tables the ledger created
      masterDrift: 0n,
    });
    expect(outcome?.kills).toBeGreaterThan(0);
    expect(outcome?.tables).toMatchObject({
      planned: 2,
      createdInLedger: 2,
      createdOnChain: 2,
      strayTables: 0,
      wrongTables: 0,
      resignedEarly: 0,
      expiredButLanded: 0,
      unsettled: 0,
      unrecordedLandings: 0,
    });
    // The chain shows as many transactions of the master as the ledger has landed: no other.
    expect(outcome?.tables?.landedOnChain).toBe(outcome?.tables?.landedInLedger);
  }, 900_000);
});
