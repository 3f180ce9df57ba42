// Issue 17, "Trust" 1, through the tenant's lookup tables (decision 027): a distribution with
// `lookupTable: 'always'` to wallets no table holds yet, so the job first creates tables and
// extends them (29 addresses an extension), then pays through them. The server is killed at
// random points of the operation's ledger, its first seconds of setup included; afterwards the
// chain is read while the server still runs, then the ledger once it is gone.

import { balancesOf, sleep } from './crash-harness';
import { feesOf, landedSignatures, signaturesOfAddress, tablesOfAuthority } from './crash-chain';
import { readOperationLedger } from './crash-ledger';
import type { CrashSession, OperationOutcome } from './crash-session';
import { checkTableDistribution } from './table-checks';

interface TablePlan {
  planId: string;
  ready: boolean;
  amountLamports: string;
  costs: { totalFeeLamports: string; lookupTableRentLamports: string };
  comparison: { chosen: string } | null;
  transactions: { leg: string }[];
  problems: { message: string }[];
}

interface OperationDetail {
  transactions: { state: string; signature: string | null; itemIds: string[] }[];
}

/** How often the ledger is read while waiting for a kill point, and for how long at most. */
const POLL_MS = 100;
const MAX_POLLS = 1_200;

export async function runTableDistribution(
  session: CrashSession,
  options: {
    readonly recipients: readonly { readonly id: string; readonly address: string }[];
    readonly amountSol: string;
    readonly amountLamports: bigint;
    readonly killShare: number;
    /** Longest wait after a kill point is reached before the kill. */
    readonly maxKillDelayMs: number;
    readonly log: (line: string) => void;
  },
): Promise<OperationOutcome> {
  const { master } = session;
  const rpcUrl = () => session.server().rpcUrl;
  const addresses = options.recipients.map((w) => w.address);
  const operation = (id: string) => session.api()<OperationDetail>('GET', `/operations/${id}`);

  const before = await balancesOf(rpcUrl(), [master, ...addresses]);
  const tablesBefore = new Map(
    (await tablesOfAuthority(rpcUrl(), master)).map((t) => [String(t.tableAddress), t.lamports]),
  );
  const signaturesBefore = await signaturesOfAddress(rpcUrl(), master);
  const plan = await session.api()<TablePlan>('POST', '/sol/distribute/plan', {
    recipients: options.recipients.map((w) => ({ walletId: w.id, amountSol: options.amountSol })),
    lookupTable: 'always',
  });
  if (!plan.ready || plan.comparison?.chosen !== 'lookupTable') {
    throw new Error(`table distribution plan not ready: ${JSON.stringify(plan.problems)}`);
  }
  const setupTransactions = plan.transactions.filter((tx) => tx.leg === 'lookupTable').length;
  const transfers = plan.transactions.length - setupTransactions;

  /** Transactions past `planned`: the ledger's progress, which only grows. */
  const moved = (detail: OperationDetail) =>
    detail.transactions.filter((tx) => tx.state !== 'planned').length;
  const setupConfirmed = (detail: OperationDetail) =>
    detail.transactions.filter((tx) => tx.itemIds.length === 0 && tx.state === 'confirmed').length;
  const describe = (detail: OperationDetail) => {
    const paying = detail.transactions.filter((tx) => tx.itemIds.length > 0);
    const confirmed = paying.filter((tx) => tx.state === 'confirmed').length;
    return `setup ${setupConfirmed(detail)}/${setupTransactions} confirmed, transfers ${confirmed}/${paying.length} confirmed, ${detail.transactions.length} ledger transactions`;
  };

  let killsInSetup = 0;
  let kills = 0;
  const run = await session.runWithKills(
    'distribute-tables',
    () => session.api()('POST', '/sol/distribute', { planId: plan.planId }),
    options.killShare,
    {
      // A random point of the ledger: once a random number of its transactions have left
      // `planned` (none: as soon as the job runs again), then a random wait. The points spread
      // over what is left to send, the setup's steps while the setup is unfinished, evenly for
      // the kills left (on average); once nothing is left to send, no more kills.
      async killPoint(operationId) {
        const start = await operation(operationId);
        const from = moved(start);
        const open = start.transactions.filter((tx) =>
          ['planned', 'signed', 'sent'].includes(tx.state),
        );
        if (open.length === 0) return false;
        const end =
          setupConfirmed(start) < setupTransactions ? setupTransactions : start.transactions.length;
        const span = Math.ceil((2 * Math.max(1, end - from)) / (options.killShare - kills));
        const target = from + Math.floor(Math.random() * span);
        for (let poll = 0; poll < MAX_POLLS; poll++) {
          const now = await operation(operationId);
          if (moved(now) >= target || moved(now) === now.transactions.length) break;
          await sleep(POLL_MS);
        }
        await sleep(Math.floor(Math.random() * options.maxKillDelayMs));
        return true;
      },
      async afterRestart(operationId) {
        kills += 1;
        const detail = await operation(operationId);
        if (setupConfirmed(detail) < setupTransactions) killsInSetup += 1;
        options.log(`distribute-tables: after kill #${kills} the ledger has ${describe(detail)}`);
      },
    },
  );

  // The chain, while the server (and its localnet) still runs.
  const after = await balancesOf(rpcUrl(), [master, ...addresses]);
  const chainTables = await tablesOfAuthority(rpcUrl(), master);
  const masterSignatures = new Set(
    [...(await signaturesOfAddress(rpcUrl(), master))].filter((s) => !signaturesBefore.has(s)),
  );
  const detail = await operation(run.operationId);
  options.log(`distribute-tables: done, ${describe(detail)}`);
  const signatures = detail.transactions.flatMap((tx) => (tx.signature ? [tx.signature] : []));
  const landed = await landedSignatures(rpcUrl(), signatures);
  const landedFeeLamports = await feesOf(
    rpcUrl(),
    detail.transactions.flatMap((tx) =>
      tx.signature && (tx.state === 'confirmed' || tx.state === 'failed') ? [tx.signature] : [],
    ),
  );

  // The ledger, as the dead server left it.
  await session.stop();
  const ledger = await readOperationLedger(session.dataDir, run.operationId);
  const checks = checkTableDistribution({
    ledger,
    chainTables,
    tablesBefore,
    landed,
    masterSignatures,
  });
  const spent = (before.get(master) ?? 0n) - (after.get(master) ?? 0n);
  return {
    kind: 'distribute-tables',
    wallets: addresses.length,
    kills: run.kills,
    seconds: run.seconds,
    jobStatus: run.status,
    wrongBalances: addresses.filter(
      (a) => (after.get(a) ?? 0n) !== (before.get(a) ?? 0n) + options.amountLamports,
    ).length,
    // Amounts, the fees of what landed, the rent of the tables the ledger created: nothing else.
    masterDrift: spent - (BigInt(plan.amountLamports) + landedFeeLamports + checks.rentLamports),
    tables: {
      ...checks,
      killsInSetup,
      setupTransactions,
      transfers,
      plannedFeeLamports: BigInt(plan.costs.totalFeeLamports),
      landedFeeLamports,
      plannedRentLamports: BigInt(plan.costs.lookupTableRentLamports),
    },
  };
}
