import {
  NO_PRIVATE_KEYS_MESSAGE,
  encodePrivateKeyBase58,
  importWalletsResponseSchema,
  scanPreviewResponseSchema,
  validateKeysResponseSchema,
} from '@fleet/core';
import { schema, withTenant } from '@fleet/db';
import { testDatabaseKinds } from '@fleet/db/testing';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestKeypair } from '../testing/keypairs';
import { createKeyVault, kekFromBytes } from '../vault';
import { createOperator, createTestApp, type Operator, type TestApp } from '../testing/test-app';

describe.each(testDatabaseKinds)('wallet import from private keys on %s', (kind) => {
  let harness: TestApp;
  let app: FastifyInstance;
  let operator: Operator;
  let other: Operator;
  const secrets: string[] = [];

  beforeAll(async () => {
    harness = await createTestApp(kind);
    app = harness.app;
    operator = await createOperator(app, 'importer@example.com');
    other = await createOperator(app, 'other-tenant@example.com');
  });
  afterAll(async () => {
    await harness.close();
  });

  const keypair = () => {
    const pair = newTestKeypair();
    secrets.push(pair.privateKey);
    return pair;
  };

  const call = (url: string, payload: object, as: Operator = operator) =>
    app.inject({ method: 'POST', url, cookies: { fleet_session: as.cookie }, payload });

  const walletRows = (tenantId: string, addresses: string[]) =>
    withTenant(harness.database.db, tenantId, (tx) =>
      tx.select().from(schema.wallets).where(inArray(schema.wallets.publicAddress, addresses)),
    );

  const archive = (tenantId: string, address: string) =>
    withTenant(harness.database.db, tenantId, (tx) =>
      tx
        .update(schema.wallets)
        .set({ archivedAt: new Date() })
        .where(eq(schema.wallets.publicAddress, address)),
    );

  it('tells new, duplicate, archived and repeated keys apart, with problems by line', async () => {
    const [fresh, active, archived] = [keypair(), keypair(), keypair()];
    const seeded = await call('/api/wallet', {
      privateKeys: [active.privateKey, archived.privateKey],
    });
    expect(seeded.statusCode).toBe(200);
    await archive(operator.tenantId, archived.address);

    const text = [
      fresh.privateKey,
      `  "${active.privateKey}",`,
      JSON.stringify([...archived.secretKey]),
      fresh.privateKey,
      `${fresh.privateKey.slice(0, 60)}xx`,
      fresh.address,
    ].join('\n');
    const response = await call('/api/wallet/validate-only', { privateKeys: text });
    expect(response.statusCode).toBe(200);
    const body = validateKeysResponseSchema.parse(response.json());
    expect(body.publicAddresses).toEqual([fresh.address, active.address, archived.address]);
    expect(body.privateKeys).toEqual([fresh.privateKey, active.privateKey, archived.privateKey]);
    expect(body.duplicateActiveAddresses).toEqual([active.address]);
    expect(body.duplicateArchivedAddresses).toEqual([archived.address]);
    expect(body.duplicatesInInput).toBe(1);
    expect(body.keyLines).toEqual([1, 2, 3]);
    expect(body.repeats).toEqual([{ line: 4, firstLine: 1 }]);
    expect(body.problems).toEqual([
      { line: 5, endLine: 5, message: 'Invalid private key length' },
      { line: 6, endLine: 6, message: 'this is a public address, not a private key' },
    ]);
    expect(JSON.stringify(body.problems)).not.toContain(fresh.privateKey.slice(0, 20));
  });

  it('reports another tenant’s wallet as new', async () => {
    const wallet = keypair();
    expect(
      (await call('/api/wallet', { privateKeys: [wallet.privateKey] }, other)).statusCode,
    ).toBe(200);
    const response = await call('/api/wallet/validate-only', { privateKeys: wallet.privateKey });
    const body = validateKeysResponseSchema.parse(response.json());
    expect(body.publicAddresses).toEqual([wallet.address]);
    expect(body.duplicateActiveAddresses).toEqual([]);
    expect(body.duplicateArchivedAddresses).toEqual([]);
    expect(await walletRows(operator.tenantId, [wallet.address])).toEqual([]);
  });

  it('refuses input without keys, wrong types, 10 MB, and signed-out callers', async () => {
    const empty = await call('/api/wallet/validate-only', { privateKeys: 'hello\nworld' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: NO_PRIVATE_KEYS_MESSAGE });

    const wrongType = await call('/api/wallet/validate-only', { privateKeys: 42 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json<{ error: string }>().error).toContain(NO_PRIVATE_KEYS_MESSAGE);

    const huge = await call('/api/wallet/validate-only', {
      privateKeys: 'x'.repeat(10 * 1024 * 1024),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({
      error: 'Request body is larger than the 2 MiB limit',
      code: 'REQUEST__PAYLOAD_TOO_LARGE',
    });

    const many = Array.from({ length: 5_001 }, () => newTestKeypair().privateKey);
    const tooManyPasted = await call('/api/wallet/validate-only', { privateKeys: many.join('\n') });
    expect(tooManyPasted.statusCode).toBe(400);
    expect(tooManyPasted.json<{ error: string }>().error).toBe(
      'Too many private keys: 5001 found, at most 5000 per import',
    );
    expect(tooManyPasted.body).not.toContain(many[0]);
    const tooManyImported = await call('/api/wallet', { privateKeys: many });
    expect(tooManyImported.statusCode).toBe(400);
    expect(tooManyImported.body).not.toContain(many[0]);

    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/wallet/validate-only',
      payload: { privateKeys: keypair().privateKey },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('scans balances exactly as funded and reports a partial failure with HTTP 200', async () => {
    const [rich, poor] = [keypair(), keypair()];
    await harness.localnet.admin.fund(rich.address, 2_500_000_000n);
    await harness.localnet.admin.fund(poor.address, 1_234_567n);
    const mint = await harness.localnet.admin.createMint({
      decimals: 6,
      name: 'Test Dollar',
      symbol: 'TUSD',
    });
    await harness.localnet.admin.createTokenAccount({ owner: rich.address, mint, amount: 42_000n });

    const response = await call('/api/scan-assets/preview', {
      publicAddresses: [rich.address, poor.address],
    });
    expect(response.statusCode).toBe(200);
    const body = scanPreviewResponseSchema.parse(response.json());
    expect(body.error).toBeNull();
    expect(body.wallets).toEqual([
      { address: rich.address, ok: true, lamports: '2500000000', tokenAccounts: 1, error: null },
      { address: poor.address, ok: true, lamports: '1234567', tokenAccounts: 0, error: null },
    ]);
    expect(body.tokens).toEqual([
      { mint, name: 'Test Dollar', symbol: 'TUSD', decimals: 6, totalAmount: '42000' },
    ]);
    expect(body.holdersByMint[mint]).toEqual([
      { wallet: rich.address, lamports: '2500000000', amount: '42000', decimals: 6 },
    ]);
    expect(body.stats.endpoints).toBe(1);
    const [cached] = await harness.database.db
      .select()
      .from(schema.mints)
      .where(eq(schema.mints.mint, mint));
    expect(cached).toMatchObject({ name: 'Test Dollar', symbol: 'TUSD', decimals: 6 });

    const notAnAddress = 'O'.repeat(40);
    const partial = await call('/api/scan-assets/preview', {
      publicAddresses: [poor.address, notAnAddress],
    });
    expect(partial.statusCode).toBe(200);
    const partialBody = scanPreviewResponseSchema.parse(partial.json());
    expect(partialBody.error).toMatch(/^Scan failed for 1 wallet\(s\)/);
    expect(partialBody.stats.failedAddresses).toEqual([notAnAddress]);

    const tooMany = await call('/api/scan-assets/preview', {
      publicAddresses: Array.from({ length: 5_001 }, () => rich.address),
    });
    expect(tooMany.statusCode).toBe(400);
    const none = await call('/api/scan-assets/preview', { publicAddresses: [] });
    expect(none.json()).toMatchObject({ error: 'publicAddresses: No new wallets to scan' });
  });

  it('imports with counts that add up, stores scanned balances, and re-import creates nothing', async () => {
    const [fresh, scanned, active, archived] = [keypair(), keypair(), keypair(), keypair()];
    await call('/api/wallet', { privateKeys: [active.privateKey, archived.privateKey] });
    await archive(operator.tenantId, archived.address);
    await harness.localnet.admin.fund(scanned.address, 5_000_000n);
    const mint = await harness.localnet.admin.createMint({ decimals: 2 });
    await harness.localnet.admin.createTokenAccount({ owner: scanned.address, mint, amount: 7n });
    const preview = scanPreviewResponseSchema.parse(
      (await call('/api/scan-assets/preview', { publicAddresses: [scanned.address] })).json(),
    );

    const keys = [fresh, scanned, active, archived].map((k) => k.privateKey);
    const first = await call('/api/wallet', { privateKeys: [...keys, fresh.privateKey], preview });
    expect(first.statusCode).toBe(200);
    const body = importWalletsResponseSchema.parse(first.json());
    expect(body).toMatchObject({ created: 2, restored: 1, unchanged: 1 });
    expect(body.addresses).toEqual([fresh, scanned, active, archived].map((k) => k.address));

    const rows = await walletRows(
      operator.tenantId,
      [fresh, scanned, active, archived].map((k) => k.address),
    );
    expect(rows).toHaveLength(4);
    expect(rows.every((row) => row.archivedAt === null)).toBe(true);
    const scannedRow = rows.find((row) => row.publicAddress === scanned.address);
    expect(scannedRow?.lamports).toBe(5_000_000n);
    expect(scannedRow?.lastScannedAt).toBeInstanceOf(Date);
    expect(rows.find((row) => row.publicAddress === fresh.address)?.lamports).toBeNull();
    const restoredRow = rows.find((row) => row.publicAddress === archived.address);
    expect(restoredRow?.importBatchId).toBe(body.batchId);
    for (const row of rows) {
      expect(Buffer.from(row.encryptedKey).toString('latin1')).not.toContain(
        Buffer.from(row.publicAddress).toString('latin1'),
      );
    }
    const tokenAccounts = await withTenant(harness.database.db, operator.tenantId, (tx) =>
      tx
        .select()
        .from(schema.walletTokenAccounts)
        .where(eq(schema.walletTokenAccounts.walletId, scannedRow?.id ?? '')),
    );
    expect(tokenAccounts).toMatchObject([{ mint, amount: '7', decimals: 2 }]);

    const batches = await withTenant(harness.database.db, operator.tenantId, (tx) =>
      tx.select().from(schema.importBatches).where(eq(schema.importBatches.id, body.batchId)),
    );
    expect(batches).toMatchObject([{ created: 2, restored: 1, sourceKind: 'import' }]);

    const again = importWalletsResponseSchema.parse(
      (await call('/api/wallet', { privateKeys: keys })).json(),
    );
    expect(again).toMatchObject({ created: 0, restored: 0, unchanged: 4 });
    expect(
      await walletRows(
        operator.tenantId,
        [fresh, scanned, active, archived].map((k) => k.address),
      ),
    ).toHaveLength(4);
  });

  it('stores every key so that it decrypts to the imported key, restored ones included', async () => {
    const [fresh, archived] = [keypair(), keypair()];
    await call('/api/wallet', { privateKeys: [archived.privateKey] });
    await archive(operator.tenantId, archived.address);
    const imported = await call('/api/wallet', {
      privateKeys: [fresh.privateKey, archived.privateKey],
    });
    expect(importWalletsResponseSchema.parse(imported.json())).toMatchObject({
      created: 1,
      restored: 1,
    });
    const vault = createKeyVault({ kek: kekFromBytes(new Uint8Array(32).fill(7)) });
    await withTenant(harness.database.db, operator.tenantId, async (tx) => {
      const rows = await tx
        .select()
        .from(schema.wallets)
        .where(inArray(schema.wallets.publicAddress, [fresh.address, archived.address]));
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        const secretKey = await vault.decryptSecretKey(tx, {
          tenantId: operator.tenantId,
          address: row.publicAddress,
          ciphertext: row.encryptedKey,
          algorithm: row.keyAlgorithm,
          dataKeyVersion: row.dataKeyVersion,
        });
        const expected = row.publicAddress === fresh.address ? fresh : archived;
        expect(encodePrivateKeyBase58(secretKey)).toBe(expected.privateKey);
      }
    });
  });

  it('creates no duplicates when the same keys are imported twice at once', async () => {
    const keys = Array.from({ length: 40 }, () => keypair());
    const privateKeys = keys.map((k) => k.privateKey);
    const results = await Promise.all([
      call('/api/wallet', { privateKeys }),
      call('/api/wallet', { privateKeys }),
      call('/api/wallet', { privateKeys: [...privateKeys].reverse() }),
    ]);
    const bodies = results.map((r) => importWalletsResponseSchema.parse(r.json()));
    expect(bodies.reduce((sum, b) => sum + b.created, 0)).toBe(40);
    for (const body of bodies) expect(body.created + body.restored + body.unchanged).toBe(40);
    const rows = await walletRows(
      operator.tenantId,
      keys.map((k) => k.address),
    );
    expect(rows).toHaveLength(40);
  });

  it('writes nothing when any key is invalid', async () => {
    const good = keypair();
    const mismatched = keypair();
    const forged = new Uint8Array(mismatched.secretKey);
    forged.set(newTestKeypair().secretKey.subarray(32), 32);
    const bad = await call('/api/wallet', {
      privateKeys: [good.privateKey, encodePrivateKeyBase58(forged)],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).not.toContain(good.privateKey);
    const wrongType = await call('/api/wallet', { privateKeys: good.privateKey });
    expect(wrongType.statusCode).toBe(400);
    const none = await call('/api/wallet', { privateKeys: [] });
    expect(none.json()).toMatchObject({
      error: 'privateKeys: Select at least one wallet to import.',
    });
    expect(await walletRows(operator.tenantId, [good.address])).toEqual([]);
  });

  it('never writes a private key to the logs or the audit log', async () => {
    const audit = await harness.database.db.select().from(schema.auditLog);
    const written = harness.logs.join('') + JSON.stringify(audit);
    expect(secrets.length).toBeGreaterThan(50);
    for (const secret of secrets) expect(written).not.toContain(secret);
    expect(audit.some((entry) => entry.action === 'wallet.import')).toBe(true);
  });
});
