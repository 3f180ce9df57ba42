import type { TransactionHistoryQuery } from '@fleet/core';
import { schema } from '@fleet/db';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@fleet/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../http/actor';
import { addresses, writeOperation, type WrittenOperation } from './history-fixtures';
import {
  createTransactionHistoryService,
  type TransactionHistoryService,
} from './transaction-history-service';

const NOW = new Date('2026-11-30T01:00:00.000Z');

// A token item's own addresses are token accounts; the record names the wallets behind them.
describe.each(testDatabaseKinds)('the transaction history of token operations on %s', (kind) => {
  let database: TestDatabase;
  let history: TransactionHistoryService;
  let actor: Actor;
  const [
    owner1 = '',
    owner2 = '',
    account1 = '',
    account2 = '',
    masterAta = '',
    mintA = '',
    mintB = '',
  ] = addresses(7);
  let withdrawal: WrittenOperation;
  let mixed: WrittenOperation;
  let close: WrittenOperation;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    history = createTransactionHistoryService({ db: database.db });
    const [tenant] = await database.db
      .insert(schema.tenants)
      .values({})
      .returning({ id: schema.tenants.id });
    const tenantId = tenant?.id ?? '';
    actor = { tenantId, user: { id: '', email: 'tokens@example.com', role: 'operator' } };
    const wallets = await database.db
      .insert(schema.wallets)
      .values(
        [owner1, owner2].map((publicAddress) => ({
          tenantId,
          publicAddress,
          encryptedKey: new Uint8Array(32),
          keyAlgorithm: 'test',
          dataKeyVersion: 1,
          sourceKind: 'manual',
        })),
      )
      .returning({ id: schema.wallets.id });
    const [id1 = '', id2 = ''] = wallets.map((wallet) => wallet.id);
    const transfer = (walletId: string, mint: string, tokenAmount: bigint) => ({
      leg: 'tokenTransfer' as const,
      walletId,
      mint,
      tokenAmount,
    });
    withdrawal = await writeOperation(database.db, tenantId, {
      kind: 'token.withdraw',
      items: [
        { from: account1, to: masterAta, lamports: 0n, token: transfer(id1, mintA, 5n) },
        {
          from: account2,
          to: masterAta,
          lamports: 0n,
          token: transfer(id2, mintA, 18_446_744_073_709_551_615n),
        },
      ],
      transactions: [{ items: [0, 1], state: 'confirmed' }],
      now: NOW,
    });
    mixed = await writeOperation(database.db, tenantId, {
      kind: 'token.withdraw',
      items: [
        { from: account1, to: masterAta, lamports: 0n, token: transfer(id1, mintA, 5n) },
        { from: account1, to: owner2, lamports: 0n, token: transfer(id1, mintB, 7n) },
      ],
      transactions: [{ items: [0, 1], state: 'confirmed' }],
      now: NOW,
    });
    close = await writeOperation(database.db, tenantId, {
      kind: 'token.close',
      items: [
        {
          from: account2,
          to: masterAta,
          lamports: 2_039_280n,
          token: { leg: 'close', walletId: id2, mint: mintB, tokenAmount: null },
        },
      ],
      transactions: [{ items: [0], state: 'confirmed' }],
      now: NOW,
    });
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  const recordOf = async (operation: WrittenOperation) => {
    const { transactions } = await history.page(actor, { filter: 'ops', limit: 100 });
    return transactions.find((record) => record.operationId === operation.operationId);
  };

  it('names a withdrawal by its source wallets and shows the raw tokens it moved', async () => {
    expect(await recordOf(withdrawal)).toMatchObject({
      side: 'withdraw',
      wallet: owner1,
      walletCount: 2,
      amountSol: '0',
      tokens: '18446744073709551620',
    });
  });

  it('leaves the tokens out when one transaction moves several mints', async () => {
    expect(await recordOf(mixed)).toMatchObject({ wallet: owner1, walletCount: 1, tokens: null });
  });

  it('names a close by its owner, not by the closed account', async () => {
    expect(await recordOf(close)).toMatchObject({
      side: 'close',
      wallet: owner2 as TransactionHistoryQuery['wallet'],
      walletCount: 1,
      amountSol: '0.00203928',
      tokens: null,
    });
  });

  it('finds a wallet’s token transactions by the wallet, not only by its accounts', async () => {
    const { transactions } = await history.page(actor, {
      filter: 'all',
      limit: 100,
      wallet: owner2 as TransactionHistoryQuery['wallet'],
    });
    const operations = new Set(transactions.map((record) => record.operationId));
    expect(operations).toEqual(
      new Set([withdrawal.operationId, mixed.operationId, close.operationId]),
    );
    const onlyOwner1 = await history.page(actor, {
      filter: 'all',
      limit: 100,
      wallet: owner1 as TransactionHistoryQuery['wallet'],
    });
    expect(new Set(onlyOwner1.transactions.map((record) => record.operationId))).toEqual(
      new Set([withdrawal.operationId, mixed.operationId]),
    );
  });
});
