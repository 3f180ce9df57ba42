// Distribution through the tenant's address lookup tables on the localnet (issue 17: "≤ 100
// lamports when the tenant's lookup table already holds the fleet"), on run.ts's setup: three
// endpoints whose sendTransaction is limited to 10 requests/s each, the server's own services and
// job workers on an embedded database, --wallets recipients (default 10,000).
// - run 1, `always`: the tables are built (creates and extensions, then the v0 transfers), with
//   the setup's transactions, fees and rent, and the fee per recipient setup included;
// - run 2, `auto`, to the same wallets: the planner must choose the tables; fee per recipient,
//   transactions, recipients per transaction, compute units requested against consumed, and the
//   plan's comparison of legacy against table.
// Every figure of money is read from the chain (getTransaction: fee, compute units, the limit
// each transaction carried). Figures only, no timed assertion; a wallet whose on-chain delta is
// not exactly what it was sent, or an `auto` plan that stays legacy, exits 1. Loopback only.
//
//   npx tsx bench/sol/lookup-tables.ts [--wallets 10000]

import {
  COMPUTE_BUDGET_PROGRAM_ADDRESS,
  jobViewSchema,
  operationDetailSchema,
  solPlanSchema,
  type JobView,
  type Lamports,
  type LookupTableChoice,
  type OperationDetail,
  type PlanCostsView,
  type SolPlanView,
} from '@fleet/core';
import { schema, withTenant } from '@fleet/db';
import { createSolanaRpc, getBase58Encoder, signature as toSignature } from '@solana/kit';
import { asc, eq } from 'drizzle-orm';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { readUsableTables } from '../../apps/server/src/lookup-tables/read-tables';
import { seedWallets } from '../../apps/server/src/testing/seed-wallets';
import { createSolTestBed } from '../../apps/server/src/testing/sol-test-bed';

const args = process.argv.slice(2);
const numberArg = (name: string, fallback: number): number => {
  const index = args.indexOf(name);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const WALLETS = numberArg('--wallets', 10_000);
const SEND_RPS = 10;
const ENDPOINTS = ['a', 'b', 'c'] as const;
const AMOUNT = 1_000_000n as Lamports;
const JOB_TIMEOUT_MS = 30 * 60_000;
/** getTransaction calls in flight against the localnet's own (unlimited) URL. */
const READ_LANES = 16;
/** ComputeBudget's SetComputeUnitLimit: u8 discriminator 2, then u32 units. */
const SET_COMPUTE_UNIT_LIMIT = 2;

const bed = await createSolTestBed({
  kind: 'pglite',
  endpoints: Object.fromEntries(
    ENDPOINTS.map((name) => [name, { methodRps: { sendTransaction: SEND_RPS } }]),
  ),
  fragments: Object.fromEntries(ENDPOINTS.map((name) => [name, `#sendRps=${SEND_RPS}`])),
});
const { services, actor, master, pool, database } = bed;
const rpc = createSolanaRpc(bed.localnet.url);
const base58 = getBase58Encoder();
const fmt = (n: number, digits = 1) => n.toFixed(digits);
const int = (n: bigint | number) => Number(n).toLocaleString('en-US');
const secondsText = (at: number | null) => (at === null ? '-' : `${fmt(at)} s`);
const line = (label: string, value: string) => console.log(`  ${`${label}:`.padEnd(34)}${value}`);

/** What the chain recorded for a set of landed transactions. */
interface ChainFigures {
  readonly transactions: number;
  readonly missing: number;
  readonly v0: number;
  readonly fee: bigint;
  readonly requested: bigint;
  readonly consumed: bigint;
}

/** Fee, compute units consumed and the limit each transaction carried, read back from the chain. */
async function chainFigures(signatures: readonly string[]): Promise<ChainFigures> {
  const figures = { transactions: 0, missing: 0, v0: 0, fee: 0n, requested: 0n, consumed: 0n };
  let next = 0;
  const lane = async () => {
    while (next < signatures.length) {
      const signature = signatures[next++] as string;
      const found = await rpc
        .getTransaction(toSignature(signature), {
          commitment: 'confirmed',
          encoding: 'json',
          maxSupportedTransactionVersion: 0,
        })
        .send();
      if (!found?.meta) {
        figures.missing += 1;
        continue;
      }
      figures.transactions += 1;
      if (found.version === 0) figures.v0 += 1;
      figures.fee += found.meta.fee;
      figures.consumed += found.meta.computeUnitsConsumed ?? 0n;
      const { accountKeys, instructions } = found.transaction.message;
      for (const instruction of instructions) {
        const program = accountKeys[instruction.programIdIndex];
        if (String(program) !== String(COMPUTE_BUDGET_PROGRAM_ADDRESS)) continue;
        const data = base58.encode(instruction.data);
        if (data[0] !== SET_COMPUTE_UNIT_LIMIT || data.length < 5) continue;
        const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
        figures.requested += BigInt(view.getUint32(1, true));
      }
    }
  };
  await Promise.all(Array.from({ length: READ_LANES }, lane));
  return figures;
}

/**
 * Runs the job to its end, printing progress every 10 s with the longest event-loop stall since
 * the last line (the localnet, the database and the job share this process: a stall delays
 * every RPC answer); notes when the first and the last wallet were paid.
 */
async function runJob(jobId: string) {
  const started = performance.now();
  const stalls = monitorEventLoopDelay({ resolution: 20 });
  stalls.enable();
  let worstStallMs = 0;
  let firstPaidSeconds: number | null = null;
  let allPaidSeconds: number | null = null;
  let lastPrint = started;
  try {
    for (;;) {
      const job = jobViewSchema.parse(await services.jobs.get(actor, jobId));
      const now = performance.now();
      const at = (now - started) / 1000;
      if (firstPaidSeconds === null && job.processedItems > 0) firstPaidSeconds = at;
      if (allPaidSeconds === null && job.processedItems >= job.totalItems) allPaidSeconds = at;
      if (job.isDone) {
        worstStallMs = Math.max(worstStallMs, stalls.max / 1e6);
        return { job, seconds: at, firstPaidSeconds, allPaidSeconds, worstStallMs };
      }
      if (now - lastPrint >= 10_000) {
        lastPrint = now;
        const stallMs = stalls.max / 1e6;
        worstStallMs = Math.max(worstStallMs, stallMs);
        stalls.reset();
        const stats = pool.stats();
        const last = job.logs.at(-1)?.message ?? '';
        console.log(
          `  … ${Math.round(at)} s: ${job.status} ${job.processedItems}/${job.totalItems}; sends ${JSON.stringify(stats.rpcMethods['sendTransaction'] ?? 0)}, ${stats.failedCalls} failed calls, waiting ${pool.waiting()}; longest stall ${Math.round(stallMs)} ms; ${last.slice(0, 160)}`,
        );
      }
      if (now - started > JOB_TIMEOUT_MS) throw new Error(`job ${jobId} not done in 30 min`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    stalls.disable();
  }
}

const recipientsSeeded = async () => {
  await seedWallets(database.db, actor.tenantId, { count: WALLETS, tokensPerWallet: 0 });
  return withTenant(database.db, actor.tenantId, (tx) =>
    tx
      .select({ id: schema.wallets.id, address: schema.wallets.publicAddress })
      .from(schema.wallets)
      .where(eq(schema.wallets.tenantId, actor.tenantId))
      .orderBy(asc(schema.wallets.createdAt)),
  );
};

const recipients = await recipientsSeeded();
const addresses = recipients.map((r) => r.address);
const violations: string[] = [];

interface RunResult {
  readonly plan: SolPlanView;
  readonly planSeconds: number;
  readonly job: JobView;
  readonly seconds: number;
  readonly firstPaidSeconds: number | null;
  readonly allPaidSeconds: number | null;
  readonly worstStallMs: number;
  readonly detail: OperationDetail;
  readonly setup: ChainFigures;
  readonly transfers: ChainFigures;
  readonly masterSpent: bigint;
  readonly wrong: number;
  readonly doublePaid: number;
  readonly sends: number;
}

/** Plans a distribution of AMOUNT to every recipient with `choice`, executes it, reads the chain. */
async function distribute(choice: LookupTableChoice): Promise<RunResult> {
  let started = performance.now();
  const plan = solPlanSchema.parse(
    await services.solPlans.planDistribution(
      actor,
      recipients.map((r) => ({ walletId: r.id, amountSol: AMOUNT })),
      { lookupTable: choice },
    ),
  );
  const planSeconds = (performance.now() - started) / 1000;
  if (!plan.ready) {
    throw new Error(`the ${choice} plan is not ready: ${JSON.stringify(plan.problems)}`);
  }
  const before = await bed.balances([master, ...addresses]);
  started = performance.now();
  const { jobId, operationId } = await services.solExecute.execute(
    actor,
    'sol.distribute',
    plan.planId,
  );
  const { job, seconds, firstPaidSeconds, allPaidSeconds, worstStallMs } = await runJob(jobId);
  if (job.status !== 'succeeded') {
    console.log(`  job ${job.status}: ${job.message ?? ''}`);
    for (const entry of job.logs.slice(-20)) console.log(`    ${entry.level} ${entry.message}`);
  }
  const after = await bed.balances([master, ...addresses]);
  const detail = operationDetailSchema.parse(
    await services.ledger.getOperation(actor, operationId),
  );
  const landed = (setup: boolean) =>
    detail.transactions.flatMap((tx) =>
      tx.state === 'confirmed' && tx.signature && (tx.itemIds.length === 0) === setup
        ? [tx.signature]
        : [],
    );
  // Nothing else moves these wallets: each one's delta is exactly what this run sent it.
  let wrong = 0;
  let doublePaid = 0;
  for (const a of addresses) {
    const delta = (after.get(a) ?? 0n) - (before.get(a) ?? 0n);
    if (delta !== AMOUNT) wrong += 1;
    if (delta > AMOUNT) doublePaid += 1;
  }
  if (wrong > 0) violations.push(`${choice}: ${wrong} wallets whose delta is not ${AMOUNT}`);
  if (doublePaid > 0) violations.push(`${choice}: ${doublePaid} wallets paid more than once`);
  return {
    plan,
    planSeconds,
    job,
    seconds,
    firstPaidSeconds,
    allPaidSeconds,
    worstStallMs,
    detail,
    setup: await chainFigures(landed(true)),
    transfers: await chainFigures(landed(false)),
    masterSpent: (before.get(master) ?? 0n) - (after.get(master) ?? 0n),
    wrong,
    doublePaid,
    sends: detail.transactions.reduce((sum, tx) => sum + tx.broadcasts, 0),
  };
}

function printCosts(label: string, costs: PlanCostsView) {
  line(
    label,
    `${int(costs.transactions)} transactions, fees ${int(BigInt(costs.totalFeeLamports))} (network ${int(BigInt(costs.networkFeeLamports))}, priority ${int(BigInt(costs.priorityFeeLamports))}, tables ${int(BigInt(costs.lookupTableFeeLamports))}), ${costs.feePerWalletLamports} per wallet, rent ${int(BigInt(costs.lookupTableRentLamports))}`,
  );
}

function printRun(title: string, run: RunResult) {
  const { plan, detail, setup, transfers } = run;
  const paid = recipients.length;
  const fees = setup.fee + transfers.fee;
  const amounts = AMOUNT * BigInt(paid);
  const transferTxs = detail.transactions.filter((tx) => tx.itemIds.length > 0);
  const items = transferTxs.reduce((sum, tx) => sum + tx.itemIds.length, 0);
  const budget = ENDPOINTS.length * SEND_RPS;
  console.log(`${title}, job ${run.job.status}`);
  line('chosen', `${plan.comparison?.chosen ?? 'legacy (no comparison)'}`);
  line(
    'plan',
    `${fmt(run.planSeconds)} s, ${plan.transactions.length} transactions (${plan.transactions.filter((tx) => tx.leg === 'lookupTable').length} setup)`,
  );
  line(
    'wall time',
    `${fmt(run.seconds)} s (wallets paid from ${secondsText(run.firstPaidSeconds)} to ${secondsText(run.allPaidSeconds)}; longest event-loop stall ${Math.round(run.worstStallMs)} ms)`,
  );
  line(
    'setup transactions',
    `${setup.transactions} landed${setup.missing ? `, ${setup.missing} not found` : ''}; fees ${int(setup.fee)} lamports`,
  );
  line(
    'transfer transactions',
    `${transfers.transactions} landed (${transfers.v0} v0, ${transfers.transactions - transfers.v0} legacy); ${fmt(items / Math.max(1, transferTxs.length))} recipients per transaction`,
  );
  line(
    'rent deposited',
    `${int(run.masterSpent - amounts - fees)} lamports on chain (planned ${int(BigInt(plan.costs.lookupTableRentLamports))})`,
  );
  line(
    'fee per recipient',
    `${fmt(Number(fees) / paid)} lamports on chain incl. setup (${fmt(Number(transfers.fee) / paid)} transfers only); planned ${plan.costs.feePerWalletLamports}`,
  );
  line(
    'compute units requested/used',
    `transfers ${fmt(Number(transfers.requested) / Number(transfers.consumed || 1n), 3)} (${int(transfers.requested)}/${int(transfers.consumed)}, every transaction read)${setup.transactions ? `; setup ${fmt(Number(setup.requested) / Number(setup.consumed || 1n), 3)}` : ''}`,
  );
  line(
    'sends',
    `${run.sends} for ${detail.transactions.length} transactions; ${fmt((100 * run.sends) / (budget * run.seconds))} % of the ${budget}/s budget over the wall time`,
  );
  line('wallets not paid exactly once', `${run.wrong} (paid more than once: ${run.doublePaid})`);
}

try {
  console.log(`${recipients.length} recipients seeded`);

  // Run 1: `always` builds the tables, then pays through them.
  const first = await distribute('always');
  printRun(`run 1, always: distribution to ${recipients.length} wallets`, first);
  const rows = await withTenant(database.db, actor.tenantId, (tx) =>
    tx.select({ address: schema.lookupTables.address }).from(schema.lookupTables),
  );
  const tables = await readUsableTables(
    pool,
    rows.map((row) => row.address),
    master,
  );
  const held = new Set<string>(tables.flatMap((table) => table.addresses));
  line(
    'tables on chain',
    `${tables.length} usable of ${rows.length} created; ${int(held.size)} addresses, ${addresses.filter((a) => !held.has(a)).length} recipients missing`,
  );
  if (first.plan.comparison)
    printCosts('planned, table (chosen)', first.plan.comparison.lookupTable);
  if (first.plan.comparison) printCosts('planned, legacy', first.plan.comparison.legacy);

  // Run 2: `auto` to the same wallets, once the tables hold the fleet.
  const second = await distribute('auto');
  printRun(`run 2, auto: distribution to the same ${recipients.length} wallets`, second);
  if (second.plan.comparison?.chosen !== 'lookupTable') {
    violations.push(`auto chose ${second.plan.comparison?.chosen ?? 'legacy without comparison'}`);
  }
  const { comparison } = second.plan;
  if (comparison) {
    console.log('run 2, the plan’s comparison');
    printCosts('legacy', comparison.legacy);
    printCosts('lookup table', comparison.lookupTable);
    line(
      'table setup still needed',
      `${comparison.lookupTable.tablesToCreate} tables to create, ${comparison.lookupTable.addressesToAdd} addresses to add`,
    );
  }
  console.log(`pool: ${JSON.stringify(pool.stats().endpoint429s)} HTTP 429s by endpoint`);
} finally {
  await bed.close();
}

if (violations.length > 0) {
  for (const violation of violations) console.error(`VIOLATION: ${violation}`);
  process.exitCode = 1;
}
