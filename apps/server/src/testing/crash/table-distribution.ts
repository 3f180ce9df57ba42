// Issue 17, "Trust" 1, through the tenant's lookup tables (decision 027): a distribution with
// `lookupTable: 'always'` to wallets no table holds yet, so the job first creates tables and
// extends them (29 addresses an extension), then pays through them. The server is killed at
// random points of the operation's ledger, its first seconds of setup included; afterwards the
// chain is read while the server still runs, then the ledger once it is gone.

import { balancesOf } from './crash-harness';
import { feesOf, landedSignatures, signaturesOfAddress, tablesOfAuthority } from './crash-chain';
import { readOperationLedger } from './crash-ledger';
import type { CrashSession, OperationOutcome } from './crash-session';
import { isOpen, ledgerKillPoints, movedOf } from './ledger-kill-points';
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

  const setupConfirmed = (detail: OperationDetail) =>
    detail.transactions.filter((tx) => tx.itemIds.length === 0 && tx.state === 'confirmed').length;
  const describe = (detail: OperationDetail) => {
    const paying = detail.transactions.filter((tx) => tx.itemIds.length > 0);
    const confirmed = paying.filter((tx) => tx.state === 'confirmed').length;
    return `setup ${setupConfirmed(detail)}/${setupTransactions} confirmed, transfers ${confirmed}/${paying.length} confirmed, ${detail.transactions.length} ledger transactions`;
  };

  let killsInSetup = 0;
  const run = await session.runWithKills(
    'distribute-tables',
    () => session.api()('POST', '/sol/distribute', { planId: plan.planId }),
    options.killShare,
    // Within the setup's steps while the setup is unfinished, then over the transfers.
    ledgerKillPoints({
      killShare: options.killShare,
      maxKillDelayMs: options.maxKillDelayMs,
      look: async (operationId) => {
        const detail = await operation(operationId);
        return {
          moved: movedOf(detail),
          end:
            setupConfirmed(detail) < setupTransactions
              ? setupTransactions
              : detail.transactions.length,
          total: detail.transactions.length,
        };
      },
      isOpen: async (operationId) => isOpen(await operation(operationId)),
      afterRestart: async (operationId, kills) => {
        const detail = await operation(operationId);
        if (setupConfirmed(detail) < setupTransactions) killsInSetup += 1;
        options.log(`distribute-tables: after kill #${kills} the ledger has ${describe(detail)}`);
      },
    }),
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
