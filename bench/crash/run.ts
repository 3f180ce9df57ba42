// kill -9 `npm start` at random points during money operations, 20 times in all by default,
// restarting it on the same data directory each time; then every wallet's on-chain balance is
// checked against exactly one payment, and the master's change against the plan's figures.
// Figures only, no assertions; loopback only.
//
//   npx tsx bench/crash/run.ts [--kills 20] [--distribute 300] [--two-hop 50] [--sweep 100]

import { runCrashScenario } from './crash-scenario';

const args = process.argv.slice(2);
const numberArg = (name: string, fallback: number): number => {
  const index = args.indexOf(name);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};

const outcomes = await runCrashScenario({
  kills: numberArg('--kills', 20),
  distributeTo: numberArg('--distribute', 300),
  twoHopTo: numberArg('--two-hop', 50),
  sweepFrom: numberArg('--sweep', 100),
  maxKillDelayMs: numberArg('--max-delay', 2_500),
  log: (line) => console.log(line),
});
console.log(
  '\noperation   wallets  kills  seconds  job        wrong balances  master drift (lamports)',
);
for (const o of outcomes) {
  console.log(
    `${o.kind.padEnd(11)} ${String(o.wallets).padStart(7)}  ${String(o.kills).padStart(5)}  ${o.seconds.toFixed(1).padStart(7)}  ${o.jobStatus.padEnd(9)}  ${String(o.wrongBalances).padStart(14)}  ${o.masterDrift.toString().padStart(10)}`,
  );
}
