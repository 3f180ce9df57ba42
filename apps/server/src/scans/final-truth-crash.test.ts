import { describe, expect, it } from 'vitest';
import { runFinalTruthCrash } from '../testing/crash/final-truth-scenario';
import { NO_BROKEN_BATCH } from '../testing/crash/scan-checks';

// `npm start` killed with SIGKILL three times during a Final Truth Scan of 1,000 wallets whose
// stored balances and token accounts the chain has moved away from (SOL sent and drained,
// accounts opened, emptied, closed, topped up), in batches of 100; restarted on the same data
// directory each time. Between each kill and its restart the database is read directly.
// bench/crash/run.ts --scan runs it with more kills.
describe('a Final Truth Scan across kill -9 of the server', () => {
  it('leaves every wallet updated or untouched after each kill, resumes, and ends with every wallet as the chain has it', async () => {
    const outcome = await runFinalTruthCrash({
      wallets: 1_000,
      kills: 3,
      batchSize: 100,
      maxKillDelayMs: 300,
      log: () => undefined,
    });
    expect(outcome.kills).toBeGreaterThan(0);
    // At least one kill cut the scan short: the store after it holds an unfinished job.
    expect(outcome.afterKills.some((after) => after.jobStatus !== 'succeeded')).toBe(true);
    for (const after of outcome.afterKills) {
      expect(after, `after kill #${after.kill}`).toMatchObject(NO_BROKEN_BATCH);
      expect(after.updated + after.untouched).toBe(outcome.wallets);
      // At most the batch written when the process died is not yet recorded.
      expect(after.aheadOfCheckpoint).toBeLessThanOrEqual(outcome.batchSize);
    }

    expect(outcome.jobStatus, outcome.jobMessage).toBe('succeeded');
    expect(outcome.final).toMatchObject({
      updated: outcome.wallets,
      untouched: 0,
      half: 0,
      lost: 0,
    });
    expect(outcome.report.done).toBe(true);
    expect(outcome.report.errors).toEqual([]);
    expect(outcome.report.stats).toMatchObject(outcome.expected.stats);
    // Each wallet once, in order, with its counts: a batch scanned again after a kill is not
    // counted twice, and none is missing.
    expect(outcome.report.results).toEqual(outcome.expected.results);
  }, 300_000);
});
