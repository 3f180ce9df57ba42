/**
 * The close of empty token accounts on the localnet (issue 19, "Costs and speed"):
 *
 *   npx tsx bench/token-closes/run.ts [--wallets 10000] [--big 1000] [--big-size 30]
 *                                     [--ladder 1] [--rent master|owner] [--database pglite|postgres]
 *                                     [--profile run.cpuprofile]
 *
 * `--wallets` wallets hold 0 to 3 empty token accounts each (wallet i holds i mod 4: Token, then
 * Token-2022, then Token), `--big` wallets hold `--big-size` each (the even ones all Token, the
 * odd ones every third Token-2022); every 100th small wallet also holds an account with a
 * balance, which must stay open; and a ladder (`--ladder 0`: none) of one wallet of each mix for
 * every count from 4 to `--big-size` − 1, to find in the real plan where one owner's accounts stop
 * fitting one transaction. The accounts are written straight into the localnet's state
 * (setup only); the close goes through the server's own services and job workers: the plan
 * service reads every wallet from the chain, the close stream executes the plan and follows its
 * job, which signs and sends real CloseAccount transactions through three endpoints whose
 * `sendTransaction` is limited to 10 requests/s each (the pool is told `#sendRps=10`).
 *
 * Prints: the packing's limit for one owner (the largest count of one owner's accounts that one
 * legacy transaction holds, from core's packer and from the plans); plan time for both rent
 * destinations; signatures per owner by the owner's count of empty accounts, from the plan and
 * from the close history the job wrote; closes per transaction; fee per closed account and rent
 * per lamport of fee, planned and on chain; wall time and tx/s against the pool's send budget;
 * and accounts left open that should have closed, read back from the chain one by one. Figures
 * only; no assertion.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import {
  address as fleetAddress,
  encodeBase58,
  forecastCloses,
  isFleetError,
  type CloseTokensEvent,
  type CloseTokensPlan,
  type RentDestination,
  type TokenAccountSnapshot,
} from '@fleet/core';
import { schema, withTenant } from '@fleet/db';
import { address, createSolanaRpc } from '@solana/kit';
import { countDistinct, eq } from 'drizzle-orm';
import { createSolTestBed } from '../../apps/server/src/testing/sol-test-bed';
import { fmt, int, measuringStalls, ratio, seconds } from './figures';
import { largestForOneOwner } from './packing-probe';
import { TARGET, printSignatures, type OwnerSpec } from './signature-table';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string): string => {
  const index = args.indexOf(name);
  return index >= 0 ? (args[index + 1] ?? fallback) : fallback;
};
const WALLETS = Number(arg('--wallets', '10000'));
const BIG = Number(arg('--big', '1000'));
const BIG_SIZE = Number(arg('--big-size', '30'));
const EXECUTED: RentDestination = arg('--rent', 'master') === 'owner' ? 'owner' : 'master';
const OTHER: RentDestination = EXECUTED === 'master' ? 'owner' : 'master';
/** `--ladder 0` leaves out the wallets with 4 to BIG_SIZE − 1 accounts. */
const LADDER = arg('--ladder', '1') !== '0';
/**
 * Lamports each ladder wallet holds (`--ladder-sol 0`: none): those whose accounts the master
 * cannot fit in one transaction then pay their own one, and sign once.
 */
const LADDER_SOL = BigInt(arg('--ladder-sol', '10000000'));
const DATABASE = arg('--database', 'pglite') === 'postgres' ? 'postgres' : 'pglite';
const SEND_RPS = 10;
const ENDPOINTS = ['a', 'b', 'c'] as const;

const randomAddress = () => encodeBase58(randomBytes(32));
const log = (line: string) => console.log(line);

const bed = await createSolTestBed({
  kind: DATABASE,
  endpoints: Object.fromEntries(
    ENDPOINTS.map((name) => [name, { methodRps: { sendTransaction: SEND_RPS } }]),
  ),
  fragments: Object.fromEntries(ENDPOINTS.map((name) => [name, `#sendRps=${SEND_RPS}`])),
});
const { services, actor, pool, database } = bed;
const { admin } = bed.localnet;
const master = bed.master;
// Reads for the figures go to the localnet's own endpoint, outside the pool and its budgets.
const rpc = createSolanaRpc(bed.localnet.url);

/**
 * The bench's own reads, tried again after a reset connection: the localnet, the database and
 * the job share this one thread, and after a long stall of it a kept-alive socket may be reset
 * under the first request on it (seen here after the plans; counted and printed).
 */
let benchResets = 0;
async function withRetry<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await read();
    } catch (error) {
      const text = `${String(error)} ${String((error as { cause?: unknown }).cause)}`;
      if (attempt === 3 || !text.includes('ECONNRESET')) throw error;
      benchResets += 1;
    }
  }
}
const balances = (addresses: readonly string[]) => withRetry(() => bed.balances(addresses));

/** The first and last call of `method` the localnet let through, over all endpoints. */
const admitted = (method: string) =>
  [...ENDPOINTS, 'default'].reduce(
    (sum, name) => {
      const window = bed.localnet.admin.counters(name).admittedByMethod[method];
      return window
        ? {
            calls: sum.calls + window.calls,
            first: Math.min(sum.first, window.firstAt),
            last: Math.max(sum.last, window.lastAt),
          }
        : sum;
    },
    { calls: 0, first: Infinity, last: 0 },
  );
const resetCounters = () => {
  for (const name of [...ENDPOINTS, 'default']) admin.resetCounters(name);
};

// 1. the fleet: wallets with keys in the vault, then their token accounts written on chain
const specs: OwnerSpec[] = [
  ...Array.from({ length: WALLETS }, (_, i) => ({
    count: i % 4,
    // Token first, then Token-2022, then Token: one or two programs in a transaction.
    mixed: i % 4 >= 2,
    role: 'small' as const,
  })),
  ...Array.from({ length: BIG }, (_, j) => ({
    count: BIG_SIZE,
    mixed: j % 2 === 1,
    role: 'big' as const,
  })),
  ...(LADDER
    ? Array.from({ length: Math.max(0, BIG_SIZE - 4) }, (_, k) =>
        [false, true].map((mixed) => ({ count: 4 + k, mixed, role: 'ladder' as const })),
      ).flat()
    : []),
];
let started = Date.now();
const wallets: string[] = [];
while (wallets.length < specs.length) {
  const made = await services.walletLifecycle.create(actor, {
    count: Math.min(100, specs.length - wallets.length),
    isTrader: false,
  });
  wallets.push(...made.wallets.map((wallet) => wallet.address));
}
const walletsMs = Date.now() - started;
started = Date.now();
const tokenA = await admin.createMint({ decimals: 6 });
const tokenB = await admin.createMint({ decimals: 9 });
const token2022 = await admin.createMint({ decimals: 6, program: 'token-2022' });
/** Every account that must be gone after the close, and each owner's spec. */
const shouldClose: string[] = [];
const specOf = new Map<string, OwnerSpec>();
const mustStay: string[] = [];
/** The same accounts as the plan reads them, for timing core's forecast alone. */
const snapshots: TokenAccountSnapshot[] = [];
const snapshot = (owner: string, tokenAccount: string, mint: string, amount: bigint) =>
  snapshots.push({
    owner: fleetAddress(owner),
    tokenAccount: fleetAddress(tokenAccount),
    mint: fleetAddress(mint),
    program: mint === token2022 ? 'token2022' : 'token',
    amount,
    lamports: 2_039_280n,
    frozen: false,
    withheldAmount: 0n,
  });
for (const [index, owner] of wallets.entries()) {
  const spec = specs[index] as OwnerSpec;
  specOf.set(owner, spec);
  for (let n = 0; n < spec.count; n += 1) {
    const small = spec.role === 'small';
    const mint = small
      ? ([tokenA, token2022, tokenB][n] ?? tokenA)
      : spec.mixed && n % 3 === 2
        ? token2022
        : tokenA;
    const account = await admin.createTokenAccount({
      owner,
      mint,
      // The small wallets' are their associated accounts; a big wallet's 30 cannot all be.
      ...(small ? {} : { address: randomAddress() }),
    });
    shouldClose.push(account);
    snapshot(owner, account, mint, 0n);
  }
  if (spec.role === 'small' && index % 100 === 0) {
    const account = await admin.createTokenAccount({
      owner,
      mint: tokenA,
      amount: 5n,
      address: randomAddress(),
    });
    mustStay.push(account);
    snapshot(owner, account, tokenA, 5n);
  }
}
if (LADDER_SOL > 0n) {
  for (const [index, owner] of wallets.entries()) {
    if (specs[index]?.role === 'ladder') await admin.fund(owner, LADDER_SOL);
  }
}
const accountsMs = Date.now() - started;
const ownersOf = (role: OwnerSpec['role'], mixed: boolean) =>
  wallets.filter((owner) => specOf.get(owner)?.role === role && specOf.get(owner)?.mixed === mixed);
log(
  `fleet: ${int(WALLETS)} wallets with 0–3 empty accounts and ${int(BIG)} with ${BIG_SIZE} ` +
    `(${int(ownersOf('big', false).length)} all Token, ${int(ownersOf('big', true).length)} every third Token-2022)` +
    (LADDER
      ? `, a ladder of ${int(specs.length - WALLETS - BIG)} with 4 to ${BIG_SIZE - 1} (each of both mixes, ${int(LADDER_SOL)} lamports each)`
      : '') +
    `; ${int(shouldClose.length)} empty accounts, ${int(mustStay.length)} with a balance; ` +
    `wallets made in ${seconds(walletsMs)}, accounts written in ${seconds(accountsMs)}`,
);

// 2. core's packer alone: how many of one owner's accounts one legacy transaction holds
const budget = pool.sendBudgetPerSecond();
log(`packing (core's packCloses, one owner, legacy, 1,232-byte limit):`);
for (const feePayer of ['master', 'owner'] as const) {
  for (const rent of ['master', 'owner'] as const) {
    const probe = {
      master: fleetAddress(master),
      mint: fleetAddress(tokenA),
      rentDestination: rent,
      feePayer,
    };
    const token = largestForOneOwner({ ...probe, mix: 'token' });
    const mixed = largestForOneOwner({ ...probe, mix: 'mixed' });
    log(
      `  fee paid by ${feePayer.padEnd(6)} rent to ${rent.padEnd(6)}: ${token.n} Token (${token.size} bytes), ` +
        `${mixed.n} mixed with Token-2022 (${mixed.size} bytes)` +
        (feePayer === 'master'
          ? '  [the master paying: any wallet, 0 SOL too]'
          : `  [an owner paying its own, as the plan lets one with SOL that the master cannot fit whole; target ≥ ${TARGET}]`),
    );
  }
}

// 3. the plans, from the chain: the destination not executed first, then the executed one
interface PlanFigures {
  plan: CloseTokensPlan;
  ms: number;
  /** The chain read: the localnet's first to last getTokenAccountsByOwner, and their count. */
  readMs: number;
  reads: number;
  /** What followed the read (packing, the stored plan) and the thread's longest stall. */
  afterReadMs: number;
  stallMs: number;
  /** Transactions each owner signs, from the plan. */
  signed: Map<string, number>;
}
/**
 * A plan whose chain read failed is tried again (twice at most) and the failure printed: the
 * read is all or nothing (one wallet unread fails it), and the figures want the failure seen.
 */
async function planFor(rentDestination: RentDestination): Promise<PlanFigures> {
  let at = Date.now();
  let plan: CloseTokensPlan | undefined;
  let stallMs = 0;
  for (let attempt = 1; plan === undefined; attempt += 1) {
    resetCounters();
    try {
      const measured = await measuringStalls(() =>
        services.closePlans.plan(actor, { walletAddresses: [], rentDestination }),
      );
      plan = measured.value;
      stallMs = measured.stallMs;
    } catch (error) {
      if (attempt === 3 || !isFleetError(error, 'TOKEN_CLOSE__ACCOUNTS_UNREADABLE')) throw error;
      log(
        `plan, rent to ${rentDestination}: attempt ${attempt} failed after ${seconds(Date.now() - at)}: ${error.message}`,
      );
      at = Date.now();
    }
  }
  const end = Date.now();
  const read = admitted('getTokenAccountsByOwner');
  const signed = new Map<string, number>();
  for (const tx of plan.transactions)
    for (const owner of tx.owners) signed.set(owner, (signed.get(owner) ?? 0) + 1);
  return {
    plan,
    ms: end - at,
    readMs: read.last - read.first,
    reads: read.calls,
    afterReadMs: end - read.last,
    stallMs,
    signed,
  };
}
function describePlan(label: string, figures: PlanFigures) {
  const { plan, ms, signed } = figures;
  const sizes = plan.transactions.map((tx) => tx.size);
  const single = plan.transactions.filter((tx) => tx.owners.length === 1);
  const largestSingle = (mixed: boolean) =>
    Math.max(
      0,
      ...single
        .filter((tx) => {
          const spec = specOf.get(tx.owners[0] ?? '');
          return spec !== undefined && spec.role !== 'small' && spec.mixed === mixed;
        })
        .map((tx) => tx.accounts),
    );
  const fee = BigInt(plan.feeLamports);
  const rent = BigInt(plan.rentLamports);
  log(
    `plan, rent to ${label}: ${seconds(ms)} (${int(plan.totalWallets)} wallets read, both programs: ` +
      `${int(figures.reads)} getTokenAccountsByOwner in ${seconds(figures.readMs)}, then ${seconds(figures.afterReadMs)} ` +
      `packing and storing; the thread's longest stall ${seconds(figures.stallMs)}); ` +
      `${int(plan.closableAccounts)} to close, ${int(plan.skippedAccounts)} skipped; ` +
      `${int(plan.transactions.length)} transactions (${fmt(plan.closableAccounts / plan.transactions.length)} closes each, ` +
      `${int(plan.transactions.reduce((sum, tx) => sum + tx.signatures, 0))} signatures, bytes max ${Math.max(...sizes)}); ` +
      `fee ${int(fee)} lamports = ${ratio(fee, BigInt(plan.closableAccounts))} per account; ` +
      `rent ${int(rent)} = ${ratio(rent, fee)} per lamport of fee`,
  );
  log(
    `  one owner's closes in one transaction (the largest in the plan): ` +
      `${largestSingle(false)} all Token, ${largestSingle(true)} mixed`,
  );
  printSignatures('  signatures per owner (plan)', signed, specOf, log);
}
const other = await planFor(OTHER);
describePlan(OTHER, other);
const executed = await planFor(EXECUTED);
describePlan(EXECUTED, executed);

// 4. the close: the stream executes the plan and follows its job to the end
const sendsSeen = () =>
  ENDPOINTS.map((name) => bed.localnet.admin.counters(name)).reduce(
    (sum, c) => ({
      sends: sum.sends + (c.admittedByMethod['sendTransaction']?.calls ?? 0),
      limited: sum.limited + c.rateLimited,
      first: Math.min(sum.first, c.admittedByMethod['sendTransaction']?.firstAt ?? Infinity),
      last: Math.max(sum.last, c.admittedByMethod['sendTransaction']?.lastAt ?? 0),
    }),
    { sends: 0, limited: 0, first: Infinity, last: 0 },
  );
resetCounters();
const planned = executed.plan;
const owners = wallets.filter((owner) => (specOf.get(owner)?.count ?? 0) > 0);
const masterBefore = (await balances([master])).get(master) ?? 0n;
const ownersBefore = await balances(owners);
const events: CloseTokensEvent[] = [];
started = Date.now();
// `--profile FILE`: a CPU profile of the run alone (execute → done), for Chrome's DevTools.
const profileFile = arg('--profile', '');
const profiler = profileFile === '' ? null : new Session();
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}
const { value: run, stallMs: runStallMs } = await measuringStalls(() =>
  services.closeStream.run(actor, planned.planId, (event) => events.push(event)),
);
if (profiler) {
  const { profile } = await profiler.post('Profiler.stop');
  writeFileSync(profileFile, JSON.stringify(profile));
  profiler.disconnect();
}
const wallMs = Date.now() - started;
const sent = sendsSeen();
const job = await services.jobs.get(actor, run.jobId);
const done = events.find((event) => event.event === 'done');
const failed = events.find((event) => event.event === 'error');
const masterDelta = ((await balances([master])).get(master) ?? 0n) - masterBefore;
let ownersDelta = 0n;
{
  const after = await balances(owners);
  for (const owner of owners)
    ownersDelta += (after.get(owner) ?? 0n) - (ownersBefore.get(owner) ?? 0n);
}
// What left the fleet and the master together is the fees: the rent only moved inside it.
const feesOnChain = BigInt(planned.rentLamports) - masterDelta - ownersDelta;
const ownPaid = planned.transactions.filter((tx) => tx.feePayer !== master);
const ownPaidFee = ownPaid.reduce((sum, tx) => sum + BigInt(tx.feeLamports), 0n);
const txs = planned.transactions.length;
log(
  `close, rent to ${EXECUTED}: job ${job.status} in ${seconds(wallMs)} (execute → the done event); ` +
    `${int(sent.sends)} sends for ${int(txs)} planned transactions, ${int(sent.limited)} HTTP 429s; ` +
    `${fmt(txs / (wallMs / 1000))} tx/s against the pool's send budget of ${budget ?? 'none'}/s ` +
    `(${budget ? fmt((100 * txs) / ((budget * wallMs) / 1000)) : '—'} %); send phase ${seconds(sent.last - sent.first)} ` +
    `(${budget ? fmt((100 * (sent.sends - 1)) / ((budget * (sent.last - sent.first)) / 1000)) : '—'} % of the budget); ` +
    `execute → first send ${seconds(sent.first - started)}, last send → done ${seconds(started + wallMs - sent.last)}; ` +
    `the thread's longest stall ${seconds(runStallMs)}`,
);
log(
  `  stream: ${events.filter((event) => event.event === 'wallet').length} wallet events; ` +
    (done?.event === 'done'
      ? `done: ${int(done.data.totalClosedAccounts)} closed, ${int(done.data.totalSkippedAccounts)} skipped, rent ${int(BigInt(done.data.totalRentLamports))}, fees ${int(BigInt(done.data.totalFeeLamports))}, profit ${int(BigInt(done.data.profitLamports))}`
      : `no done event${failed?.event === 'error' ? `: ${failed.data.message}` : ''}`),
);
log(
  `  on chain: master ${masterDelta >= 0n ? '+' : ''}${int(masterDelta)} lamports, owners ${ownersDelta >= 0n ? '+' : ''}${int(ownersDelta)} ` +
    `(planned: rent ${int(BigInt(planned.rentLamports))} to the ${EXECUTED}, fees ${int(BigInt(planned.feeLamports))}, ` +
    `${int(ownPaid.length)} transactions of ${int(ownPaid.reduce((sum, tx) => sum + tx.accounts, 0))} accounts paid by their owner for ${int(ownPaidFee)}); ` +
    `fees ${int(feesOnChain)} = ${ratio(feesOnChain, BigInt(planned.closableAccounts))} lamports per closed account, ` +
    `${ratio(BigInt(planned.rentLamports), feesOnChain)} lamports of rent per lamport of fee`,
);

// 5. what landed, per owner: the close history's distinct signatures
const history = await withTenant(database.db, actor.tenantId, (tx) =>
  tx
    .select({
      wallet: schema.tokenAccountCloses.walletAddress,
      signatures: countDistinct(schema.tokenAccountCloses.signature),
    })
    .from(schema.tokenAccountCloses)
    .where(eq(schema.tokenAccountCloses.operationId, run.operationId))
    .groupBy(schema.tokenAccountCloses.walletAddress),
);
printSignatures(
  '  signatures per owner (landed, close history)',
  new Map(history.map((row) => [row.wallet, Number(row.signatures)])),
  specOf,
  log,
);

// 6. every account read back from the chain
async function stillOpen(accounts: readonly string[]): Promise<number> {
  let open = 0;
  for (let start = 0; start < accounts.length; start += 100) {
    const { value } = await withRetry(() =>
      rpc
        .getMultipleAccounts(
          accounts.slice(start, start + 100).map((entry) => address(entry)),
          { encoding: 'base64', commitment: 'confirmed', dataSlice: { offset: 0, length: 0 } },
        )
        .send(),
    );
    open += value.filter((account) => account !== null && account.lamports > 0n).length;
  }
  return open;
}
log(
  `  accounts left open that should have closed: ${int(await stillOpen(shouldClose))} of ${int(shouldClose.length)}; ` +
    `accounts with a balance still open: ${int(await stillOpen(mustStay))} of ${int(mustStay.length)}`,
);
// 7. core's forecast (the packing) alone on the same accounts, off the clock of everything else
{
  const at = Date.now();
  const forecast = forecastCloses({
    master: fleetAddress(master),
    accounts: snapshots,
    rentDestination: EXECUTED,
    feePayer: 'master',
    microLamportsPerComputeUnit: BigInt(planned.microLamportsPerUnit),
  });
  log(
    `core's forecastCloses alone on the same ${int(snapshots.length)} accounts: ${seconds(Date.now() - at)} ` +
      `(${forecast.ok ? `${int(forecast.value.transactions.length)} transactions` : forecast.error.message}) ` +
      `of the plan's ${seconds(executed.afterReadMs)} after its read`,
  );
}
log(`  the bench's own reads tried again after a reset connection: ${benchResets}`);
await bed.close();
