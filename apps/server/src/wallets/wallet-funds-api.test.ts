import {
  PERMANENT_DELETE_CONFIRMATION,
  createWalletsResponseSchema,
  listArchivedWalletsResponseSchema,
  walletHoldingsResponseSchema,
} from '@fleet/core';
import { schema, withTenant } from '@fleet/db';
import { testDatabaseKinds } from '@fleet/db/testing';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestKeypair } from '../testing/keypairs';
import { createOperator, createTestApp, type Operator, type TestApp } from '../testing/test-app';

describe.each(testDatabaseKinds)('wallets that hold funds on %s', (kind) => {
  let harness: TestApp;
  let app: FastifyInstance;
  let operator: Operator;

  const call = (method: 'POST' | 'DELETE' | 'GET', url: string, payload?: object, as = operator) =>
    app.inject({
      method,
      url,
      cookies: { fleet_session: as.cookie },
      ...(payload ? { payload } : {}),
    });

  /** `count` wallets with the given balances at their last scan (null: never scanned). */
  async function walletsHolding(
    holdings: readonly { lamports: bigint | null; tokens?: readonly bigint[] }[],
    as = operator,
  ): Promise<string[]> {
    const created = createWalletsResponseSchema.parse(
      (
        await call('POST', '/api/create-wallet', { count: holdings.length, is_trader: false }, as)
      ).json(),
    );
    const ids = created.wallets.map((wallet) => wallet.id);
    await withTenant(harness.database.db, as.tenantId, async (tx) => {
      for (const [index, holding] of holdings.entries()) {
        const id = ids[index] ?? '';
        await tx
          .update(schema.wallets)
          .set({ lamports: holding.lamports })
          .where(eq(schema.wallets.id, id));
        for (const amount of holding.tokens ?? []) {
          await tx.insert(schema.walletTokenAccounts).values({
            tenantId: as.tenantId,
            tokenAccount: newTestKeypair().address,
            walletId: id,
            mint: newTestKeypair().address,
            program: 'token',
            amount: amount.toString(),
            decimals: 6,
          });
        }
      }
    });
    return ids;
  }

  const archive = (ids: readonly string[], as = operator) =>
    call('DELETE', '/api/archived-wallets', { walletIds: ids }, as);

  const deleteForGood = (ids: readonly string[], extra: object = {}, as = operator) =>
    call(
      'DELETE',
      '/api/archived-wallets',
      { walletIds: ids, permanent: true, confirm: PERMANENT_DELETE_CONFIRMATION, ...extra },
      as,
    );

  const archivedIds = async () =>
    listArchivedWalletsResponseSchema
      .parse((await call('GET', '/api/archived-wallets')).json())
      .wallets.map((wallet) => wallet.id);

  beforeAll(async () => {
    harness = await createTestApp(kind);
    app = harness.app;
    operator = await createOperator(app, 'funds@example.com');
  });
  afterAll(async () => {
    await harness.close();
  });

  it("lists each wallet's SOL and token holdings with the totals, active or archived", async () => {
    const ids = await walletsHolding([
      { lamports: 4_000_000_000n, tokens: [1_000_000n, 0n, 5n] },
      { lamports: 200_000_000n },
      { lamports: 0n, tokens: [9n, 9n, 9n, 9n] },
      { lamports: 0n },
      { lamports: null },
    ]);
    expect((await archive([ids[1] ?? ''])).statusCode).toBe(200);

    const response = await call('POST', '/api/wallets/holdings', { walletIds: ids });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const holdings = walletHoldingsResponseSchema.parse(response.json());
    expect(holdings.summary).toEqual({
      wallets: 5,
      funded: 3,
      unscanned: 1,
      lamports: '4200000000',
      tokenAccountsWithBalance: 6,
    });
    expect(holdings.missing).toBe(0);
    const byId = new Map(holdings.wallets.map((wallet) => [wallet.id, wallet]));
    expect(byId.get(ids[0] ?? '')).toMatchObject({
      lamports: '4000000000',
      tokenAccountsWithBalance: 2,
      archived: false,
    });
    expect(
      byId
        .get(ids[0] ?? '')
        ?.tokens.map((token) => token.amount)
        .sort(),
    ).toEqual(['1000000', '5']);
    expect(byId.get(ids[1] ?? '')).toMatchObject({ archived: true, tokens: [] });
    // Four accounts with a balance, three of them shown.
    expect(byId.get(ids[2] ?? '')?.tokenAccountsWithBalance).toBe(4);
    expect(byId.get(ids[2] ?? '')?.tokens).toHaveLength(3);
    expect(byId.get(ids[4] ?? '')?.lamports).toBeNull();
  });

  it("does not show another tenant's wallets, and counts them as missing", async () => {
    const stranger = await createOperator(app, 'stranger@example.com');
    const [theirs] = await walletsHolding([{ lamports: 9n }], stranger);
    const response = await call('POST', '/api/wallets/holdings', { walletIds: [theirs] });
    expect(walletHoldingsResponseSchema.parse(response.json())).toMatchObject({
      wallets: [],
      missing: 1,
    });
  });

  it('refuses to delete funded wallets for good unless the request carries their count', async () => {
    const ids = await walletsHolding([
      { lamports: 1_500_000_000n },
      { lamports: 0n, tokens: [3n] },
      { lamports: 0n },
    ]);
    await archive(ids);

    for (const extra of [{}, { confirmFunded: 2 }, { confirmFunded: 4 }]) {
      const refused = await deleteForGood(ids, extra);
      expect(refused.statusCode, JSON.stringify(extra)).toBe(400);
      expect(refused.json()).toEqual({
        error:
          '2 of 3 wallets hold 1.5 SOL and 1 token account with a balance. Deleting them ' +
          'permanently destroys their keys: confirm with confirmFunded: 3, the number of ' +
          'wallets being deleted.',
        code: 'WALLET__FUNDED_DELETE_UNCONFIRMED',
      });
    }
    expect(await archivedIds()).toEqual(expect.arrayContaining(ids));
    const [refusal] = await harness.database.db
      .select()
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.action, 'wallet.delete_permanently'),
          eq(schema.auditLog.actor, operator.email),
        ),
      )
      .orderBy(desc(schema.auditLog.at))
      .limit(1);
    expect(refusal?.outcome).toBe('failure');
    expect(JSON.parse(refusal?.detail ?? '{}')).toMatchObject({
      count: 3,
      funded: 2,
      reason: 'funded wallets not confirmed',
    });

    const deleted = await deleteForGood(ids, { confirmFunded: 3 });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ archived: 0, deleted: 3 });
    const left = await withTenant(harness.database.db, operator.tenantId, (tx) =>
      tx.select().from(schema.wallets).where(inArray(schema.wallets.id, ids)),
    );
    expect(left).toEqual([]);
  });

  it('asks the count for wallets never scanned too, and not for wallets known to be empty', async () => {
    const [unscanned] = await walletsHolding([{ lamports: null }]);
    await archive([unscanned ?? '']);
    const refused = await deleteForGood([unscanned ?? '']);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: string }>().error).toBe(
      '1 wallet has never been scanned and may hold funds. Deleting them permanently destroys ' +
        'their keys: confirm with confirmFunded: 1, the number of wallets being deleted.',
    );
    expect((await deleteForGood([unscanned ?? ''], { confirmFunded: 1 })).statusCode).toBe(200);

    const empty = await walletsHolding([{ lamports: 0n, tokens: [0n] }, { lamports: 0n }]);
    await archive(empty);
    expect((await deleteForGood(empty)).json()).toEqual({ archived: 0, deleted: 2 });
  });

  it('refuses a count that is not a whole number with a sentence', async () => {
    const ids = await walletsHolding([{ lamports: 1n }]);
    await archive(ids);
    for (const confirmFunded of ['1', -1, 1.5]) {
      const response = await deleteForGood(ids, { confirmFunded });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toContain(
        'confirmFunded must be the number of wallets being deleted',
      );
    }
  });
});
