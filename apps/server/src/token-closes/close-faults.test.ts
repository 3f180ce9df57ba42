import { operationDetailSchema, type CloseTokensEvent, type OperationDetail } from '@fleet/core';
import { afterEach, describe, expect, it } from 'vitest';
import { newTestKeypair } from '../testing/keypairs';
import { RATE_LIMIT_STORMS, backOffBroken } from '../testing/rate-limit-storm';
import { createSolTestBed, type SolTestBed } from '../testing/sol-test-bed';

type Endpoints = Parameters<typeof createSolTestBed>[0]['endpoints'];

/** A bed with `wallets` wallets holding `perWallet` empty token accounts each (Token and -2022). */
async function bedWithEmptyAccounts(endpoints: Endpoints, wallets: number, perWallet: number) {
  const bed = await createSolTestBed({ kind: 'pglite', endpoints });
  const made = await bed.services.walletLifecycle.create(bed.actor, {
    count: wallets,
    isTrader: false,
  });
  const { admin } = bed.localnet;
  const token = await admin.createMint({ decimals: 6 });
  const token2022 = await admin.createMint({ decimals: 6, program: 'token-2022' });
  const accounts = new Map<string, string[]>();
  for (const wallet of made.wallets) {
    const mine: string[] = [];
    for (let n = 0; n < perWallet; n += 1) {
      mine.push(
        await admin.createTokenAccount({
          owner: wallet.address,
          mint: n % 2 === 0 ? token : token2022,
          address: newTestKeypair().address,
        }),
      );
    }
    accounts.set(wallet.address, mine);
  }
  return { bed, wallets: made.wallets, accounts, token };
}

/** Runs a plan's close to its end through the same path as the route; its events and ledger. */
async function closeAll(bed: SolTestBed, planId: string) {
  const events: CloseTokensEvent[] = [];
  const { operationId, jobId } = await bed.services.closeStream.run(bed.actor, planId, (event) =>
    events.push(event),
  );
  const detail = operationDetailSchema.parse(
    await bed.services.ledger.getOperation(bed.actor, operationId),
  );
  const job = await bed.services.jobs.get(bed.actor, jobId);
  const done = events.find((event) => event.event === 'done');
  return { events, detail, job, done: done?.event === 'done' ? done.data : null };
}

/** Every close item was held by exactly one signed transaction: none was ever signed twice. */
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

// Issue 19, "Trust" and "Bad input", for closes, on the localnet's fault profiles.
describe('Closing token accounts through faulty endpoints', () => {
  let bed: SolTestBed | undefined;
  afterEach(async () => {
    await bed?.close();
    bed = undefined;
  });

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
    'closes every account once despite %s',
    async (_, endpoints) => {
      const made = await bedWithEmptyAccounts(endpoints, 6, 5);
      bed = made.bed;
      const plan = await bed.services.closePlans.plan(bed.actor, {
        walletAddresses: [],
        rentDestination: 'master',
      });
      expect(plan.closableAccounts).toBe(30);
      const before = (await bed.balances([bed.master])).get(bed.master) ?? 0n;
      const { detail, job, done } = await closeAll(bed, plan.planId);
      expect(job.status).toBe('succeeded');
      expect(done?.totalClosedAccounts).toBe(30);
      expect(signedOncePerItem(detail)).toEqual([]);
      expect(detail.transactions.every((tx) => tx.state === 'confirmed')).toBe(true);
      expect(job.logs.filter((line) => /signed again/.test(line.message))).toEqual([]);
      expect(await openAccounts(bed, [...made.accounts.values()].flat())).toEqual([]);
      const after = (await bed.balances([bed.master])).get(bed.master) ?? 0n;
      expect(after - before).toBe(BigInt(plan.netLamports));
    },
    60_000,
  );

  // Spec 3 §9's back-off, counted in requests (testing/rate-limit-storm.ts).
  it.each(RATE_LIMIT_STORMS)(
    'closes every account once through a 429 storm on %s, the pool backing off',
    async (_, endpoints) => {
      const made = await bedWithEmptyAccounts(endpoints, 6, 5);
      bed = made.bed;
      const plan = await bed.services.closePlans.plan(bed.actor, {
        walletAddresses: [],
        rentDestination: 'master',
      });
      expect(plan.closableAccounts).toBe(30);
      const before = (await bed.balances([bed.master])).get(bed.master) ?? 0n;
      const { detail, job, done } = await closeAll(bed, plan.planId);
      expect(job.status).toBe('succeeded');
      expect(done?.totalClosedAccounts).toBe(30);
      expect(signedOncePerItem(detail)).toEqual([]);
      expect(detail.transactions.every((tx) => tx.state === 'confirmed')).toBe(true);
      expect(await openAccounts(bed, [...made.accounts.values()].flat())).toEqual([]);
      const after = (await bed.balances([bed.master])).get(bed.master) ?? 0n;
      expect(after - before).toBe(BigInt(plan.netLamports));
      expect(backOffBroken(bed, endpoints)).toEqual([]);
    },
    90_000,
  );

  it('reports a close that fails on chain because an account gained a balance, and does not retry it', async () => {
    const made = await bedWithEmptyAccounts({ a: {} }, 3, 2);
    bed = made.bed;
    const plan = await bed.services.closePlans.plan(bed.actor, {
      walletAddresses: [],
      rentDestination: 'master',
    });
    expect(plan.transactions).toHaveLength(1);
    // Between the plan and the send, one planned account receives tokens.
    const [owner, accounts] = [...made.accounts.entries()][0] ?? ['', []];
    await bed.localnet.admin.createTokenAccount({
      owner,
      mint: made.token,
      address: accounts[0] ?? '',
      amount: 5n,
    });
    const { detail, job, done } = await closeAll(bed, plan.planId);
    // The one transaction landed failed: nothing closed, every account counted as skipped, the
    // fee paid, the failure in the job's log, and no second transaction for those accounts.
    expect(job.status).toBe('succeeded');
    expect(detail.transactions.map((tx) => tx.state)).toEqual(['failed']);
    expect(signedOncePerItem(detail)).toEqual([]);
    expect(done?.totalClosedAccounts).toBe(0);
    expect(done?.totalSkippedAccounts).toBe(6);
    expect(done?.totalFeeLamports).toBe(plan.feeLamports);
    expect(done?.profitLamports).toBe('0');
    expect(job.logs.some((line) => /failed on chain/.test(line.message))).toBe(true);
    expect(await openAccounts(bed, [...made.accounts.values()].flat())).toHaveLength(6);
  }, 60_000);

  it('stops between transactions when aborted, and reports what did close', async () => {
    const made = await bedWithEmptyAccounts({ a: {} }, 4, 20);
    bed = made.bed;
    const plan = await bed.services.closePlans.plan(bed.actor, {
      walletAddresses: [],
      rentDestination: 'owner',
    });
    expect(plan.transactions.length).toBeGreaterThanOrEqual(4);
    const events: CloseTokensEvent[] = [];
    const started = bed.services.closeStream.run(bed.actor, plan.planId, (event) => {
      events.push(event);
      // Abort as soon as the job has started: it finishes what it signed, then stops.
      if (event.event === 'start' && bed) {
        void bed.services.jobs.requestAbort(bed.actor, event.data.jobId);
      }
    });
    const { jobId } = await started;
    const job = await bed.services.jobs.get(bed.actor, jobId);
    expect(job.status).toBe('cancelled');
    const done = events.find((event) => event.event === 'done');
    if (done?.event !== 'done') throw new Error('no done event');
    const open = await openAccounts(bed, [...made.accounts.values()].flat());
    expect(open.length).toBe(80 - done.data.totalClosedAccounts);
    expect(open.length).toBeGreaterThan(0);
  }, 60_000);
});
