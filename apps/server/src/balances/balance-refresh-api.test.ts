import {
  balanceRefreshEventSchema,
  chainConfigSchema,
  listWalletsResponseSchema,
  readSlimWalletList,
  scanPreviewResponseSchema,
  scanSolBalancesSummarySchema,
  type BalanceRefreshEvent,
  type SlimWallet,
} from '@fleet/core';
import { schema, withTenant } from '@fleet/db';
import { testDatabaseKinds } from '@fleet/db/testing';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestKeypair } from '../testing/keypairs';
import { createOperator, createTestApp, type Operator, type TestApp } from '../testing/test-app';

describe.each(testDatabaseKinds)('refreshing the fleet balances from the chain on %s', (kind) => {
  let harness: TestApp;
  let app: FastifyInstance;
  let operator: Operator;
  let other: Operator;
  const funded = newTestKeypair();
  const trader = newTestKeypair();
  let mint = '';
  let tokenAccount = '';

  const call = (
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    as = operator,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url,
      headers,
      cookies: { fleet_session: as.cookie },
      ...(payload ? { payload } : {}),
    });

  const slimList = async (as = operator) =>
    readSlimWalletList((await call('GET', '/api/wallets?mode=slim', undefined, as)).json());
  const walletOf = async (address: string): Promise<SlimWallet> => {
    const wallet = (await slimList()).wallets.find((entry) => entry.address === address);
    if (!wallet) throw new Error(`${address} is not listed`);
    return wallet;
  };
  const refresh = async (query = '', as = operator) => {
    const response = await call('GET', `/api/scan-sol-balances${query}`, undefined, as);
    expect(response.statusCode, response.body).toBe(200);
    return scanSolBalancesSummarySchema.parse(response.json());
  };

  beforeAll(async () => {
    harness = await createTestApp(kind);
    app = harness.app;
    operator = await createOperator(app, 'refresher@example.com');
    other = await createOperator(app, 'other-refresher@example.com');
    const { admin } = harness.localnet;
    await admin.fund(funded.address, 1_000_000_000n);
    mint = await admin.createMint({ decimals: 6, name: 'Test Dollar', symbol: 'TUSD' });
    tokenAccount = await admin.createTokenAccount({ owner: funded.address, mint, amount: 42n });
    const preview = scanPreviewResponseSchema.parse(
      (
        await call('POST', '/api/scan-assets/preview', { publicAddresses: [funded.address] })
      ).json(),
    );
    expect(
      (await call('POST', '/api/wallet', { privateKeys: [funded.privateKey], preview })).statusCode,
    ).toBe(200);
    // Imported without a scan: its balance is unknown until a refresh reads it.
    expect(
      (await call('POST', '/api/wallet', { privateKeys: [trader.privateKey] })).statusCode,
    ).toBe(200);
    const traderRow = await walletOf(trader.address);
    expect(traderRow.lamports).toBeNull();
    await withTenant(harness.database.db, operator.tenantId, (tx) =>
      tx.update(schema.wallets).set({ isTrader: true }).where(eq(schema.wallets.id, traderRow.id)),
    );
  });
  afterAll(async () => {
    await harness.close();
  });

  it('stores SOL that arrived from outside Fleet, the known token amounts and the scan time, for one call per 100 accounts', async () => {
    const before = await slimList();
    const importedAt = (await walletOf(funded.address)).lastScannedAt;
    expect((await walletOf(funded.address)).lamports).toBe('1000000000');
    await harness.localnet.admin.fund(funded.address, 1_500_000_000n);
    await harness.localnet.admin.createTokenAccount({ owner: funded.address, mint, amount: 100n });
    await harness.localnet.admin.fund(trader.address, 250_000_000n);

    const summary = await refresh();
    expect(summary).toMatchObject({ totalScanned: 2, failed: 0, endpointFailures: {} });
    // Two wallets and one known token account in one getMultipleAccounts; the mint's decimals
    // were read by the import's scan and are not read again.
    expect(summary.rpcCalls).toBe(1);

    const after = await slimList();
    expect(BigInt(after.version)).toBeGreaterThan(BigInt(before.version));
    const fundedRow = await walletOf(funded.address);
    expect(fundedRow.lamports).toBe('2500000000');
    expect(fundedRow.lastScannedAt).toBe(summary.scannedAt);
    expect(fundedRow.lastScannedAt).not.toBe(importedAt);
    expect((await walletOf(trader.address)).lamports).toBe('250000000');
    const full = listWalletsResponseSchema.parse((await call('GET', '/api/wallets')).json());
    const tokens = full.wallets.find((wallet) => wallet.address === funded.address)?.tokens;
    expect(tokens).toEqual([
      expect.objectContaining({ mint, tokenAccount, amount: '100', decimals: 6 }),
    ]);

    const [audit] = await harness.database.db
      .select()
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.action, 'wallet.balance_refresh'),
          eq(schema.auditLog.tenantId, operator.tenantId),
        ),
      )
      .orderBy(desc(schema.auditLog.at))
      .limit(1);
    expect(JSON.parse(audit?.detail ?? '{}')).toMatchObject({
      traderOnly: false,
      wallets: 2,
      scanned: 2,
      failed: 0,
    });
  });

  it('with traderOnly=true re-reads only trader wallets', async () => {
    const fundedBefore = await walletOf(funded.address);
    await harness.localnet.admin.fund(trader.address, 1_000n);
    await harness.localnet.admin.fund(funded.address, 1_000n);
    const summary = await refresh('?traderOnly=true');
    expect(summary.totalScanned).toBe(1);
    expect((await walletOf(trader.address)).lamports).toBe('250001000');
    expect(await walletOf(funded.address)).toMatchObject({
      lamports: fundedBefore.lamports,
      lastScannedAt: fundedBefore.lastScannedAt,
    });
    expect((await call('GET', '/api/scan-sol-balances?traderOnly=maybe')).statusCode).toBe(400);
  });

  it('streams true progress and ends with the summary when asked for an event stream', async () => {
    const response = await call('GET', '/api/scan-sol-balances', undefined, operator, {
      accept: 'text/event-stream',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');
    const events: BalanceRefreshEvent[] = response.body
      .split('\n\n')
      .filter((block) => block.trim() !== '')
      .map((block) => {
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        return balanceRefreshEventSchema.parse(JSON.parse(data?.slice(6) ?? 'null'));
      });
    const progress = events.filter((event) => event.type === 'progress');
    expect(progress[0]).toEqual({ type: 'progress', processed: 0, total: 2, failed: 0 });
    expect(progress.at(-1)).toEqual({ type: 'progress', processed: 2, total: 2, failed: 0 });
    const last = events.at(-1);
    expect(last?.type).toBe('done');
    if (last?.type === 'done') expect(last.summary.totalScanned).toBe(2);
  });

  it("keeps to the caller's tenant and refuses anyone signed out", async () => {
    const mine = await walletOf(funded.address);
    const summary = await refresh('', other);
    expect(summary.totalScanned).toBe(0);
    expect(await walletOf(funded.address)).toMatchObject({
      lamports: mine.lamports,
      lastScannedAt: mine.lastScannedAt,
    });
    expect((await slimList(other)).wallets).toEqual([]);
    const anonymous = await app.inject({ method: 'GET', url: '/api/scan-sol-balances' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('forgets a known token account that was closed, and counts it nowhere', async () => {
    harness.localnet.admin.setAccount(tokenAccount, { lamports: 0n });
    const summary = await refresh();
    expect(summary.failed).toBe(0);
    const full = listWalletsResponseSchema.parse((await call('GET', '/api/wallets')).json());
    expect(full.wallets.find((wallet) => wallet.address === funded.address)?.tokens).toEqual([]);
  });

  it('tells the web app which cluster explorer links must open', async () => {
    const response = await call('GET', '/api/chain');
    expect(chainConfigSchema.parse(response.json())).toEqual({
      cluster: 'custom',
      customRpcUrl: harness.localnet.url,
    });
    expect((await app.inject({ method: 'GET', url: '/api/chain' })).statusCode).toBe(401);
  });
});
