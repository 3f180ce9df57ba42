import { describe, expect, it } from 'vitest';
import { transactionHistoryQuerySchema, transactionRecordSchema } from '../api/transaction-history';
import {
  EXPIRED_TRANSACTION_ERROR,
  historyCategoryOf,
  transactionHistoryRecord,
  transactionRecordStatusOf,
  transactionSideOf,
  type HistoryTransactionRow,
} from './transaction-history';

const MASTER = 'Mstr1111111111111111111111111111111111111111';
const WALLET = 'Wa11et11111111111111111111111111111111111111';

const row = (overrides: Partial<HistoryTransactionRow> = {}): HistoryTransactionRow => ({
  id: '00000000-0000-4000-8000-000000000001',
  operationId: '00000000-0000-4000-8000-000000000002',
  kind: 'sol.distribute',
  state: 'confirmed',
  signature: '5sig',
  failureReason: null,
  setupStep: null,
  createdAt: new Date('2026-11-28T01:02:03.456Z'),
  firstFrom: MASTER,
  firstTo: WALLET,
  sources: 1,
  destinations: 3,
  lamports: 3_000_000_001n,
  firstOwner: null,
  owners: 0,
  tokenAmount: null,
  ...overrides,
});

describe('the transaction history mapping', () => {
  it('names a token transaction by its owners and shows its raw tokens, not its accounts', () => {
    const withdrawal = transactionHistoryRecord(
      row({
        kind: 'token.withdraw',
        firstFrom: 'TokenAccount1111111111111111111111111111111',
        firstTo: 'MasterAta11111111111111111111111111111111111',
        sources: 4,
        destinations: 1,
        lamports: 0n,
        firstOwner: WALLET,
        owners: 2,
        tokenAmount: '18446744073709551615',
      }),
    );
    expect(withdrawal).toMatchObject({
      side: 'withdraw',
      wallet: WALLET,
      walletCount: 2,
      amountSol: '0',
      tokens: '18446744073709551615',
    });
    // A SOL transaction has no owner figures: its own addresses are the wallets.
    expect(transactionHistoryRecord(row())).toMatchObject({ wallet: WALLET, tokens: null });
  });

  it('maps each ledger kind to its side, and a kind it does not know to a safe one', () => {
    expect(
      [
        'sol.distribute',
        'sol.double_distribution',
        'sol.aggregate',
        'token.close',
        'token.burn',
      ].map(transactionSideOf),
    ).toEqual(['distribute', 'distribute', 'withdraw', 'close', 'burn']);
    expect(['trade.buy', 'trade.sell', 'trade.bundle'].map(transactionSideOf)).toEqual([
      'buy',
      'sell',
      'bundle',
    ]);
    expect(transactionSideOf('trade.snipe')).toBe('trade');
    expect(transactionSideOf('nft.mint')).toBe('other');
    // Names of Object.prototype are not kinds.
    expect(transactionSideOf('constructor')).toBe('other');
    expect(transactionSideOf('toString')).toBe('other');
  });

  it('counts trade.* kinds as trades and every other kind as ops', () => {
    expect(historyCategoryOf('trade.buy')).toBe('trades');
    expect(historyCategoryOf('trade.anything')).toBe('trades');
    expect(historyCategoryOf('sol.aggregate')).toBe('ops');
    expect(historyCategoryOf('token.close')).toBe('ops');
    expect(historyCategoryOf('trades')).toBe('ops');
  });

  it('shows planned, signed and sent as loading, failed and expired as error', () => {
    expect(
      (['planned', 'signed', 'sent', 'confirmed', 'failed', 'expired'] as const).map(
        transactionRecordStatusOf,
      ),
    ).toEqual(['loading', 'loading', 'loading', 'confirmed', 'error', 'error']);
  });

  it('makes a distribution record about its first recipient, with the SOL of every item', () => {
    const record = transactionHistoryRecord(row());
    expect(record).toEqual({
      id: '00000000-0000-4000-8000-000000000001',
      operationId: '00000000-0000-4000-8000-000000000002',
      kind: 'sol.distribute',
      side: 'distribute',
      wallet: WALLET,
      walletCount: 3,
      amountSol: '3.000000001',
      tokens: null,
      txId: '5sig',
      timestamp: '2026-11-28T01:02:03.456Z',
      status: 'confirmed',
      error: null,
    });
    expect(transactionRecordSchema.parse(record)).toEqual(record);
  });

  it('makes a withdrawal record about the wallet the SOL left', () => {
    const record = transactionHistoryRecord(
      row({
        kind: 'sol.aggregate',
        firstFrom: WALLET,
        firstTo: MASTER,
        sources: 2,
        destinations: 1,
      }),
    );
    expect(record).toMatchObject({ side: 'withdraw', wallet: WALLET, walletCount: 2 });
  });

  it('keeps the chain’s failure reason, and names why an expired transaction failed', () => {
    expect(
      transactionHistoryRecord(row({ state: 'failed', failureReason: 'InsufficientFunds' })),
    ).toMatchObject({ status: 'error', error: 'InsufficientFunds' });
    expect(transactionHistoryRecord(row({ state: 'expired' }))).toMatchObject({
      status: 'error',
      error: EXPIRED_TRANSACTION_ERROR,
    });
    expect(transactionHistoryRecord(row({ state: 'sent' }))).toMatchObject({
      status: 'loading',
      error: null,
    });
  });

  it('shows a lookup-table setup step as such, about no wallet and moving no SOL', () => {
    const record = transactionHistoryRecord(
      row({
        setupStep: 0,
        firstFrom: null,
        firstTo: null,
        sources: 0,
        destinations: 0,
        lamports: 0n,
      }),
    );
    expect(record).toMatchObject({
      side: 'lookupTable',
      wallet: null,
      walletCount: 0,
      amountSol: '0',
    });
    expect(transactionRecordSchema.parse(record)).toEqual(record);
  });

  it('reads the query with its defaults and refuses a bad filter, limit or wallet', () => {
    expect(transactionHistoryQuerySchema.parse({})).toEqual({ filter: 'all', limit: 100 });
    expect(transactionHistoryQuerySchema.parse({ filter: 'ops', limit: '500' })).toEqual({
      filter: 'ops',
      limit: 500,
    });
    for (const bad of [
      { filter: 'buys' },
      { limit: '0' },
      { limit: '501' },
      { limit: '1.5' },
      { wallet: 'not-an-address' },
    ]) {
      expect(transactionHistoryQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
