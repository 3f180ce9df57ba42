import { balancesOf } from './crash-harness';
import { withCrashSession, type CrashSession, type OperationOutcome } from './crash-session';
import { runTableDistribution } from './table-distribution';

export interface CrashScenarioOptions {
  /** kill -9s in all, spread over the operations. */
  readonly kills: number;
  readonly distributeTo: number;
  readonly sweepFrom: number;
  readonly twoHopTo: number;
  /**
   * Recipients of a distribution through new lookup tables (`lookupTable: 'always'`), run last
   * and killed at random points of its ledger, its setup included; 0: none.
   */
  readonly tableDistributeTo: number;
  /** Longest wait after the server is ready before the next kill. */
  readonly maxKillDelayMs: number;
  readonly log: (line: string) => void;
}

interface Plan {
  planId: string;
  ready: boolean;
  amountLamports: string;
  costs: { totalFeeLamports: string };
  problems: { message: string }[];
}

const AMOUNT_SOL = '0.002';
const AMOUNT_LAMPORTS = 2_000_000n;

/**
 * Runs a distribution, then a two-hop distribution, then a sweep back with the master paying,
 * then a distribution through new lookup tables (each when asked), killing the server at random
 * points during each, and checks every balance.
 */
export async function runCrashScenario(options: CrashScenarioOptions): Promise<OperationOutcome[]> {
  return withCrashSession(options, (session) => runOperations(session, options));
}

async function runOperations(
  session: CrashSession,
  options: CrashScenarioOptions,
): Promise<OperationOutcome[]> {
  const { master } = session;
  const api = () => session.api();
  const rpcUrl = () => session.server().rpcUrl;
  const outcomes: OperationOutcome[] = [];
  const wallets = await session.createWallets(
    Math.max(options.distributeTo, options.sweepFrom, options.twoHopTo, options.tableDistributeTo),
  );
  options.log(`${wallets.length} wallets created; master ${master}`);
  let operations = [
    options.distributeTo,
    options.twoHopTo,
    options.sweepFrom,
    options.tableDistributeTo,
  ].filter((count) => count > 0).length;
  let killsLeft = options.kills;
  /** This operation's share of the kills left: the rest spread evenly over those to come. */
  const nextShare = () => Math.ceil(killsLeft / Math.max(1, operations--));
  const runWithKills: CrashSession['runWithKills'] = async (...args) => {
    const run = await session.runWithKills(...args);
    killsLeft -= run.kills;
    return run;
  };

  // 1. distribute from the master
  if (options.distributeTo > 0) {
    const targets = wallets.slice(0, options.distributeTo);
    const before = await balancesOf(rpcUrl(), [master, ...targets.map((w) => w.address)]);
    const plan = await api()<Plan>('POST', '/sol/distribute/plan', {
      recipients: targets.map((w) => ({ walletId: w.id, amountSol: AMOUNT_SOL })),
    });
    if (!plan.ready)
      throw new Error(`distribution plan not ready: ${JSON.stringify(plan.problems)}`);
    const run = await runWithKills(
      'distribute',
      () => api()('POST', '/sol/distribute', { planId: plan.planId }),
      nextShare(),
    );
    const after = await balancesOf(rpcUrl(), [master, ...targets.map((w) => w.address)]);
    outcomes.push({
      kind: 'distribute',
      wallets: targets.length,
      kills: run.kills,
      seconds: run.seconds,
      jobStatus: run.status,
      wrongBalances: targets.filter(
        (w) => (after.get(w.address) ?? 0n) !== (before.get(w.address) ?? 0n) + AMOUNT_LAMPORTS,
      ).length,
      masterDrift:
        (before.get(master) ?? 0n) -
        (after.get(master) ?? 0n) -
        (BigInt(plan.amountLamports) + BigInt(plan.costs.totalFeeLamports)),
    });
  }

  // 2. two-hop through fresh middlemen
  if (options.twoHopTo > 0) {
    const fresh: string[] = [];
    for (let index = 0; index < options.twoHopTo; index++) {
      fresh.push(wallets[wallets.length - 1 - index]?.address ?? '');
    }
    const hopBefore = await balancesOf(rpcUrl(), [master, ...fresh]);
    const hopPlan = await api()<Plan>('POST', '/double-distribution/plan', {
      recipients: fresh.map((destination) => ({
        destination,
        amountLamports: AMOUNT_LAMPORTS.toString(),
      })),
    });
    if (!hopPlan.ready)
      throw new Error(`two-hop plan not ready: ${JSON.stringify(hopPlan.problems)}`);
    const hop = await runWithKills(
      'two-hop',
      () =>
        api()('POST', '/double-distribution/start', {
          planId: hopPlan.planId,
          recipients: fresh.map((destination) => ({
            destination,
            amountLamports: AMOUNT_LAMPORTS.toString(),
          })),
        }),
      nextShare(),
    );
    const hopAfter = await balancesOf(rpcUrl(), [master, ...fresh]);
    outcomes.push({
      kind: 'two-hop',
      wallets: fresh.length,
      kills: hop.kills,
      seconds: hop.seconds,
      jobStatus: hop.status,
      wrongBalances: fresh.filter(
        (a) => (hopAfter.get(a) ?? 0n) !== (hopBefore.get(a) ?? 0n) + AMOUNT_LAMPORTS,
      ).length,
      masterDrift:
        (hopBefore.get(master) ?? 0n) -
        (hopAfter.get(master) ?? 0n) -
        (BigInt(hopPlan.amountLamports) + firstLegFees(hopPlan)),
    });
  }

  // 3. sweep back to the master, the master paying: every wallet at exactly 0
  if (options.sweepFrom > 0) {
    const sources = wallets.slice(0, options.sweepFrom);
    const sweepBefore = await balancesOf(rpcUrl(), [master]);
    const sweep = await api()<Plan>('POST', '/sol/aggregate/plan', {
      walletIds: sources.map((w) => w.id),
      feeStrategy: 'master',
    });
    if (!sweep.ready) throw new Error(`sweep plan not ready: ${JSON.stringify(sweep.problems)}`);
    const swept = await runWithKills(
      'sweep',
      () => api()('POST', '/sol/aggregate', { planId: sweep.planId }),
      nextShare(),
    );
    const sweepAfter = await balancesOf(rpcUrl(), [master, ...sources.map((w) => w.address)]);
    outcomes.push({
      kind: 'sweep',
      wallets: sources.length,
      kills: swept.kills,
      seconds: swept.seconds,
      jobStatus: swept.status,
      wrongBalances: sources.filter((w) => (sweepAfter.get(w.address) ?? 0n) !== 0n).length,
      masterDrift:
        (sweepAfter.get(master) ?? 0n) -
        (sweepBefore.get(master) ?? 0n) -
        (BigInt(sweep.amountLamports) - BigInt(sweep.costs.totalFeeLamports)),
    });
  }

  // 4. distribute through new lookup tables, last: its checks read the ledger of a dead server
  if (options.tableDistributeTo > 0) {
    outcomes.push(
      await runTableDistribution(session, {
        recipients: wallets.slice(0, options.tableDistributeTo),
        amountSol: AMOUNT_SOL,
        amountLamports: AMOUNT_LAMPORTS,
        killShare: nextShare(),
        maxKillDelayMs: options.maxKillDelayMs,
        log: options.log,
      }),
    );
  }
  return outcomes;
}

/**
 * What the master pays in a two-hop: the first legs' amounts already include the second legs'
 * fees, so its change is the destinations' amounts plus every fee of both legs.
 */
function firstLegFees(plan: Plan): bigint {
  return BigInt(plan.costs.totalFeeLamports);
}
