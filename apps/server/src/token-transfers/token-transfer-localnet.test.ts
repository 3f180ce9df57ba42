import { createEndpointPool, type EndpointPool } from '@fleet/chain';
import {
  associatedTokenAddress,
  decodeTokenAccount,
  distributeSplTokensPlanSchema,
  executePlanResponseSchema,
  operationDetailSchema,
  splTransferProgressSchema,
  tokenProgramKindOf,
  withdrawSplTokensPlanSchema,
  type Address,
  type SplTransferProgress,
} from '@fleet/core';
import { testDatabaseKinds } from '@fleet/db/testing';
import { address } from '@solana/kit';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestKeypair } from '../testing/keypairs';
import { createOperator, createTestApp, type Operator, type TestApp } from '../testing/test-app';
import { createTokenFixtures } from '../testing/token-fixtures';

const SOL = 1_000_000_000n;
const WALLETS = 12;

// SPL tokens between the master and 12 wallets on the localnet, through the HTTP routes and the
// jobs (issue 19): every figure is read back from the chain.
describe.each(testDatabaseKinds)(
  'SPL withdrawals and distributions on the localnet on %s',
  (kind) => {
    let harness: TestApp;
    let operator: Operator;
    let other: Operator;
    let pool: EndpointPool;
    let master: Address;
    let wallets: { id: string; address: Address }[] = [];
    let mints: { a: Address; b: Address; c: Address; e: Address };
    const programOf = new Map<string, 'token' | 'token2022'>();

    const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      harness.app.inject({
        method,
        url,
        cookies: { fleet_session: operator.cookie },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const lamportsOf = async (owner: string) =>
      (await pool.rpc.getBalance(address(owner), { commitment: 'confirmed' }).send()).value;
    /** The token account at `at` on chain: its amount, or null when none exists. */
    const amountAt = async (at: string): Promise<bigint | null> => {
      const { value } = await pool.rpc
        .getAccountInfo(address(at), { encoding: 'base64', commitment: 'confirmed' })
        .send();
      if (value === null) return null;
      const program = tokenProgramKindOf(value.owner);
      if (program === null) return null;
      const data = Uint8Array.from(Buffer.from(value.data[0], 'base64'));
      return decodeTokenAccount(at as Address, program, data, value.lamports)?.amount ?? null;
    };
    const ata = (owner: Address, mint: Address) =>
      associatedTokenAddress(owner, mint, programOf.get(mint) ?? 'token');
    /** Polls spec 2 §7's progress route every 200 ms (the dialog's 2 s, sped up) until done. */
    const followToEnd = async (route: string, jobId: string): Promise<SplTransferProgress> => {
      for (let attempt = 0; attempt < 600; attempt += 1) {
        const response = await call('GET', `/api/${route}/progress?jobId=${jobId}`);
        expect(response.statusCode, response.body).toBe(200);
        const progress = splTransferProgressSchema.parse(response.json());
        if (progress.isDone) return progress;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error(`${route} job ${jobId} did not end`);
    };
    const storedAmounts = async (tokenAccounts: readonly string[]) => {
      const rows = await harness.database.db.execute<{ token_account: string; amount: string }>(
        sql`select token_account, amount::text as amount from wallet_token_accounts
        where token_account in (select jsonb_array_elements_text(${JSON.stringify(tokenAccounts)}::jsonb))`,
      );
      return new Map(rows.rows.map((row) => [row.token_account, BigInt(row.amount)]));
    };

    beforeAll(async () => {
      harness = await createTestApp(kind, { withJobs: true });
      pool = createEndpointPool({ endpoints: [harness.localnet.url] });
      operator = await createOperator(harness.app, 'spl-localnet@example.com');
      other = await createOperator(harness.app, 'spl-localnet-other@example.com');
      const key = newTestKeypair();
      master = key.address as Address;
      const set = await harness.app.inject({
        method: 'PATCH',
        url: '/api/master-wallet',
        cookies: { fleet_session: operator.cookie },
        payload: { private_key: key.privateKey },
      });
      expect(set.statusCode, set.body).toBe(200);
      await harness.localnet.admin.fund(master, 2n * SOL);
      const created = await call('POST', '/api/create-wallet', { count: WALLETS });
      expect(created.statusCode, created.body).toBe(200);
      wallets = created.json<{ wallets: { id: string; address: Address }[] }>().wallets;
      const fixtures = createTokenFixtures(harness.localnet);
      mints = {
        a: (await fixtures.createMint({ decimals: 6 })) as Address,
        b: (await fixtures.createMint({ decimals: 2 })) as Address,
        c: (await fixtures.createMint({ decimals: 9, program: 'token-2022' })) as Address,
        e: (await fixtures.createMint({ decimals: 0, program: 'token-2022' })) as Address,
      };
      for (const mint of [mints.a, mints.b]) programOf.set(mint, 'token');
      for (const mint of [mints.c, mints.e]) programOf.set(mint, 'token2022');
      // Every wallet holds A and C, every other one B; the last six also hold E. The master
      // already has an account for A only.
      for (const [index, wallet] of wallets.entries()) {
        const amount = BigInt(1_000 + index);
        await fixtures.createTokenAccount({ owner: wallet.address, mint: mints.a, amount });
        await fixtures.createTokenAccount({
          owner: wallet.address,
          mint: mints.c,
          amount: amount * 10n,
        });
        if (index % 2 === 0) {
          await fixtures.createTokenAccount({ owner: wallet.address, mint: mints.b, amount: 5n });
        }
        if (index >= 6) {
          await fixtures.createTokenAccount({ owner: wallet.address, mint: mints.e, amount: 3n });
        }
      }
      await fixtures.createTokenAccount({ owner: master, mint: mints.a, amount: 100n });
    }, 180_000);
    afterAll(async () => {
      await harness.close();
    });

    it('withdraws every token of six wallets to the master, accounts left open, fees and rent exact', async () => {
      const sources = wallets.slice(0, 6);
      const planned = await call('POST', '/api/withdraw-spl-tokens/plan', {
        publicAddresses: sources.map((wallet) => wallet.address),
      });
      expect(planned.statusCode, planned.body).toBe(200);
      const plan = withdrawSplTokensPlanSchema.parse(planned.json());
      expect(plan.accounts).toBe(6 + 6 + 3);
      // The master's accounts for B and C are created: Token's 165 bytes, Token-2022's 170.
      expect(plan.accountRentLamports).toBe(String(2_039_280n + 2_074_080n));
      for (const owner of sources) {
        expect(plan.transactions.filter((tx) => tx.owners.includes(owner.address))).toHaveLength(1);
      }
      // The wallets hold no SOL at all: the master pays every fee.
      for (const owner of sources) expect(await lamportsOf(owner.address)).toBe(0n);
      const masterBefore = await lamportsOf(master);
      const masterA = await amountAt(ata(master, mints.a));

      const started = await call('POST', '/api/withdraw-spl-tokens', { planId: plan.planId });
      expect(started.statusCode, started.body).toBe(202);
      const { jobId, operationId } = executePlanResponseSchema.parse(started.json());
      const progress = await followToEnd('withdraw-spl-tokens', jobId);
      expect(progress.status).toBe('succeeded');
      expect(progress.statusMessage).toBe('Done');
      expect(progress.report.errors).toEqual([]);
      expect(progress.report.totals).toMatchObject({
        processedWallets: 6,
        succeededWallets: 6,
        transfers: 15,
        closes: 0,
        createdAccounts: 2,
        feeLamports: plan.feeLamports,
        accountRentLamports: plan.accountRentLamports,
      });

      // On chain: the sources hold 0 and stay open, the master holds what they held.
      for (const owner of sources) {
        expect(await amountAt(ata(owner.address, mints.a))).toBe(0n);
        expect(await amountAt(ata(owner.address, mints.c))).toBe(0n);
      }
      const movedA = sources.reduce((sum, _, index) => sum + BigInt(1_000 + index), 0n);
      expect(await amountAt(ata(master, mints.a))).toBe((masterA ?? 0n) + movedA);
      expect(await amountAt(ata(master, mints.c))).toBe(movedA * 10n);
      expect(await amountAt(ata(master, mints.b))).toBe(15n);
      // The master paid exactly the fees and the two accounts' rent; the wallets nothing.
      expect((await lamportsOf(master)) - masterBefore).toBe(BigInt(plan.netLamports));
      for (const owner of sources) expect(await lamportsOf(owner.address)).toBe(0n);
      expect(BigInt(plan.netLamports)).toBe(
        -(BigInt(plan.feeLamports) + BigInt(plan.accountRentLamports)),
      );
      // The wallet list's stored accounts show the tokens gone.
      const stored = await storedAmounts(sources.map((owner) => ata(owner.address, mints.a)));
      expect([...stored.values()]).toEqual(sources.map(() => 0n));
      // The ledger: one item per account, every one confirmed; the execution audited.
      const detail = operationDetailSchema.parse(
        (await call('GET', `/api/operations/${operationId}`)).json(),
      );
      expect(detail.items.every((item) => item.status === 'confirmed')).toBe(true);
      expect(detail.items[0]?.tokenAmount).not.toBeNull();
      const audited = await harness.database.db.execute<{ count: number }>(
        sql`select count(*)::int as count from audit_log
          where action = 'operation.create' and detail::jsonb->>'operationId' = ${operationId}`,
      );
      expect(audited.rows[0]?.count).toBe(1);
      // Another tenant's operator does not see the job; a withdrawal is no distribution.
      const foreign = await harness.app.inject({
        method: 'GET',
        url: `/api/withdraw-spl-tokens/progress?jobId=${jobId}`,
        cookies: { fleet_session: other.cookie },
      });
      expect(foreign.statusCode).toBe(404);
      const wrongKind = await call('GET', `/api/distribute-spl-tokens/progress?jobId=${jobId}`);
      expect(wrongKind.statusCode).toBe(404);
    });

    it('withdraws the other six and closes what it empties, the rent back to the master', async () => {
      const sources = wallets.slice(6);
      const plan = withdrawSplTokensPlanSchema.parse(
        (
          await call('POST', '/api/withdraw-spl-tokens/plan', {
            publicAddresses: sources.map((wallet) => wallet.address),
            closeEmptied: true,
          })
        ).json(),
      );
      expect(plan.closes).toBe(plan.accounts);
      // Only E's master account is new now.
      expect(plan.mints.filter((mint) => !mint.masterAccountExists).map((m) => m.mint)).toEqual([
        mints.e,
      ]);
      const masterBefore = await lamportsOf(master);
      const started = executePlanResponseSchema.parse(
        (await call('POST', '/api/withdraw-spl-tokens', { planId: plan.planId })).json(),
      );
      const progress = await followToEnd('withdraw-spl-tokens', started.jobId);
      expect(progress.report.errors).toEqual([]);
      expect(progress.report.totals.closes).toBe(plan.closes);
      for (const owner of sources) {
        for (const mint of [mints.a, mints.c, mints.e]) {
          expect(await amountAt(ata(owner.address, mint))).toBeNull();
        }
      }
      expect(await amountAt(ata(master, mints.e))).toBe(18n);
      // Rent back less fees and E's new account: exactly what the plan said.
      expect((await lamportsOf(master)) - masterBefore).toBe(BigInt(plan.netLamports));
      const stored = await storedAmounts(sources.map((owner) => ata(owner.address, mints.a)));
      expect(stored.size).toBe(0);
    });

    it('distributes an equal amount to all twelve, creating the accounts the closes removed', async () => {
      const plan = distributeSplTokensPlanSchema.parse(
        (
          await call('POST', '/api/distribute-spl-tokens/plan', {
            mint: mints.a,
            amountEach: '0.0005',
            recipients: wallets.map((wallet) => ({ walletId: wallet.id })),
          })
        ).json(),
      );
      expect(plan.ready).toBe(true);
      expect(plan.accountsToCreate).toBe(6);
      const masterBefore = await lamportsOf(master);
      const tokensBefore = (await amountAt(ata(master, mints.a))) ?? 0n;
      const started = executePlanResponseSchema.parse(
        (await call('POST', '/api/distribute-spl-tokens', { planId: plan.planId })).json(),
      );
      const progress = await followToEnd('distribute-spl-tokens', started.jobId);
      expect(progress.report.errors).toEqual([]);
      expect(progress.report.totals).toMatchObject({ succeededWallets: 12, createdAccounts: 6 });
      for (const wallet of wallets) expect(await amountAt(ata(wallet.address, mints.a))).toBe(500n);
      expect(await amountAt(ata(master, mints.a))).toBe(tokensBefore - 12n * 500n);
      expect(masterBefore - (await lamportsOf(master))).toBe(BigInt(plan.totalLamports));
      const stored = await storedAmounts(wallets.map((wallet) => ata(wallet.address, mints.a)));
      expect([...stored.values()]).toEqual(wallets.map(() => 500n));
    });

    it('distributes per-wallet amounts of a Token-2022 mint, some recipients without an account', async () => {
      const recipients = wallets.slice(0, 8).map((wallet, index) => ({
        address: wallet.address,
        amount: String(index + 1),
      }));
      const plan = distributeSplTokensPlanSchema.parse(
        (
          await call('POST', '/api/distribute-spl-tokens/plan', {
            mint: mints.c,
            unit: 'raw',
            recipients,
          })
        ).json(),
      );
      // Wallets 0–5 kept their emptied C accounts; 6 and 7 had theirs closed.
      expect(plan.recipients.map((r) => r.createsAccount)).toEqual([
        false,
        false,
        false,
        false,
        false,
        false,
        true,
        true,
      ]);
      expect(plan.rentLamports).toBe(String(2n * 2_074_080n));
      const masterBefore = await lamportsOf(master);
      const started = executePlanResponseSchema.parse(
        (await call('POST', '/api/distribute-spl-tokens', { planId: plan.planId })).json(),
      );
      const progress = await followToEnd('distribute-spl-tokens', started.jobId);
      expect(progress.status).toBe('succeeded');
      for (const [index, wallet] of wallets.slice(0, 8).entries()) {
        expect(await amountAt(ata(wallet.address, mints.c))).toBe(BigInt(index + 1));
      }
      expect(masterBefore - (await lamportsOf(master))).toBe(BigInt(plan.totalLamports));
      // The same plan never runs twice.
      const twice = await call('POST', '/api/distribute-spl-tokens', { planId: plan.planId });
      expect(twice.statusCode).toBe(409);
    });
  },
);
