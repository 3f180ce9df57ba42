import {
  masterHistoryPageSchema,
  masterHoldingsResponseSchema,
  revealMasterHistoryKeyResponseSchema,
  type MasterHistoryEntry,
} from '@fleet/core';
import { schema, withTenant } from '@fleet/db';
import { testDatabaseKinds } from '@fleet/db/testing';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestKeypair } from '../testing/keypairs';
import { createOperator, createTestApp, type Operator, type TestApp } from '../testing/test-app';

describe.each(testDatabaseKinds)('the master wallet history keeps its keys on %s', (kind) => {
  let harness: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    harness = await createTestApp(kind);
    app = harness.app;
  });
  afterAll(async () => {
    await harness.close();
  });

  const as =
    (operator: Operator) =>
    (method: 'GET' | 'PATCH' | 'DELETE' | 'POST', url: string, payload?: object) =>
      app.inject({
        method,
        url,
        cookies: { fleet_session: operator.cookie },
        ...(payload ? { payload } : {}),
      });

  const historyOf = async (operator: Operator): Promise<MasterHistoryEntry[]> =>
    masterHistoryPageSchema.parse((await as(operator)('GET', '/api/history/master-wallet')).json())
      .entries;

  const auditsOf = (operator: Operator, action: string) =>
    harness.database.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, action), eq(schema.auditLog.actor, operator.email)))
      .orderBy(desc(schema.auditLog.at));

  it('reveals the key a replaced master had, and the one that replaced it, each time audited', async () => {
    const operator = await createOperator(app, 'replaced@example.com');
    const call = as(operator);
    const first = newTestKeypair();
    const second = newTestKeypair();
    await call('PATCH', '/api/master-wallet', { private_key: first.privateKey });
    await call('PATCH', '/api/master-wallet', { private_key: second.privateKey });

    const [swap, set] = await historyOf(operator);
    expect(swap).toMatchObject({
      action: 'swap',
      previous_address: first.address,
      new_address: second.address,
      previous_private_key: null,
      new_private_key: null,
      previous_key_stored: true,
      new_key_stored: true,
    });
    expect(set).toMatchObject({ action: 'set', previous_key_stored: false, new_key_stored: true });

    const revealed = await call('POST', `/api/history/master-wallet/${swap?.id}/reveal`, {
      side: 'previous',
    });
    expect(revealed.statusCode).toBe(200);
    expect(revealed.headers['cache-control']).toBe('no-store');
    expect(revealMasterHistoryKeyResponseSchema.parse(revealed.json())).toEqual({
      id: swap?.id,
      side: 'previous',
      public_address: first.address,
      private_key: first.privateKey,
    });
    const next = await call('POST', `/api/history/master-wallet/${swap?.id}/reveal`, {
      side: 'new',
    });
    expect(next.json()).toMatchObject({
      public_address: second.address,
      private_key: second.privateKey,
    });

    const audits = await auditsOf(operator, 'master_wallet.history.reveal');
    expect(audits.map((entry) => entry.outcome)).toEqual(['success', 'success']);
    expect(JSON.parse(audits[1]?.detail ?? '{}')).toEqual({
      entryId: swap?.id,
      side: 'previous',
      address: first.address,
    });
    expect(audits.map((entry) => entry.detail).join('')).not.toContain(first.privateKey);
  });

  it('keeps a cleared master retrievable, sealed by the vault and never in plain text', async () => {
    const operator = await createOperator(app, 'cleared@example.com');
    const call = as(operator);
    const wallet = newTestKeypair();
    await call('PATCH', '/api/master-wallet', { private_key: wallet.privateKey });
    expect((await call('DELETE', '/api/master-wallet')).statusCode).toBe(200);

    const [cleared] = await historyOf(operator);
    expect(cleared).toMatchObject({ action: 'cleared', previous_key_stored: true });
    const stored = await withTenant(harness.database.db, operator.tenantId, (tx) =>
      tx
        .select()
        .from(schema.masterWalletHistory)
        .where(eq(schema.masterWalletHistory.id, cleared?.id ?? '')),
    );
    const sealed = Buffer.from(stored[0]?.previousEncryptedKey ?? new Uint8Array());
    // AES-GCM: nonce, the 64-byte key encrypted, tag. Neither the key nor its text is in there.
    expect(sealed.length).toBe(92);
    expect(sealed.toString('latin1')).not.toContain(wallet.privateKey);
    expect(JSON.stringify(stored)).not.toContain(wallet.privateKey);

    const revealed = await call('POST', `/api/history/master-wallet/${cleared?.id}/reveal`, {
      side: 'previous',
    });
    expect(revealed.json()).toMatchObject({ private_key: wallet.privateKey });
  });

  it("answers not found for another tenant's entry, and audits the attempt", async () => {
    const owner = await createOperator(app, 'owner@example.com');
    const intruder = await createOperator(app, 'intruder@example.com');
    await as(owner)('PATCH', '/api/master-wallet', { private_key: newTestKeypair().privateKey });
    const [entry] = await historyOf(owner);

    const response = await as(intruder)('POST', `/api/history/master-wallet/${entry?.id}/reveal`, {
      side: 'new',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'No such master wallet history entry',
      code: 'MASTER_WALLET__HISTORY_ENTRY_NOT_FOUND',
    });
    const [audit] = await auditsOf(intruder, 'master_wallet.history.reveal');
    expect(audit?.outcome).toBe('failure');
    expect(JSON.parse(audit?.detail ?? '{}')).toMatchObject({ reason: 'not found' });
  });

  it('says a key was not stored for entries written before keys were kept', async () => {
    const operator = await createOperator(app, 'older@example.com');
    const [old] = await withTenant(harness.database.db, operator.tenantId, (tx) =>
      tx
        .insert(schema.masterWalletHistory)
        .values({
          tenantId: operator.tenantId,
          action: 'swap',
          previousAddress: newTestKeypair().address,
          newAddress: newTestKeypair().address,
        })
        .returning(),
    );
    const [entry] = await historyOf(operator);
    expect(entry).toMatchObject({ previous_key_stored: false, new_key_stored: false });
    const response = await as(operator)('POST', `/api/history/master-wallet/${old?.id}/reveal`, {
      side: 'previous',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json<{ error: string }>().error).toBe(
      'This value was not stored for this event.',
    );
  });

  it('refuses a bad entry id or side with a sentence', async () => {
    const operator = await createOperator(app, 'sloppy@example.com');
    const call = as(operator);
    const badId = await call('POST', '/api/history/master-wallet/not-a-uuid/reveal', {
      side: 'previous',
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json<{ error: string }>().error).toContain('No such master wallet history entry');
    const badSide = await call('POST', `/api/history/master-wallet/${crypto.randomUUID()}/reveal`, {
      side: 'both',
    });
    expect(badSide.statusCode).toBe(400);
    expect(badSide.json<{ error: string }>().error).toContain('side must be "previous" or "new"');
  });

  it('counts history reveals against the same per-user limit as every other key request', async () => {
    const operator = await createOperator(app, 'greedy@example.com');
    const call = as(operator);
    await call('PATCH', '/api/master-wallet', { private_key: newTestKeypair().privateKey });
    const [entry] = await historyOf(operator);
    const reveal = () =>
      call('POST', `/api/history/master-wallet/${entry?.id}/reveal`, { side: 'new' });

    const created = await call('POST', '/api/create-wallet', { count: 1, is_trader: false });
    const walletId = created.json<{ wallets: { id: string }[] }>().wallets[0]?.id;
    for (let index = 0; index < 5; index++) {
      expect(
        (
          await call('POST', '/api/wallets/reveal-keys', {
            walletIds: [walletId],
            purpose: 'reveal',
          })
        ).statusCode,
      ).toBe(200);
    }
    for (let index = 0; index < 5; index++) expect((await reveal()).statusCode).toBe(200);
    const refused = await reveal();
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ error: string }>().error).toMatch(/^Too many key requests/);
    const [audit] = await auditsOf(operator, 'master_wallet.history.reveal');
    expect(audit?.outcome).toBe('failure');
    expect(JSON.parse(audit?.detail ?? '{}')).toMatchObject({ reason: 'rate limited' });
  });

  it('reads what the master holds on chain: SOL and each token with a balance', async () => {
    const operator = await createOperator(app, 'holder@example.com');
    const call = as(operator);
    expect((await call('GET', '/api/master-wallet/holdings')).statusCode).toBe(404);

    const master = newTestKeypair();
    await call('PATCH', '/api/master-wallet', { private_key: master.privateKey });
    await harness.localnet.admin.fund(master.address, 100_000_000_000n);
    const usdc = await harness.localnet.admin.createMint({
      decimals: 6,
      name: 'USD Coin',
      symbol: 'USDC',
    });
    const bonk = await harness.localnet.admin.createMint({ decimals: 5 });
    const dust = await harness.localnet.admin.createMint({ decimals: 0 });
    await harness.localnet.admin.createTokenAccount({
      owner: master.address,
      mint: usdc,
      amount: 2_500_000n,
    });
    await harness.localnet.admin.createTokenAccount({
      owner: master.address,
      mint: bonk,
      amount: 7n,
    });
    await harness.localnet.admin.createTokenAccount({
      owner: master.address,
      mint: dust,
      amount: 0n,
    });

    const response = await call('GET', '/api/master-wallet/holdings');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const holdings = masterHoldingsResponseSchema.parse(response.json());
    expect(holdings.public_address).toBe(master.address);
    expect(holdings.lamports).toBe('100000000000');
    expect(
      [...holdings.tokens].sort((left, right) => left.decimals - right.decimals),
    ).toMatchObject([
      { mint: bonk, amount: '7', decimals: 5 },
      { mint: usdc, amount: '2500000', decimals: 6, symbol: 'USDC', name: 'USD Coin' },
    ]);
  });

  it('requires a session for the history reveal and the holdings', async () => {
    for (const [method, url] of [
      ['POST', `/api/history/master-wallet/${crypto.randomUUID()}/reveal`],
      ['GET', '/api/master-wallet/holdings'],
    ] as const) {
      expect((await app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });
});
