// kill -9 `npm start` at random points of each token operation's ledger (issue 19, "Trust"),
// `--kills` times per operation, restarting it on the same data directory each time: closing
// empty token accounts, burning dust balances (raw-unit threshold, each account closed in the
// burn's transaction), an SPL withdrawal to the master (closing what it empties) and an SPL
// distribution from it. Then the chain is held against the ledger. Figures only, no
// assertions; loopback only.
//
//   npx tsx bench/crash/tokens.ts [--kills 20] [--close 1800] [--close-accounts 3]
//                                 [--burn 1200] [--burn-mints 2]
//                                 [--withdraw 1500] [--withdraw-mints 2] [--distribute 4000]
//                                 [--max-delay 400]

import { withCrashSession } from '../../apps/server/src/testing/crash/crash-session';
import { runTokenOperations } from '../../apps/server/src/testing/crash/token-operations';

const args = process.argv.slice(2);
const numberArg = (name: string, fallback: number): number => {
  const index = args.indexOf(name);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};

const options = {
  kills: numberArg('--kills', 20),
  closeWallets: numberArg('--close', 1_800),
  closeAccountsPerWallet: numberArg('--close-accounts', 3),
  burnWallets: numberArg('--burn', 1_200),
  burnMints: numberArg('--burn-mints', 2),
  withdrawWallets: numberArg('--withdraw', 1_500),
  withdrawMints: numberArg('--withdraw-mints', 2),
  distributeTo: numberArg('--distribute', 4_000),
  maxKillDelayMs: numberArg('--max-delay', 400),
  log: (line: string) => console.log(line),
};
const outcomes = await withCrashSession(options, (session) => runTokenOperations(session, options));

const row = (cells: readonly (string | number | bigint)[], widths: readonly number[]) =>
  cells.map((cell, i) => String(cell).padStart(widths[i] ?? 8)).join('  ');
const widths = [14, 7, 5, 5, 12, 8, 10, 10, 8, 8];
console.log(
  `\n${row(['operation', 'wallets', 'items', 'kills', 'transactions', 'paid once', 'reconciled', 'seconds', 'job', 'drift'], widths)}`,
);
for (const o of outcomes) {
  const settled = o.items - o.unfinishedItems;
  console.log(
    row(
      [
        o.kind,
        o.wallets,
        o.items,
        o.kills,
        `${o.ledgerTransactions}/${o.plannedTransactions}`,
        `${o.paidOnce}/${o.items}`,
        `${settled}/${o.items}`,
        o.seconds.toFixed(1),
        o.jobStatus,
        o.masterDrift,
      ],
      widths,
    ),
  );
}
for (const o of outcomes) {
  console.log(`
${o.kind}: job ${o.jobStatus}${o.jobMessage ? ` (${o.jobMessage})` : ''}; ${o.kills} kills (${o.killsInFlight} with a transaction still on its way), ${o.ledgerTransactions} ledger transactions for ${o.plannedTransactions} planned
  items applied not exactly once on chain          ${o.wrongItems}
  token accounts not where the ledger puts them    ${o.ledgerMismatches}
  mints whose supply fell not as the ledger's burns ${o.supplyMismatches}
  master's SOL change minus the ledger's (lamports) ${o.masterDrift}
  re-signed before expiry, expired yet landed      ${o.resignedEarly}, ${o.expiredButLanded}
  unsettled ledger rows, unfinished items          ${o.unsettled}, ${o.unfinishedItems}
  master's transactions on chain / landed in ledger ${o.landedOnChain} / ${o.landedInLedger} (${o.unrecordedLandings} the ledger lacks)
  fees planned / landed (lamports)                 ${o.plannedFeeLamports} / ${o.landedFeeLamports}`);
}
