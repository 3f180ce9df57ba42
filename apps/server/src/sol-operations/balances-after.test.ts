import type { Lamports, LedgerItem } from '@fleet/core';
import { schema, withTenant } from '@fleet/db';
import { asc, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../jobs/jobs-harness';
import { newTestKeypair } from '../testing/keypairs';
import { seedWallets } from '../testing/seed-wallets';
import { createSolTestBed, type SolTestBed } from '../testing/sol-test-bed';
import { createBalancesAfter } from './balances-after';

describe('the balances stored after a SOL operation', () => {
  let bed: SolTestBed;
  let wallets: { id: string; address: string }[];

  beforeAll(async () => {
    bed = await createSolTestBed({ kind: 'pglite', endpoints: { a: {} } });
    await seedWallets(bed.database.db, bed.actor.tenantId, { count: 150, tokensPerWallet: 0 });
    wallets = await withTenant(bed.database.db, bed.actor.tenantId, (tx) =>
      tx
        .select({ id: schema.wallets.id, address: schema.wallets.publicAddress })
        .from(schema.wallets)
        .where(eq(schema.wallets.tenantId, bed.actor.tenantId))
        .orderBy(asc(schema.wallets.createdAt), asc(schema.wallets.id)),
    );
    // What the operation paid: each wallet its own amount, on chain.
    for (const [i, wallet] of wallets.entries()) {
      await bed.localnet.admin.fund(wallet.address, 1_000_000n + BigInt(i));
    }
  }, 60_000);
  afterAll(async () => {
    await bed.close();
  });

  const stored = async () => {
    const rows = await withTenant(bed.database.db, bed.actor.tenantId, (tx) =>
      tx
        .select({ id: schema.wallets.id, lamports: schema.wallets.lamports })
        .from(schema.wallets)
        .where(eq(schema.wallets.tenantId, bed.actor.tenantId)),
    );
    return new Map(rows.map((row) => [row.id, row.lamports]));
  };
  const onChain = (index: number) => 1_000_000n + BigInt(index);

  it('reads a wallet once every item moving it is final, 100 at a time, and the rest at the end', async () => {
    const item = (to: string, index: number): LedgerItem => ({
      id: `item-${index}`,
      operationId: 'op',
      wallet: to,
      leg: 'direct',
      from: bed.master,
      to,
      amount: 1n as Lamports,
      retryOf: null,
    });
    const stranger = newTestKeypair().address;
    const items = [...wallets.map((wallet, i) => item(wallet.address, i)), item(stranger, 999)];
    const balances = createBalancesAfter({
      db: bed.database.db,
      pool: bed.pool,
      clock: { now: () => Date.now() },
      logger: pino({ level: 'silent' }),
      tenantId: bed.actor.tenantId,
      items,
    });

    // 120 payments final: the first 100 of their wallets are read while the operation goes on.
    balances.itemsDone(items.slice(0, 120));
    await eventually(stored, (map) => map.get(wallets[99]?.id ?? '') === onChain(99), {
      timeoutMs: 20_000,
    });
    const during = await stored();
    expect(wallets.slice(0, 100).map((w) => during.get(w.id))).toEqual(
      wallets.slice(0, 100).map((_, i) => onChain(i)),
    );
    expect(wallets.slice(100).some((w, i) => during.get(w.id) === onChain(100 + i))).toBe(false);

    // The end reads whatever is left: the last payments' wallets, and those never final.
    await balances.finish();
    const after = await stored();
    expect(wallets.map((w) => after.get(w.id))).toEqual(wallets.map((_, i) => onChain(i)));
  });
});
