import type { DistributeSplTokensPlan } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import {
  canConfirmTokenDistribution,
  distributeCostLines,
  distributeNotReadyReason,
  distributeSkippedLines,
  recipientRows,
} from './distribute-plan-summary';

const MINT = 'Mint111111111111111111111111111111111111111';

function plan(overrides: Partial<DistributeSplTokensPlan> = {}): DistributeSplTokensPlan {
  return {
    planId: 'b'.repeat(64),
    kind: 'token.distribute',
    createdAt: '2025-01-01T00:00:00Z',
    expiresAt: '2025-01-01T00:10:00Z',
    ready: true,
    master: 'Master',
    mint: { mint: MINT, program: 'token2022', decimals: 6, transferFee: null },
    microLamportsPerUnit: '5000',
    sourceAccount: 'MasterAta',
    masterTokenBeforeRaw: '10000000',
    masterTokenAfterRaw: '7000000',
    amountRaw: '3000000',
    receivedRaw: '3000000',
    transferFeeRaw: '0',
    recipients: [
      {
        address: 'R1',
        walletId: null,
        tokenAccount: 'R1Ata',
        createsAccount: true,
        rentLamports: '2074080',
        amountRaw: '1500000',
        receivedRaw: '1500000',
        beforeRaw: '0',
        afterRaw: '1500000',
      },
      {
        address: 'R2',
        walletId: null,
        tokenAccount: 'R2Ata',
        createsAccount: false,
        rentLamports: '0',
        amountRaw: '1500000',
        receivedRaw: '1500000',
        beforeRaw: '250000',
        afterRaw: '1750000',
      },
    ],
    accountsToCreate: 1,
    rentLamports: '2074080',
    transactions: [
      {
        recipients: 2,
        creates: 1,
        signatures: 1,
        sizeBytes: 500,
        computeUnitLimit: 40000,
        feeLamports: '5200',
      },
    ],
    feeLamports: '5200',
    totalLamports: '2079280',
    masterLamports: { beforeLamports: '1000000000', afterLamports: '997920720' },
    skippedRecipients: 1,
    skipped: [{ address: 'R3', walletId: null, reason: 'zero amount' }],
    problems: [],
    ...overrides,
  };
}

describe('the SPL distribution plan summary', () => {
  it('shows the amount, accounts created and their rent, fees and the master’s tokens and SOL', () => {
    expect(distributeCostLines(plan()).map((line) => [line.label, line.value])).toEqual([
      ['Mint', MINT],
      ['Program', 'Token-2022, 6 decimals'],
      ['Recipients', '2'],
      ['Amount sent', '3'],
      ['Accounts to create', '1'],
      ['Rent of created accounts', '0.00207408 SOL'],
      ['Transactions', '1'],
      ['Fees', '0.0000052 SOL'],
      ['SOL cost', '0.00207928 SOL'],
      ['Master tokens before', '10'],
      ['Master tokens after', '7'],
      ['Master SOL before', '1 SOL'],
      ['Master SOL after', '0.99792072 SOL'],
    ]);
  });

  it('adds the transfer fee and what arrives for a Token-2022 mint that charges one', () => {
    const charged = plan({
      mint: {
        mint: MINT,
        program: 'token2022',
        decimals: 6,
        transferFee: { basisPoints: 100, maximumFeeRaw: '1000000' },
      },
      receivedRaw: '2970000',
      transferFeeRaw: '30000',
    });
    const lines = new Map(distributeCostLines(charged).map((line) => [line.label, line.value]));
    expect(lines.get('Transfer fee')).toBe('0.03 · 1% (at most 1)');
    expect(lines.get('Recipients receive')).toBe('2.97');
  });

  it('lists each recipient with its account, created or not, and its balance before and after', () => {
    const { rows, hidden } = recipientRows(plan(), 5);
    expect(hidden).toBe(0);
    expect(rows).toEqual([
      {
        address: 'R1',
        account: 'created (0.00207408 SOL)',
        amount: '1.5',
        received: '1.5',
        before: '0',
        after: '1.5',
      },
      {
        address: 'R2',
        account: 'exists',
        amount: '1.5',
        received: '1.5',
        before: '0.25',
        after: '1.75',
      },
    ]);
  });

  it('counts the skipped recipients by reason', () => {
    expect(distributeSkippedLines(plan())).toEqual(['1 recipient(s) skipped: amount is 0']);
  });

  it('keeps Confirm off while the master lacks the tokens, or when nothing is sent', () => {
    expect(canConfirmTokenDistribution(plan())).toBe(true);
    const short = plan({
      ready: false,
      masterTokenAfterRaw: '-1',
      problems: [
        {
          code: 'TOKEN_TRANSFER__MASTER_TOKENS_SHORT',
          message: 'The master wallet holds 0 of the mint',
          address: null,
          blocking: true,
        },
      ],
    });
    expect(canConfirmTokenDistribution(short)).toBe(false);
    expect(distributeNotReadyReason(short)).toBeNull();
    expect(
      new Map(distributeCostLines(short).map((l) => [l.label, l.value])).get('Master tokens after'),
    ).toBe('-0.000001');
    const nothing = plan({ ready: false, recipients: [], amountRaw: '0' });
    expect(canConfirmTokenDistribution(nothing)).toBe(false);
    expect(distributeNotReadyReason(nothing)).toBe(
      'Nothing to send, so Confirm is off: every recipient was skipped.',
    );
  });
});
