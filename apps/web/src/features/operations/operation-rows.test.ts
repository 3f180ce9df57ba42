import type { OperationDetail } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import { operationLine, reportRows } from './operation-rows';

const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

function operation(kind: OperationDetail['kind']): OperationDetail {
  return {
    id: id(1),
    kind,
    status: 'partlyFailed',
    totals: {
      wallets: 2,
      pending: 0,
      sent: 0,
      forwarded: 0,
      succeeded: 1,
      failed: 1,
      plannedLamports: '3000000000',
      succeededLamports: '1000000000',
      failedLamports: '2000000000',
    },
    jobId: null,
    createdAt: '',
    updatedAt: '',
    finishedAt: null,
    report: '',
    feeStrategy: null,
    retryOf: null,
    retriedBy: null,
    items: [
      {
        id: id(2),
        leg: 'direct',
        walletId: null,
        from: 'Master',
        to: 'W1',
        lamports: '1000000000',
        retryOf: null,
        status: 'confirmed',
        failureReason: null,
      },
      {
        id: id(3),
        leg: 'direct',
        walletId: null,
        from: 'Master',
        to: 'W2',
        lamports: '2000000000',
        retryOf: null,
        status: 'failed',
        failureReason: null,
      },
    ],
    transactions: [
      {
        id: id(4),
        state: 'expired',
        signature: 'OldSig',
        itemIds: [id(2)],
        broadcasts: 3,
        failureReason: null,
      },
      {
        id: id(5),
        state: 'confirmed',
        signature: 'Sig1',
        itemIds: [id(2)],
        broadcasts: 1,
        failureReason: null,
      },
      {
        id: id(6),
        state: 'failed',
        signature: 'Sig2',
        itemIds: [id(3)],
        broadcasts: 1,
        failureReason: 'insufficient funds',
      },
    ],
  };
}

describe('an operation report', () => {
  it('lists each recipient with its amount, signature and error', () => {
    expect(reportRows(operation('sol.distribute'))).toEqual([
      expect.objectContaining({
        wallet: 'W1',
        amount: '1.000000 SOL',
        signature: 'Sig1',
        error: null,
      }),
      expect.objectContaining({
        wallet: 'W2',
        status: 'failed',
        signature: 'Sig2',
        error: 'insufficient funds',
      }),
    ]);
  });

  it('names the source wallet of a withdrawal', () => {
    const rows = reportRows({
      ...operation('sol.aggregate'),
      items: operation('sol.aggregate').items.map((item) => ({
        ...item,
        from: `S${item.to}`,
        to: 'Master',
      })),
    });
    expect(rows.map((row) => row.wallet)).toEqual(['SW1', 'SW2']);
  });

  it('sums up the operation in one line', () => {
    expect(operationLine(operation('sol.distribute'))).toBe(
      '1/2 succeeded, 1 failed · 1.000000 of 3.000000 SOL',
    );
    // An SPL transfer's lamports are only rent: its line counts the wallets.
    expect(operationLine(operation('token.withdraw'))).toBe('1/2 succeeded, 1 failed');
  });

  it('shows a token leg in tokens at its mint’s decimals, with the rent moving with it', () => {
    const mint = 'Mint111111111111111111111111111111111111111';
    const tokenItems = (kind: OperationDetail['kind']) => ({
      ...operation(kind),
      items: operation(kind).items.map((item, index) => ({
        ...item,
        leg: 'tokenTransfer' as const,
        from: `Account${index}`,
        to: 'MasterAccount',
        mint,
        program: 'token' as const,
        tokenAmount: '1500000',
        lamports: index === 0 ? '2039280' : '0',
      })),
    });
    const rows = reportRows(tokenItems('token.withdraw'), new Map([[mint, 6]]));
    expect(rows.map((row) => [row.wallet, row.amount])).toEqual([
      ['Account0', '1.5 Mint…1111 + 0.002039 SOL rent'],
      ['Account1', '1.5 Mint…1111'],
    ]);
    // Without the decimals, the raw units, named so.
    expect(reportRows(tokenItems('token.distribute'))[1]?.amount).toBe('1,500,000 raw Mint…1111');
  });
});
