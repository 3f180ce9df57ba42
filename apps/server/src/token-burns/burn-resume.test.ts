import { createEndpointPool, parseRpcUrlList } from '@fleet/chain';
import { closeHistoryQuerySchema, operationDetailSchema, systemClock } from '@fleet/core';
import { address, createSolanaRpc } from '@solana/kit';
import { withTenant } from '@fleet/db';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createKeyVault, kekFromBytes } from '../vault';
import type { JobContext } from '../jobs/job-handler';
import { findJob } from '../jobs/job-repository';
import { createSolTestBed, type SolTestBed } from '../testing/sol-test-bed';
import { newTestKeypair } from '../testing/keypairs';
import { createBurnExecuteService } from './burn-execute-service';
import { createBurnTokensJob } from './burn-tokens-job';

/** A job context that records nothing, and whose run ends when `signal` aborts. */
function contextOf(bed: SolTestBed, jobId: string, signal: AbortSignal): JobContext<null> {
  return {
    jobId,
    tenantId: bed.actor.tenantId,
    checkpoint: undefined,
    processedItems: 0,
    totalItems: 0,
    progress: () => Promise.resolve(),
    log: () => Promise.resolve(),
    report: () => Promise.resolve(),
    isCancelRequested: () => Promise.resolve(false),
    signal,
  };
}

// Issue 19, "Trust", for burns: a run that dies after its transactions were signed and recorded
// but before any landed (every send dropped) is resumed by a second run on a healthy endpoint,
// which sends the stored bytes again and never signs those burns a second time.
describe('A burn resumed after its run died mid-send', () => {
  let bed: SolTestBed | undefined;
  afterEach(async () => {
    await bed?.close();
    bed = undefined;
  });

  it('reconciles the recorded transactions and burns each account once, with the same signatures', async () => {
    bed = await createSolTestBed({
      kind: 'pglite',
      endpoints: { dead: { dropSendRate: 1 }, live: {} },
    });
    const made = await bed.services.walletLifecycle.create(bed.actor, {
      count: 3,
      isTrader: false,
    });
    const { admin } = bed.localnet;
    const mint = await admin.createMint({ decimals: 0 });
    const accounts: string[] = [];
    for (const wallet of made.wallets) {
      for (let n = 0; n < 4; n += 1) {
        accounts.push(
          await admin.createTokenAccount({
            owner: wallet.address,
            mint,
            amount: 3n,
            address: newTestKeypair().address,
          }),
        );
      }
    }
    const rpc = createSolanaRpc(bed.localnet.url);
    const supply = async () =>
      BigInt(
        (await rpc.getTokenSupply(address(mint), { commitment: 'confirmed' }).send()).value.amount,
      );
    const supplyBefore = await supply();
    const masterBefore = (await bed.balances([bed.master])).get(bed.master) ?? 0n;
    const plan = await bed.services.burnPlans.plan(bed.actor, {
      walletAddresses: [],
      threshold: { kind: 'raw', belowRaw: '4' },
      unpricedMints: [mint],
      rentDestination: 'master',
    });
    expect(plan.burnAccounts).toBe(12);
    // The operation and its job, without the queue: this test runs the handler itself.
    const execute = createBurnExecuteService({
      db: bed.database.db,
      jobs: { ...bed.services.jobs, dispatch: () => Promise.resolve() },
      audit: bed.services.audit,
      now: () => new Date(),
    });
    const { jobId, operationId } = await execute.execute(bed.actor, plan.planId);
    const poolOf = (name: string) =>
      createEndpointPool({
        endpoints: parseRpcUrlList(bed?.localnet.endpoints[name]?.url ?? ''),
      });
    const handler = (name: string) =>
      createBurnTokensJob({
        db: bed?.database.db as SolTestBed['database']['db'],
        pool: poolOf(name),
        vault: createKeyVault({ kek: kekFromBytes(new Uint8Array(32).fill(9)) }),
        clock: systemClock,
        logger: pino({ level: 'silent' }),
      });

    // 1. the first run: signed, recorded, sent into the void, then the process is gone
    const dies = new AbortController();
    setTimeout(() => dies.abort(), 2_000);
    await expect(
      handler('dead').run({ operationId }, contextOf(bed, jobId, dies.signal)),
    ).rejects.toThrow();
    const first = operationDetailSchema.parse(
      await bed.services.ledger.getOperation(bed.actor, operationId),
    );
    const recorded = first.transactions.filter((tx) => tx.signature !== null);
    expect(recorded.length).toBeGreaterThan(0);
    expect(recorded.every((tx) => tx.state === 'sent' || tx.state === 'signed')).toBe(true);
    const stillOpen = await bed.balances(accounts);
    expect(accounts.filter((account) => (stillOpen.get(account) ?? 0n) === 0n)).toEqual([]);
    expect(await supply()).toBe(supplyBefore);

    // 2. the resumed run on a healthy endpoint
    await handler('live').run({ operationId }, contextOf(bed, jobId, new AbortController().signal));
    const second = operationDetailSchema.parse(
      await bed.services.ledger.getOperation(bed.actor, operationId),
    );
    expect(second.transactions.every((tx) => tx.state === 'confirmed')).toBe(true);
    // The recorded transactions landed as they were signed: the same signatures, so the same bytes.
    for (const tx of recorded) {
      expect(second.transactions.find((other) => other.id === tx.id)?.signature).toBe(tx.signature);
    }
    const signed = new Map<string, number>();
    for (const tx of second.transactions) {
      for (const id of tx.itemIds) signed.set(id, (signed.get(id) ?? 0) + 1);
    }
    expect(signed.size).toBe(12);
    expect([...signed.values()].every((count) => count === 1)).toBe(true);
    // On chain: every account burned and closed once, the rent less the fee at the master.
    const lamports = await bed.balances(accounts);
    expect(accounts.filter((account) => (lamports.get(account) ?? 0n) > 0n)).toEqual([]);
    expect(await supply()).toBe(supplyBefore - 36n);
    const masterAfter = (await bed.balances([bed.master])).get(bed.master) ?? 0n;
    expect(masterAfter - masterBefore).toBe(BigInt(plan.netLamports));
    const history = await bed.services.closeHistory.page(
      bed.actor,
      closeHistoryQuerySchema.parse({ limit: 100 }),
    );
    expect(history.records.map((record) => record.token_account).sort()).toEqual(
      [...accounts].sort(),
    );
    const job = await withTenant(bed.database.db, bed.actor.tenantId, (tx) => findJob(tx, jobId));
    expect(job?.id).toBe(jobId);
  }, 60_000);
});
