import { createManualClock, valuationSchema, type Valuation } from '@fleet/core';
import { withTenant } from '@fleet/db';
import { testDatabaseKinds } from '@fleet/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertWallets } from '../organize/organize-fixtures';
import { startFakeMarket, type FakeMarket } from '../testing/fake-market';
import { newTestKeypair } from '../testing/keypairs';
import {
  createOperator,
  createSecondTestApp,
  createTestApp,
  type Operator,
  type TestApp,
} from '../testing/test-app';

const SOL_MINT = 'So11111111111111111111111111111111111111112';
const MINT_A = newTestKeypair().address; // $2
const MINT_B = newTestKeypair().address; // $0.50
const SOL = 1_000_000_000n;

// Decision 031: after a change the valuation reads only the wallets changed since the holdings it
// kept. Every answer here is compared with a process that has never kept anything (it reads all
// the holdings afresh), after writes made by another process's connection.
describe.each(testDatabaseKinds)('valuation after changes on %s', (kind) => {
  let fake: FakeMarket;
  let first: TestApp;
  let second: TestApp;
  let operator: Operator;
  let ids: { id: string; address: string }[] = [];
  let market: ReturnType<FakeMarket['market']>;
  let clock: ReturnType<typeof createManualClock>;

  beforeAll(async () => {
    fake = await startFakeMarket();
    fake.jupiterPrices.set(SOL_MINT, 100);
    fake.jupiterPrices.set(MINT_A, 2);
    fake.jupiterPrices.set(MINT_B, 0.5);
    clock = createManualClock(Date.now());
    market = fake.market(clock);
    first = await createTestApp(kind, { clock, market });
    second = await createSecondTestApp(first, { clock, market });
    operator = await createOperator(first.app, 'valuer-changes@example.com');
    ids = await insertWallets(first.database.db, operator.tenantId, [
      { name: 'One', lamports: 1n * SOL, tokens: [{ mint: MINT_A, amount: 1_000_000n }] },
      {
        name: 'Two',
        lamports: 2n * SOL,
        tokens: [
          { mint: MINT_A, amount: 2_000_000n },
          { mint: MINT_B, amount: 4_000_000n },
        ],
      },
      { name: 'Three', lamports: 3n * SOL, tokens: [{ mint: MINT_B, amount: 0n }] },
      { name: 'Four', lamports: 0n, tokens: [{ mint: MINT_A, amount: 8_000_000n }] },
    ]);
  });
  afterAll(async () => {
    await second.close();
    await first.close();
    await fake.close();
  });

  const valuationFrom = async (harness: TestApp): Promise<Valuation> => {
    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/valuation',
      cookies: { fleet_session: operator.cookie },
    });
    expect(response.statusCode).toBe(200);
    return valuationSchema.parse(response.json());
  };
  // The time of computing differs between answers; everything else must not.
  const figures = (valuation: Valuation) => ({ ...valuation, computedAt: undefined });
  /** A process that keeps nothing yet: it reads the holdings whole. */
  const fresh = async () => {
    const third = await createSecondTestApp(first, { clock, market });
    try {
      return figures(await valuationFrom(third));
    } finally {
      await third.close();
    }
  };
  /** Both kept processes answer what a fresh read answers. */
  const expectCurrent = async () => {
    const truth = await fresh();
    expect(figures(await valuationFrom(first))).toEqual(truth);
    expect(figures(await valuationFrom(second))).toEqual(truth);
    return truth;
  };
  const write = (statement: ReturnType<typeof sql>) =>
    withTenant(second.database.db, operator.tenantId, (tx) => tx.execute(statement));
  const id = (n: number) => ids[n]?.id ?? '';

  it("sees another process's change of a token balance on the next request", async () => {
    const before = await expectCurrent();
    expect(before.stats.tokens.totalValueUsd).toBe(24); // 11 A × $2 + 4 B × $0.50
    await write(
      sql`update wallet_token_accounts set amount = 5000000 where wallet_id = ${id(0)}::uuid`,
    );
    const after = await expectCurrent();
    expect(after.stats.tokens.totalValueUsd).toBe(32);
  });

  it('drops a deleted token account and counts what remains', async () => {
    await write(
      sql`delete from wallet_token_accounts where wallet_id = ${id(1)}::uuid and mint = ${MINT_B}`,
    );
    const after = await expectCurrent();
    expect(after.assets.find((asset) => asset.mint === MINT_B)).toMatchObject({
      instances: 1,
      instancesWithBalance: 0,
      holders: 0,
      status: 'no-balance',
    });
    expect(after.stats.tokens.totalValueUsd).toBe(30);
  });

  it('leaves an archived wallet out, and counts it again once restored', async () => {
    await write(sql`update wallets set archived_at = now() where id = ${id(3)}::uuid`);
    const archived = await expectCurrent();
    expect(archived.stats.wallets.total).toBe(3);
    expect(archived.stats.tokens.totalValueUsd).toBe(14);
    await write(sql`update wallets set archived_at = null where id = ${id(3)}::uuid`);
    const restored = await expectCurrent();
    expect(restored.stats.wallets.total).toBe(4);
    expect(restored.stats.tokens.totalValueUsd).toBe(30);
  });

  it('forgets a deleted wallet and counts a new one', async () => {
    await write(sql`delete from wallet_token_accounts where wallet_id = ${id(2)}::uuid`);
    await write(sql`delete from wallets where id = ${id(2)}::uuid`);
    await insertWallets(second.database.db, operator.tenantId, [
      { name: 'Five', lamports: 10n * SOL, tokens: [{ mint: MINT_B, amount: 2_000_000n }] },
    ]);
    const after = await expectCurrent();
    expect(after.stats.wallets.total).toBe(4);
    expect(after.stats.portfolio.totalSol).toBe(13);
    expect(after.highlights.mostValuableWallet).toMatchObject({ name: 'Five', valueUsd: 1001 });
  });

  it('never answers from the holdings it kept once the version has moved, change after change', async () => {
    for (let round = 1; round <= 4; round++) {
      await write(
        sql`update wallets set lamports = ${String(BigInt(round) * SOL)}::bigint where id = ${id(round % 2)}::uuid`,
      );
      const answer = figures(await valuationFrom(round % 2 === 0 ? first : second));
      expect(answer).toEqual(await fresh());
    }
    await expectCurrent();
  });

  // Transaction ids are taken in one order and committed in another: a change whose transaction
  // began first and commits last must still be seen. Only Postgres has two connections to
  // interleave; PGlite runs one statement at a time, so there the case cannot arise.
  if (kind === 'postgres')
    it('sees a change whose transaction took its id before another and committed after it', async () => {
      const before = (await expectCurrent()).stats.portfolio.totalSol;
      const sol = async (n: number) => {
        const { rows } = await write(
          sql`select coalesce(lamports, 0)::text as lamports from wallets where id = ${id(n)}::uuid`,
        );
        return Number((rows[0] as { lamports: string }).lamports) / 1e9;
      };
      const [zero, one] = [await sol(0), await sol(1)];
      await withTenant(second.database.db, operator.tenantId, async (tx) => {
        await tx.execute(sql`update wallets set lamports = 70000000000 where id = ${id(0)}::uuid`);
        // Another writer commits while this one is open; the valuation reads meanwhile.
        await withTenant(first.database.db, operator.tenantId, (other) =>
          other.execute(sql`update wallets set lamports = 90000000000 where id = ${id(1)}::uuid`),
        );
        const meanwhile = await valuationFrom(first);
        expect(meanwhile.stats.portfolio.totalSol).toBeCloseTo(before - one + 90, 9);
      });
      const after = await expectCurrent();
      expect(after.stats.portfolio.totalSol).toBeCloseTo(before - one + 90 - zero + 70, 9);
    });
});
