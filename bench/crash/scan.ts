// The Final Truth Scan under kill -9 (issue 20 of "Trust"), for `run.ts --scan`: the scenario of
// `final-truth-scenario.ts` with more kills, and its figures. No assertions.

import {
  runFinalTruthCrash,
  type FinalTruthCrashOptions,
} from '../../apps/server/src/testing/crash/final-truth-scenario';

export async function printScanCrash(options: FinalTruthCrashOptions): Promise<void> {
  const o = await runFinalTruthCrash(options);
  const sum = (pick: (after: (typeof o.afterKills)[number]) => number) =>
    o.afterKills.reduce((total, after) => total + pick(after), 0);
  const unfinished = o.afterKills.filter((after) => after.jobStatus !== 'succeeded').length;
  const ahead = o.afterKills.filter((after) => after.aheadOfCheckpoint > 0).length;
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const { rpcCalls: _calls, durationMs: _ms, ...stats } = o.report.stats;
  console.log(`
final truth scan: ${o.wallets} wallets in batches of ${o.batchSize}; job ${o.jobStatus} (${o.jobMessage}) after ${o.kills} kills, ${o.seconds.toFixed(1)} s
  kills that cut the scan short / found a batch written, not yet recorded   ${unfinished} / ${ahead}
  after the kills, summed (all 0):
    wallets half written, lost                                      ${sum((a) => a.half)}, ${sum((a) => a.lost)}
    batches split, written out of order, recorded but not written  ${sum((a) => a.splitBatches)}, ${sum((a) => a.outOfOrder)}, ${sum((a) => a.behindCheckpoint)}
  at the end: updated ${o.final.updated}, untouched ${o.final.untouched}, half ${o.final.half}, lost ${o.final.lost} (of ${o.wallets})
  report: counts as on chain ${same(stats, o.expected.stats) ? 'yes' : `NO: ${JSON.stringify(stats)} vs ${JSON.stringify(o.expected.stats)}`}; results one per wallet, in order ${same(o.report.results, o.expected.results) ? 'yes' : 'NO'}; errors ${o.report.errors.length}`);
}
