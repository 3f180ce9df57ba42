// kill -9 `npm start` at random points during money operations, 20 times in all by default,
// restarting it on the same data directory each time; then every wallet's on-chain balance is
// checked against exactly one payment, and the master's change against the plan's figures.
// Figures only, no assertions; loopback only.
//
//   npx tsx bench/crash/run.ts [--kills 20] [--distribute 300] [--two-hop 50] [--sweep 100]
//                              [--tables 300] [--max-delay 2500]
//
// `--tables 0` leaves out the distribution through new lookup tables; `--distribute 0
// --two-hop 0 --sweep 0` runs it alone, with every kill.
//
//   npx tsx bench/crash/run.ts --scan 2000 [--kills 20] [--batch 500] [--max-delay 1500]
//
// runs a Final Truth Scan of that many wallets instead (issue 20): the store read after each
// kill, before the restart (see README.md).

import { runCrashScenario } from '../../apps/server/src/testing/crash/crash-scenario';
import { printScanCrash } from './scan';

const args = process.argv.slice(2);
const numberArg = (name: string, fallback: number): number => {
  const index = args.indexOf(name);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};

if (args.includes('--scan')) {
  await printScanCrash({
    wallets: numberArg('--scan', 2_000),
    kills: numberArg('--kills', 20),
    ...(args.includes('--batch') ? { batchSize: numberArg('--batch', 500) } : {}),
    maxKillDelayMs: numberArg('--max-delay', 1_500),
    log: (line) => console.log(line),
  });
  process.exit(0);
}

const outcomes = await runCrashScenario({
  kills: numberArg('--kills', 20),
  distributeTo: numberArg('--distribute', 300),
  twoHopTo: numberArg('--two-hop', 50),
  sweepFrom: numberArg('--sweep', 100),
  tableDistributeTo: numberArg('--tables', 300),
  maxKillDelayMs: numberArg('--max-delay', 2_500),
  log: (line) => console.log(line),
});
console.log(
  '\noperation           wallets  kills  seconds  job        wrong balances  master drift (lamports)',
);
for (const o of outcomes) {
  console.log(
    `${o.kind.padEnd(19)} ${String(o.wallets).padStart(7)}  ${String(o.kills).padStart(5)}  ${o.seconds.toFixed(1).padStart(7)}  ${o.jobStatus.padEnd(9)}  ${String(o.wrongBalances).padStart(14)}  ${o.masterDrift.toString().padStart(10)}`,
  );
}
for (const o of outcomes) {
  const t = o.tables;
  if (!t) continue;
  console.log(`
lookup tables (${o.kind}): ${t.setupTransactions} setup transactions, ${t.transfers} transfers planned
  kills while the ledger's setup was unfinished   ${t.killsInSetup} of ${o.kills}
  tables planned / created (ledger) / new on chain ${t.planned} / ${t.createdInLedger} / ${t.createdOnChain}
  creates signed (re-signs after expiry included) ${t.createsSigned}
  stray tables, tables not holding exactly the plan's addresses   ${t.strayTables}, ${t.wrongTables}
  re-signed before expiry, expired yet landed      ${t.resignedEarly}, ${t.expiredButLanded}
  unsettled ledger rows, landings the ledger lacks ${t.unsettled}, ${t.unrecordedLandings}
  master's transactions on chain / landed in ledger ${t.landedOnChain} / ${t.landedInLedger}
  fees planned / landed (lamports)                ${t.plannedFeeLamports} / ${t.landedFeeLamports}
  rent planned / deposited (lamports)             ${t.plannedRentLamports} / ${t.rentLamports}`);
}
