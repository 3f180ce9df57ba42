import {
  burnJobReportSchema,
  closeHistoryPageSchema,
  closeHistoryQuerySchema,
  operationDetailSchema,
  type BurnTokensEvent,
  type BurnTokensPlan,
  type OperationDetail,
} from '@fleet/core';
import { address, createSolanaRpc } from '@solana/kit';
import { afterEach, describe, expect, it } from 'vitest';
import { newTestKeypair } from '../testing/keypairs';
import { RATE_LIMIT_STORMS, backOffBroken } from '../testing/rate-limit-storm';
import { createSolTestBed, type SolTestBed } from '../testing/sol-test-bed';

type Endpoints = Parameters<typeof createSolTestBed>[0]['endpoints'];

/** Raw units each dust account holds: below the raw threshold the tests burn at. */
const DUST = 7n;

/**
 * A bed with `wallets` wallets holding `perWallet` dust accounts each (Token and Token-2022, the
 * mints unpriced: the bed's market prices nothing, so the plans name them).
 */
async function bedWithDust(
  endpoints: Endpoints,
  wallets: number,
  perWallet: number,
  options: { readonly sendLanes?: number } = {},
) {
  const bed = await createSolTestBed({ kind: 'pglite', endpoints, ...options });
  const made = await bed.services.walletLifecycle.create(bed.actor, {
    count: wallets,
    isTrader: false,
  });
  const { admin } = bed.localnet;
  const token = await admin.createMint({ decimals: 6 });
  const token2022 = await admin.createMint({ decimals: 9, program: 'token-2022' });
  const accounts = new Map<string, string[]>();
  for (const wallet of made.wallets) {
    const mine: string[] = [];
    for (let n = 0; n < perWallet; n += 1) {
      mine.push(
        await admin.createTokenAccount({
          owner: wallet.address,
          mint: n % 2 === 0 ? token : token2022,
          amount: DUST,
          address: newTestKeypair().address,
        }),
      );
    }
    accounts.set(wallet.address, mine);
  }
  const all = [...accounts.values()].flat();
  return { bed, wallets: made.wallets, accounts, all, token, token2022 };
}

function planDust(
  bed: SolTestBed,
  mints: readonly string[],
  rentDestination: 'master' | 'owner' = 'master',
): Promise<BurnTokensPlan> {
  return bed.services.burnPlans.plan(bed.actor, {
    walletAddresses: [],
    threshold: { kind: 'raw', belowRaw: '100' },
    unpricedMints: [...mints],
    rentDestination,
  });
}

/** Runs a plan's burn to its end through the same path as the route; its events and ledger. */
async function burnAll(bed: SolTestBed, planId: string) {
  const events: BurnTokensEvent[] = [];
  const { operationId, jobId } = await bed.services.burnStream.run(bed.actor, planId, (event) =>
    events.push(event),
  );
  const detail = operationDetailSchema.parse(
    await bed.services.ledger.getOperation(bed.actor, operationId),
  );
  const job = await bed.services.jobs.get(bed.actor, jobId);
  const done = events.find((event) => event.event === 'done');
  return {
    events,
    detail,
    job,
    report: burnJobReportSchema.parse(job.report),
    done: done?.event === 'done' ? done.data : null,
  };
}

/** Every burn item was held by exactly one signed transaction: none was ever signed twice. */
function signedOncePerItem(detail: OperationDetail): string[] {
  const signed = new Map<string, number>();
  for (const tx of detail.transactions) {
    if (tx.signature === null) continue;
    for (const id of tx.itemIds) signed.set(id, (signed.get(id) ?? 0) + 1);
  }
  return detail.items.filter((item) => signed.get(item.id) !== 1).map((item) => item.id);
}

async function openAccounts(bed: SolTestBed, addresses: readonly string[]): Promise<string[]> {
  const lamports = await bed.balances(addresses);
  return addresses.filter((account) => (lamports.get(account) ?? 0n) > 0n);
}

/** A mint's supply, read from the localnet itself (not through the faulty endpoints). */
async function supplyOf(bed: SolTestBed, mint: string): Promise<bigint> {
  const rpc = createSolanaRpc(bed.localnet.url);
  const { value } = await rpc.getTokenSupply(address(mint), { commitment: 'confirmed' }).send();
  return BigInt(value.amount);
}

/** The burned accounts in the close history, each once. */
async function historyAccounts(bed: SolTestBed): Promise<string[]> {
  const page = closeHistoryPageSchema.parse(
    await bed.services.closeHistory.page(bed.actor, closeHistoryQuerySchema.parse({ limit: 200 })),
  );
  return page.records.map((record) => record.token_account).sort();
}

// Issue 19, "Trust" and "Bad input", for burns, on the localnet's fault profiles: nothing is burned
// or paid twice, and everything the ledger holds is reconciled with the chain.
describe('Burning dust through faulty endpoints', () => {
  let bed: SolTestBed | undefined;
  afterEach(async () => {
    await bed?.close();
    bed = undefined;
  });

  /**
   * 5 wallets × 4 dust accounts burned through `endpoints`: every account burned and closed once
   * on chain (the supplies down by exactly the dust, nothing signed twice), and the job's report
   * telling what the chain shows (20 burned and closed, none failed, its rent less its fees the
   * master's change).
   */
  async function burnsOnceThrough(endpoints: Endpoints): Promise<SolTestBed> {
    const made = await bedWithDust(endpoints, 5, 4);
    bed = made.bed;
    const plan = await planDust(bed, [made.token, made.token2022]);
    expect(plan.burnAccounts).toBe(20);
    const supplies = [await supplyOf(bed, made.token), await supplyOf(bed, made.token2022)];
    const before = (await bed.balances([bed.master])).get(bed.master) ?? 0n;
    const { detail, job, done, report } = await burnAll(bed, plan.planId);
    expect(job.status).toBe('succeeded');
    expect(done).toMatchObject({ totalBurnedTokens: 20, totalClosedAccounts: 20 });
    expect(signedOncePerItem(detail)).toEqual([]);
    expect(detail.transactions.every((tx) => tx.state === 'confirmed')).toBe(true);
    expect(job.logs.filter((line) => /signed again/.test(line.message))).toEqual([]);
    // On chain: every account burned and closed once, the supply down by exactly the dust,
    // the master up by the rent less the fees it paid once.
    expect(await openAccounts(bed, made.all)).toEqual([]);
    expect(await supplyOf(bed, made.token)).toBe((supplies[0] ?? 0n) - 10n * DUST);
    expect(await supplyOf(bed, made.token2022)).toBe((supplies[1] ?? 0n) - 10n * DUST);
    const after = (await bed.balances([bed.master])).get(bed.master) ?? 0n;
    expect(after - before).toBe(BigInt(plan.netLamports));
    expect(await historyAccounts(bed)).toEqual([...made.all].sort());
    // The report's counts and lamports are the chain's.
    expect(report.totals).toMatchObject({
      burnedTokens: 20,
      closedAccounts: 20,
      failedAccounts: 0,
      rentLamports: plan.rentLamports,
    });
    expect(BigInt(report.totals.rentLamports) - BigInt(report.totals.feeLamports)).toBe(
      after - before,
    );
    expect(report.wallets.reduce((sum, wallet) => sum + wallet.burnedInThisWallet, 0)).toBe(20);
    return bed;
  }

  it.each<[string, Endpoints]>([
    ['dropped sends', { a: { dropSendRate: 0.6, seed: 7 }, b: { dropSendRate: 0.6, seed: 11 } }],
    [
      'lost acknowledgements',
      {
        a: { lostAckRate: 1, lostAckKind: 'http-503', seed: 3 },
        b: { lostAckRate: 1, lostAckKind: 'reset', seed: 5 },
      },
    ],
  ])(
    'burns every dust account once despite %s',
    async (_, endpoints) => {
      await burnsOnceThrough(endpoints);
    },
    120_000,
  );

  // Spec 3 §9's back-off, counted in requests (testing/rate-limit-storm.ts): the plan's reads and
  // the job's sends all meet the storm.
  it.each(RATE_LIMIT_STORMS)(
    'burns every dust account once through a 429 storm on %s, the pool backing off',
    async (_, endpoints) => {
      const stormed = await burnsOnceThrough(endpoints);
      expect(backOffBroken(stormed, endpoints)).toEqual([]);
    },
    120_000,
  );

  it('reports a burn that fails on chain because a balance grew since the plan, and does not retry it', async () => {
    const made = await bedWithDust({ a: {} }, 3, 2);
    bed = made.bed;
    const plan = await planDust(bed, [made.token, made.token2022]);
    expect(plan.transactions).toHaveLength(1);
    const supply = await supplyOf(bed, made.token);
    const before = (await bed.balances([bed.master])).get(bed.master) ?? 0n;
    // Between the plan and the send, one planned account receives more tokens: the planned
    // amount still burns, but the close after it is refused, and the transaction with it.
    const [owner, accounts] = [...made.accounts.entries()][0] ?? ['', []];
    await bed.localnet.admin.createTokenAccount({
      owner,
      mint: made.token,
      address: accounts[0] ?? '',
      amount: DUST + 5n,
    });
    const { detail, job, done, report } = await burnAll(bed, plan.planId);
    expect(job.status).toBe('succeeded');
    expect(detail.transactions.map((tx) => tx.state)).toEqual(['failed']);
    expect(signedOncePerItem(detail)).toEqual([]);
    expect(done).toMatchObject({
      totalBurnedTokens: 0,
      totalClosedAccounts: 0,
      totalRentLamports: '0',
      totalFeeLamports: plan.feeLamports,
      // Rent less fee is negative: floored at 0 (spec 2 §9).
      profitLamports: '0',
    });
    expect(report.totals.failedAccounts).toBe(6);
    expect(job.logs.some((line) => /failed on chain/.test(line.message))).toBe(true);
    // Nothing burned (the supply holds the top-up), every account still open; the fee was paid.
    expect(await openAccounts(bed, made.all)).toHaveLength(6);
    expect(await supplyOf(bed, made.token)).toBe(supply + 5n);
    const after = (await bed.balances([bed.master])).get(bed.master) ?? 0n;
    expect(before - after).toBe(BigInt(plan.feeLamports));
    expect(await historyAccounts(bed)).toEqual([]);
  }, 60_000);

  it('stops between transactions when aborted, and reports what did burn', async () => {
    // One transaction at a time, so the cancel flag (read between starts) is seen mid-run.
    const made = await bedWithDust({ a: {} }, 4, 20, { sendLanes: 1 });
    bed = made.bed;
    const plan = await planDust(bed, [made.token, made.token2022], 'owner');
    expect(plan.transactions.length).toBeGreaterThanOrEqual(5);
    const events: BurnTokensEvent[] = [];
    const { jobId, operationId } = await bed.services.burnStream.run(
      bed.actor,
      plan.planId,
      (event) => {
        events.push(event);
        // Abort as soon as the job has started: it finishes what it signed, then stops.
        if (event.event === 'start' && bed) {
          void bed.services.jobs.requestAbort(bed.actor, event.data.jobId);
        }
      },
    );
    const job = await bed.services.jobs.get(bed.actor, jobId);
    expect(job.status).toBe('cancelled');
    const done = events.find((event) => event.event === 'done');
    if (done?.event !== 'done') throw new Error('no done event');
    const open = await openAccounts(bed, made.all);
    expect(open.length).toBe(80 - done.data.totalBurnedTokens);
    expect(open.length).toBeGreaterThan(0);
    // What burned is in the history; what did not was never signed.
    expect((await historyAccounts(bed)).length).toBe(done.data.totalBurnedTokens);
    const detail = operationDetailSchema.parse(
      await bed.services.ledger.getOperation(bed.actor, operationId),
    );
    expect(signedOncePerItem(detail).length).toBe(open.length);
  }, 60_000);
});
