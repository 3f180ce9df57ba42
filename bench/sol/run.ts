// SOL operation figures on the localnet (issue 17): three endpoints whose sendTransaction is
// limited to 10 requests/s each (HTTP 429 above it). The server's own services and job workers
// on an embedded database:
// - distribution from the master to --wallets wallets (default 10,000): fee per recipient, compute
//   units requested against consumed, wall time against the pool's send budget, double payments;
//   the send phase as the localnet saw it, the budget used in it, in the job and in the whole
//   run, the fixed costs around it, 429s, and each second's sends beside the thread's stalls;
// - sweep of --sweep wallets (default 1,000, real keys) back to the master paying: signatures per
//   swept wallet, lamports left behind;
// - two-hop to --two-hop destinations (default 1,000): time, fees, middlemen left holding SOL.
// Figures only, no assertions; loopback only.
//
//   npx tsx bench/sol/run.ts [--wallets 10000] [--sweep 1000] [--two-hop 1000]
//                            [--database pglite|postgres]

import { operationDetailSchema, solPlanSchema, type Lamports } from '@fleet/core';
import { schema, withTenant } from '@fleet/db';
import type { EndpointCounters } from '@fleet/localnet';
import { createSolanaRpc, signature as toSignature } from '@solana/kit';
import { asc, eq, max } from 'drizzle-orm';
import { newTestKeypair } from '../../apps/server/src/testing/keypairs';
import { seedWallets } from '../../apps/server/src/testing/seed-wallets';
import { createSolTestBed } from '../../apps/server/src/testing/sol-test-bed';

const args = process.argv.slice(2);
const numberArg = (name: string, fallback: number): number => {
  const index = args.indexOf(name);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const WALLETS = numberArg('--wallets', 10_000);
const SWEEP = numberArg('--sweep', 1_000);
const TWO_HOP = numberArg('--two-hop', 1_000);
const textArg = (name: string, fallback: string): string => {
  const index = args.indexOf(name);
  return index >= 0 ? (args[index + 1] ?? fallback) : fallback;
};
/** `postgres` runs on the server at DATABASE_URL (a database of its own, dropped after). */
const DATABASE = textArg('--database', 'pglite') === 'postgres' ? 'postgres' : 'pglite';
const SEND_RPS = 10;
const ENDPOINTS = ['a', 'b', 'c'] as const;
const AMOUNT_SOL = '0.001';
const AMOUNT = 1_000_000n as Lamports;

const bed = await createSolTestBed({
  kind: DATABASE,
  endpoints: Object.fromEntries(
    ENDPOINTS.map((name) => [name, { methodRps: { sendTransaction: SEND_RPS } }]),
  ),
  fragments: Object.fromEntries(ENDPOINTS.map((name) => [name, `#sendRps=${SEND_RPS}`])),
});
const { services, actor, master, pool, database } = bed;
const rpc = createSolanaRpc(bed.localnet.url);
const fmt = (n: number, digits = 1) => n.toFixed(digits);

const balances = (addresses: readonly string[]) => bed.balances(addresses);
const seconds = (ms: number) => `${fmt(ms / 1000, 2)} s`;

/** When the operation's last transaction record was written (its last confirmation, as a rule). */
async function lastLedgerWrite(operationId: string): Promise<number> {
  const [row] = await withTenant(database.db, actor.tenantId, (tx) =>
    tx
      .select({ at: max(schema.ledgerTransactions.updatedAt) })
      .from(schema.ledgerTransactions)
      .where(eq(schema.ledgerTransactions.operationId, operationId)),
  );
  return row?.at?.getTime() ?? Number.NaN;
}

/**
 * The sends the localnet let through, read every 100 ms: the per-second counts show where the
 * budget sat idle. The phase's ends come from the localnet's own first and last admission times.
 */
function sampleSends() {
  /** `stallMs`: how much later than asked the sample came (the thread was busy). */
  const samples: { at: number; sends: number; stallMs: number }[] = [];
  let previousAt = Date.now();
  const read = () =>
    ENDPOINTS.reduce(
      (sum, name) =>
        sum + (bed.localnet.admin.counters(name).admittedByMethod['sendTransaction']?.calls ?? 0),
      0,
    );
  const timer = setInterval(() => {
    const at = Date.now();
    samples.push({ at, sends: read(), stallMs: Math.max(0, at - previousAt - 100) });
    previousAt = at;
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      samples.push({ at: Date.now(), sends: read(), stallMs: 0 });
      return samples;
    },
  };
}

/**
 * The distribution's timeline from the localnet's side: the send phase (first sendTransaction let
 * through → last one), the budget used in it, and the fixed costs around it. In a phase of d
 * seconds at r sends/s a paced sender makes r·d + 1 sends, so the phase's use is (sends − 1) / r·d;
 * the whole run's and the job's are sends / r·(their time), as for the wall time above.
 */
function printSendPhase(input: {
  served: readonly EndpointCounters[];
  timeline: readonly { at: number; sends: number; stallMs: number }[];
  budget: number;
  /** HTTP 429s the pool met during the distribution. */
  pool429s: number;
  executeAt: number;
  executedAt: number;
  doneAt: number;
  lastRecordAt: number;
}) {
  const { served, budget, executeAt, executedAt, doneAt } = input;
  const windows = served.flatMap((c) => {
    const window = c.admittedByMethod['sendTransaction'];
    return window ? [window] : [];
  });
  if (windows.length === 0) {
    console.log('  send phase:                    no sends seen by the localnet');
    return;
  }
  const firstChainCall = Math.min(
    ...served.flatMap((c) => Object.values(c.admittedByMethod).map((w) => w.firstAt)),
  );
  const sends = windows.reduce((sum, w) => sum + w.calls, 0);
  const first = Math.min(...windows.map((w) => w.firstAt));
  const last = Math.max(...windows.map((w) => w.lastAt));
  const phaseMs = Math.max(1, last - first);
  const share = (ms: number) => fmt((100 * sends) / ((budget * ms) / 1000));
  console.log(
    `  send phase (localnet):         ${seconds(phaseMs)} from the first sendTransaction let through to the last, ${sends} sends (${windows.map((w) => w.calls).join('/')} by endpoint) → ${fmt((100 * (sends - 1)) / ((budget * phaseMs) / 1000))} % of the ${budget}/s budget`,
  );
  console.log(
    `  whole run (execute → done):    ${seconds(doneAt - executeAt)} → ${share(doneAt - executeAt)} % of the budget`,
  );
  console.log(
    `  job (queued → done):           ${seconds(doneAt - executedAt)} → ${share(doneAt - executedAt)} % of the budget`,
  );
  console.log(
    `  fixed costs:                   execute ${seconds(executedAt - executeAt)}; job start to its first chain call ${seconds(firstChainCall - executedAt)}; to the first send ${seconds(first - firstChainCall)}; tail after the last send ${seconds(doneAt - last)} (the last ledger write ${seconds(input.lastRecordAt - last)} after it, done ${seconds(doneAt - input.lastRecordAt)} later)`,
  );
  const limited = served.reduce((sum, c) => sum + c.rateLimited, 0);
  console.log(
    `  HTTP 429s:                     ${limited} answered by the localnet, ${input.pool429s} met by the pool`,
  );
  // Whole seconds of the phase only: a second cut by its end would read as a dip.
  const bySecond = Array.from({ length: Math.floor(phaseMs / 1000) }, () => 0);
  const stalls = bySecond.map(() => 0);
  let previous = 0;
  for (const sample of input.timeline) {
    const second = Math.floor((sample.at - first) / 1000);
    if (second >= 0 && second < bySecond.length) {
      bySecond[second] = (bySecond[second] ?? 0) + sample.sends - previous;
      stalls[second] = Math.max(stalls[second] ?? 0, sample.stallMs);
    }
    previous = sample.sends;
  }
  if (bySecond.length > 0) {
    console.log(
      `  sends per second of the phase: ${bySecond.join(' ')} (min ${Math.min(...bySecond)}, max ${Math.max(...bySecond)})`,
    );
    // The localnet, the database and the job share one thread: a long stall shows as a dip.
    console.log(`  longest stall per second (ms): ${stalls.join(' ')}`);
  }
}

try {
  const runJob = async (jobId: string) => {
    const started = Date.now();
    const timer = setInterval(() => {
      void services.jobs.get(actor, jobId).then((job) => {
        const seconds = Math.round((Date.now() - started) / 1000);
        const stats = pool.stats();
        console.log(
          `  … ${seconds} s: ${job.status} ${job.processedItems}/${job.totalItems}; ${stats.calls} RPC calls, ${stats.failedCalls} failed, sends ${JSON.stringify(stats.rpcMethods['sendTransaction'] ?? 0)}, waiting ${pool.waiting()}; ${job.logs.at(-1)?.message ?? ''}`,
        );
      });
    }, 10_000);
    try {
      return await bed.runToEnd(jobId, 30 * 60_000);
    } finally {
      clearInterval(timer);
    }
  };

  // 1. distribution to WALLETS recipients (addresses only: no keys needed to receive)
  await seedWallets(database.db, actor.tenantId, { count: WALLETS, tokensPerWallet: 0 });
  const recipients = await withTenant(database.db, actor.tenantId, (tx) =>
    tx
      .select({ id: schema.wallets.id, address: schema.wallets.publicAddress })
      .from(schema.wallets)
      .where(eq(schema.wallets.tenantId, actor.tenantId))
      .orderBy(asc(schema.wallets.createdAt)),
  );
  console.log(`${recipients.length} recipients seeded`);
  let started = performance.now();
  const plan = solPlanSchema.parse(
    await services.solPlans.planDistribution(
      actor,
      recipients.map((r) => ({ walletId: r.id, amountSol: AMOUNT })),
    ),
  );
  const planSeconds = (performance.now() - started) / 1000;
  console.log(`planned in ${fmt(planSeconds)} s`);
  const masterBefore = (await balances([master])).get(master) ?? 0n;
  for (const name of ENDPOINTS) bed.localnet.admin.resetCounters(name);
  const pool429s = () => Object.values(pool.stats().endpoint429s).reduce((a, b) => a + b, 0);
  const pool429sBefore = pool429s();
  const sampler = sampleSends();
  const executeAt = Date.now();
  started = performance.now();
  const { jobId, operationId } = await services.solExecute.execute(
    actor,
    'sol.distribute',
    plan.planId,
  );
  const executedAt = Date.now();
  const job = await runJob(jobId);
  const seconds = (performance.now() - started) / 1000;
  const timeline = sampler.stop();
  const served = ENDPOINTS.map((name) => bed.localnet.admin.counters(name));
  const after = await balances([master, ...recipients.map((r) => r.address)]);
  const wrong = recipients.filter((r) => after.get(r.address) !== AMOUNT).length;
  const spent = masterBefore - (after.get(master) ?? 0n) - AMOUNT * BigInt(recipients.length);
  const detail = operationDetailSchema.parse(
    await services.ledger.getOperation(actor, operationId),
  );
  const sends = detail.transactions.reduce((sum, tx) => sum + tx.broadcasts, 0);
  const sample = detail.transactions
    .slice(0, 20)
    .flatMap((tx) => (tx.signature ? [tx.signature] : []));
  let consumed = 0n;
  for (const signature of sample) {
    const found = await rpc
      .getTransaction(toSignature(signature), {
        commitment: 'confirmed',
        encoding: 'json',
        maxSupportedTransactionVersion: 0,
      })
      .send();
    consumed += found?.meta?.computeUnitsConsumed ?? 0n;
  }
  const requested = plan.transactions
    .slice(0, sample.length)
    .reduce((sum, tx) => sum + BigInt(tx.computeUnitLimit), 0n);
  const budget = ENDPOINTS.length * SEND_RPS;
  console.log(
    `distribution to ${recipients.length} wallets (${AMOUNT_SOL} SOL each), job ${job.status}`,
  );
  console.log(
    `  plan:                          ${fmt(planSeconds)} s, ${plan.transactions.length} transactions`,
  );
  console.log(`  wall time:                     ${fmt(seconds)} s`);
  console.log(`  fee per recipient (planned):   ${plan.costs.feePerWalletLamports} lamports`);
  console.log(
    `  fee per recipient (on chain):  ${fmt(Number(spent) / recipients.length)} lamports`,
  );
  console.log(
    `  compute units requested/used:  ${fmt(Number(requested) / Number(consumed || 1n), 3)} (${sample.length} transactions sampled)`,
  );
  console.log(
    `  sends: ${sends} for ${detail.transactions.length} transactions; send budget ${budget}/s → ${fmt((100 * sends) / (budget * seconds))} % of the budget over the wall time`,
  );
  console.log(`  ideal time at the budget:      ${fmt(detail.transactions.length / budget)} s`);
  printSendPhase({
    served,
    timeline,
    budget,
    pool429s: pool429s() - pool429sBefore,
    executeAt,
    executedAt,
    doneAt: Date.parse(job.finishedAt ?? new Date().toISOString()),
    lastRecordAt: await lastLedgerWrite(operationId),
  });
  console.log(`  wallets not paid exactly once: ${wrong}`);

  // 2. sweep of SWEEP wallets with real keys, the master paying (0: skipped)
  if (SWEEP > 0) {
    const created: { id: string; address: string }[] = [];
    while (created.length < SWEEP) {
      const made = await services.walletLifecycle.create(actor, {
        count: Math.min(100, SWEEP - created.length),
        isTrader: false,
      });
      created.push(...made.wallets);
    }
    const fund = solPlanSchema.parse(
      await services.solPlans.planDistribution(
        actor,
        created.map((w) => ({ walletId: w.id, amountSol: AMOUNT })),
      ),
    );
    await runJob((await services.solExecute.execute(actor, 'sol.distribute', fund.planId)).jobId);
    const sweepPlan = solPlanSchema.parse(
      await services.solPlans.planAggregation(actor, {
        walletIds: created.map((w) => w.id),
        feeStrategy: 'master',
      }),
    );
    started = performance.now();
    const sweepJob = await runJob(
      (await services.solExecute.execute(actor, 'sol.aggregate', sweepPlan.planId)).jobId,
    );
    const sweepSeconds = (performance.now() - started) / 1000;
    const left = await balances(created.map((w) => w.address));
    const signatures = sweepPlan.transactions.reduce((sum, tx) => sum + tx.signers, 0);
    console.log(
      `sweep of ${created.length} wallets to the master (master pays), job ${sweepJob.status}`,
    );
    if (sweepJob.status !== 'succeeded') {
      console.log(
        `  ${sweepJob.message}: ${sweepJob.logs.map((line) => line.message).join(' | ')}`,
      );
    }
    console.log(
      `  wall time:                     ${fmt(sweepSeconds)} s, ${sweepPlan.transactions.length} transactions`,
    );
    console.log(
      `  signatures per swept wallet:   ${fmt(signatures / created.length, 3)} (${signatures} for ${created.length} wallets and ${sweepPlan.transactions.length} transactions)`,
    );
    console.log(
      `  fee per swept wallet:          ${sweepPlan.costs.feePerWalletLamports} lamports`,
    );
    console.log(
      `  lamports left behind:          ${[...left.values()].reduce((a, b) => a + b, 0n)}`,
    );
  }

  // 3. two-hop to TWO_HOP fresh destinations (0: skipped)
  if (TWO_HOP > 0) {
    const destinations = Array.from({ length: TWO_HOP }, () => newTestKeypair().address);
    const hop = solPlanSchema.parse(
      await services.solPlans.planDoubleDistribution(
        actor,
        destinations.map((destination) => ({ destination, amountLamports: AMOUNT.toString() })),
      ),
    );
    started = performance.now();
    const hopStart = await services.solExecute.execute(
      actor,
      'sol.double_distribution',
      hop.planId,
    );
    const hopJob = await runJob(hopStart.jobId);
    const hopSeconds = (performance.now() - started) / 1000;
    const progress = await services.solProgress.doubleDistribution(actor, hopStart.jobId);
    const middlemen = await balances(progress.results.map((r) => r.middleman));
    const paid = await balances(destinations);
    console.log(`two-hop to ${destinations.length} destinations, job ${hopJob.status}`);
    console.log(
      `  wall time:                     ${fmt(hopSeconds)} s (includes generating and sealing ${destinations.length} middlemen)`,
    );
    console.log(
      `  fees:                          ${hop.costs.totalFeeLamports} lamports (${hop.costs.feePerWalletLamports} per destination, both legs)`,
    );
    console.log(
      `  destinations paid exactly:     ${destinations.filter((d) => paid.get(d) === AMOUNT).length}`,
    );
    console.log(
      `  middlemen left holding SOL:    ${[...middlemen.values()].filter((v) => v > 0n).length}`,
    );
  }
  console.log(`pool: ${JSON.stringify(pool.stats().endpoint429s)} HTTP 429s by endpoint`);
} finally {
  await bed.close();
}
