import { U64_MAX, type Lamports } from '@fleet/core';
import { schema, withTenant, type TenantDatabase } from '@fleet/db';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@fleet/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumePlan, createOperation, loadOperation, savePlan } from '../ledger/ledger-repository';
import { newTestKeypair } from '../testing/keypairs';

const T0 = new Date('2026-12-01T12:00:00.000Z');

// Migration 0027: a token transfer item carries its raw amount (a u64, beyond bigint) and may
// move 0 lamports; no other leg carries a token amount.
describe.each(testDatabaseKinds)('token transfer items in the ledger on %s', (kind) => {
  let database: TestDatabase;
  let tenantId: string;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const [row] = await database.db
      .insert(schema.tenants)
      .values({})
      .returning({ id: schema.tenants.id });
    tenantId = row?.id ?? '';
  });
  afterAll(async () => {
    await database.close();
  });

  const inTenant = <T>(work: (tx: TenantDatabase) => Promise<T>) =>
    withTenant(database.db, tenantId, work);

  async function operationWith(items: Parameters<typeof createOperation>[1]['items']) {
    return inTenant(async (tx) => {
      const planId = await savePlan(tx, tenantId, {
        kind: 'token.withdraw',
        plan: { nonce: newTestKeypair().address },
        createdBy: null,
        now: T0,
      });
      await consumePlan(tx, planId, T0);
      return createOperation(tx, {
        tenantId,
        kind: 'token.withdraw',
        createdBy: null,
        planId,
        parameters: {},
        items,
        now: T0,
      });
    });
  }

  it('stores a raw amount up to 2^64 − 1 with 0 lamports, and reads it back with its mint', async () => {
    const mint = newTestKeypair().address;
    const created = await operationWith([
      {
        leg: 'tokenTransfer',
        walletId: null,
        from: newTestKeypair().address,
        to: newTestKeypair().address,
        lamports: 0n as Lamports,
        mint,
        program: 'token2022',
        tokenAmount: U64_MAX,
      },
      {
        leg: 'tokenTransfer',
        walletId: null,
        from: newTestKeypair().address,
        to: newTestKeypair().address,
        lamports: 2_039_280n as Lamports,
        mint,
        program: 'token',
        tokenAmount: 1n,
      },
    ]);
    const loaded = await inTenant((tx) => loadOperation(tx, created.id));
    const legs = loaded?.items.map((item) => [item.amount, loaded.tokenLegs.get(item.id)]);
    expect(legs).toEqual([
      [0n, { mint, program: 'token2022', tokenAmount: U64_MAX }],
      [2_039_280n, { mint, program: 'token', tokenAmount: 1n }],
    ]);
  });

  it('refuses a token transfer without an amount, a zero amount, and a SOL leg with one', async () => {
    const base = {
      walletId: null,
      from: newTestKeypair().address,
      to: newTestKeypair().address,
      mint: newTestKeypair().address,
      program: 'token' as const,
    };
    await expect(
      operationWith([{ ...base, leg: 'tokenTransfer', lamports: 0n as Lamports }]),
    ).rejects.toThrow();
    await expect(
      operationWith([{ ...base, leg: 'tokenTransfer', lamports: 0n as Lamports, tokenAmount: 0n }]),
    ).rejects.toThrow();
    await expect(
      operationWith([
        {
          ...base,
          leg: 'direct',
          mint: null,
          program: null,
          lamports: 5n as Lamports,
          tokenAmount: 5n,
        },
      ]),
    ).rejects.toThrow();
    // A SOL leg still moves lamports.
    await expect(
      operationWith([
        { ...base, leg: 'direct', mint: null, program: null, lamports: 0n as Lamports },
      ]),
    ).rejects.toThrow();
    const rows = await database.db.execute<{ count: number }>(
      sql`select count(*)::int as count from operation_items where token_amount = 0`,
    );
    expect(rows.rows[0]?.count).toBe(0);
  });
});
