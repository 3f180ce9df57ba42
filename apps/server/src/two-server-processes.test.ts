import {
  importWalletsResponseSchema,
  scanDetailsSchema,
  scanPreviewResponseSchema,
} from '@fleet/core';
import { schema, withTenant } from '@fleet/db';
import { testDatabaseKinds } from '@fleet/db/testing';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestKeypair } from './testing/keypairs';
import {
  createOperator,
  createSecondTestApp,
  createTestApp,
  type Operator,
  type TestApp,
} from './testing/test-app';

/**
 * Two whole servers (two service sets, two connection pools on Postgres) on one database, as two
 * server processes behind one URL: a request may reach either, so nothing a later request relies
 * on may live in one process's memory.
 */
describe.each(testDatabaseKinds)('two server processes on one %s database', (kind) => {
  let first: TestApp;
  let second: TestApp;
  let operator: Operator;

  beforeAll(async () => {
    first = await createTestApp(kind);
    second = await createSecondTestApp(first);
    operator = await createOperator(first.app, 'two-processes@example.com');
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  const call = (app: FastifyInstance, url: string, payload: object) =>
    app.inject({ method: 'POST', url, cookies: { fleet_session: operator.cookie }, payload });

  it('trusts a scan preview made through one in an import made through the other', async () => {
    const wallet = newTestKeypair();
    await first.localnet.admin.fund(wallet.address, 3_000_000n);
    const mint = await first.localnet.admin.createMint({ decimals: 3 });
    await first.localnet.admin.createTokenAccount({ owner: wallet.address, mint, amount: 9n });

    const previewed = await call(first.app, '/api/scan-assets/preview', {
      publicAddresses: [wallet.address],
    });
    expect(previewed.statusCode).toBe(200);
    const preview = scanPreviewResponseSchema.parse(previewed.json());

    const imported = await call(second.app, '/api/wallet', {
      privateKeys: [wallet.privateKey],
      preview,
    });
    expect(imported.statusCode).toBe(200);
    expect(importWalletsResponseSchema.parse(imported.json())).toMatchObject({ created: 1 });

    const [row] = await withTenant(first.database.db, operator.tenantId, (tx) =>
      tx.select().from(schema.wallets).where(eq(schema.wallets.publicAddress, wallet.address)),
    );
    expect(row?.lamports).toBe(3_000_000n);
    expect(row?.lastScannedAt).toBeInstanceOf(Date);
    const tokenAccounts = await withTenant(first.database.db, operator.tenantId, (tx) =>
      tx
        .select()
        .from(schema.walletTokenAccounts)
        .where(eq(schema.walletTokenAccounts.walletId, row?.id ?? '')),
    );
    expect(tokenAccounts).toMatchObject([{ mint, amount: '9', decimals: 3 }]);
  });

  it('shows Scan Details lines written through one when read through the other', async () => {
    const scanned = await call(first.app, '/api/scan-assets/preview', {
      publicAddresses: [newTestKeypair().address, newTestKeypair().address],
    });
    expect(scanned.statusCode).toBe(200);

    const read = await second.app.inject({
      method: 'GET',
      url: '/api/scan/details',
      cookies: { fleet_session: operator.cookie },
    });
    expect(read.statusCode).toBe(200);
    const details = scanDetailsSchema.parse(read.json());
    expect(details.lastScan).toMatchObject({ wallets: 2, failedAddresses: 0 });
    expect(details.logs.some((line) => line.message.includes('Scanning 2 wallet(s)'))).toBe(true);
    expect(details.logs.at(-1)?.message).toContain('Scanned 2 wallet(s)');
    // The pool is each process's own: the second one has made no RPC call.
    expect(details.pool.calls).toBe(0);
  });
});
