import type { WithdrawSplTokensPlan } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import {
  canConfirmWithdrawal,
  EVERY_TOKEN,
  keptOpenLines,
  mintChoices,
  withdrawCostLines,
  withdrawMintRows,
  withdrawNotReadyReason,
  withdrawSkippedLines,
  withdrawWalletRows,
} from './withdraw-plan-summary';

const MINT_A = 'MintA11111111111111111111111111111111111111';
const MINT_B = 'MintB22222222222222222222222222222222222222';

function plan(overrides: Partial<WithdrawSplTokensPlan> = {}): WithdrawSplTokensPlan {
  return {
    planId: 'a'.repeat(64),
    kind: 'token.withdraw',
    createdAt: '2025-01-01T00:00:00Z',
    expiresAt: '2025-01-01T00:10:00Z',
    ready: true,
    master: 'Master',
    closeEmptied: true,
    microLamportsPerUnit: '5000',
    totalWallets: 3,
    walletsWithTokens: 2,
    accounts: 3,
    closes: 3,
    mints: [
      {
        mint: MINT_A,
        program: 'token',
        decimals: 6,
        transferFee: null,
        accounts: 2,
        wallets: 2,
        amountRaw: '3000001',
        receivedRaw: '3000001',
        transferFeeRaw: '0',
        masterAccount: 'MasterAtaA',
        masterAccountExists: true,
        masterBeforeRaw: '1000000',
        masterAfterRaw: '4000001',
      },
      {
        mint: MINT_B,
        program: 'token2022',
        decimals: 2,
        transferFee: { basisPoints: 150, maximumFeeRaw: '500' },
        accounts: 1,
        wallets: 1,
        amountRaw: '10000',
        receivedRaw: '9850',
        transferFeeRaw: '150',
        masterAccount: 'MasterAtaB',
        masterAccountExists: false,
        masterBeforeRaw: '0',
        masterAfterRaw: '9850',
      },
    ],
    wallets: [
      {
        wallet: 'W1',
        walletId: null,
        accounts: 2,
        closes: 2,
        skipped: 0,
        rentLamports: '4078560',
        feeLamports: '5150',
      },
      {
        wallet: 'W2',
        walletId: null,
        accounts: 1,
        closes: 1,
        skipped: 1,
        rentLamports: '2039280',
        feeLamports: '5150',
      },
    ],
    transactions: [
      {
        owners: ['W1', 'W2'],
        transfers: 3,
        closes: 3,
        creates: 1,
        signatures: 3,
        sizeBytes: 900,
        computeUnitLimit: 60000,
        feeLamports: '10300',
      },
    ],
    feeLamports: '10300',
    accountRentLamports: '2074080',
    reclaimedRentLamports: '6117840',
    netLamports: '4033460',
    masterLamports: { beforeLamports: '100000000000', afterLamports: '100004033460' },
    skippedAccounts: 1,
    skipped: [
      {
        wallet: 'W2',
        tokenAccount: 'Frozen',
        mint: MINT_A,
        program: 'token',
        amountRaw: '5',
        reason: 'frozen',
      },
    ],
    keptOpen: [],
    problems: [],
    ...overrides,
  };
}

describe('the SPL withdrawal plan summary', () => {
  it('lists the wallets, accounts, transactions, fees, rents, net and the master’s SOL to the lamport', () => {
    expect(withdrawCostLines(plan()).map((line) => [line.label, line.value])).toEqual([
      ['Wallets', '2 of 3 hold tokens to withdraw'],
      ['Token accounts', '3'],
      ['Transactions', '1 (largest 900 bytes)'],
      ['Fees', '0.0000103 SOL'],
      ['Rent of created accounts', '0.00207408 SOL'],
      ['Accounts closed', '3'],
      ['Rent returned by closes', '0.00611784 SOL'],
      ['Net', '+0.00403346 SOL'],
      ['Master SOL before', '100 SOL'],
      ['Master SOL after', '100.00403346 SOL'],
    ]);
  });

  it('leaves the closes out when the emptied accounts stay open, and shows a cost as negative', () => {
    const open = plan({
      closeEmptied: false,
      closes: 0,
      reclaimedRentLamports: '0',
      netLamports: '-2084380',
      masterLamports: { beforeLamports: '2000000', afterLamports: '-84380' },
    });
    const lines = new Map(withdrawCostLines(open).map((line) => [line.label, line.value]));
    expect(lines.has('Accounts closed')).toBe(false);
    expect(lines.get('Net')).toBe('-0.00208438 SOL');
    expect(lines.get('Master SOL after')).toBe('-0.00008438 SOL');
  });

  it('shows per mint what leaves, what the master receives after the transfer fee, and its account', () => {
    expect(withdrawMintRows(plan())).toEqual([
      {
        mint: MINT_A,
        program: 'SPL Token',
        wallets: '2 wallet(s), 2 account(s)',
        amount: '3.000001',
        received: '3.000001',
        transferFee: 'None',
        masterAccount: 'MasterAtaA',
        masterAccountText: 'exists',
        masterAfter: '4.000001',
      },
      {
        mint: MINT_B,
        program: 'Token-2022',
        wallets: '1 wallet(s), 1 account(s)',
        amount: '100',
        received: '98.5',
        transferFee: '1.5 · 1.5% (at most 5)',
        masterAccount: 'MasterAtaB',
        masterAccountText: 'created',
        masterAfter: '98.5',
      },
    ]);
  });

  it('caps the wallet rows and counts the rest', () => {
    const { rows, hidden } = withdrawWalletRows(plan(), 1);
    expect(rows).toEqual([
      { wallet: 'W1', accounts: '2', closes: '2', rent: '0.00407856 SOL', fee: '0.00000515 SOL' },
    ]);
    expect(hidden).toBe(1);
  });

  it('counts the skipped accounts by reason, those not listed one by one too, and the kept-open ones', () => {
    expect(withdrawSkippedLines(plan({ skippedAccounts: 4 }))).toEqual([
      '1 account(s) skipped: frozen',
      '3 more account(s) skipped',
    ]);
    expect(
      keptOpenLines(
        plan({
          keptOpen: [
            { wallet: 'W1', tokenAccount: 'T', mint: MINT_B, reason: 'withheld transfer fees' },
          ],
        }),
      ),
    ).toEqual(['1 emptied account(s) kept open: withheld transfer fees']);
  });

  it('keeps Confirm off for a blocking problem, a plan that sends nothing, or one not ready', () => {
    expect(canConfirmWithdrawal(plan())).toBe(true);
    expect(withdrawNotReadyReason(plan())).toBeNull();
    const noMaster = plan({
      ready: false,
      problems: [
        { code: 'MASTER', message: 'Master wallet not ready', address: null, blocking: true },
      ],
    });
    expect(canConfirmWithdrawal(noMaster)).toBe(false);
    // The blocking problem says why itself.
    expect(withdrawNotReadyReason(noMaster)).toBeNull();
    expect(canConfirmWithdrawal(plan({ transactions: [] }))).toBe(false);
    expect(withdrawNotReadyReason(plan({ transactions: [] }))).toBe(
      'No SPL tokens to withdraw in scope, so Confirm is off.',
    );
    expect(withdrawNotReadyReason(plan({ ready: false }))).toBe(
      'This plan is not ready to run, so Confirm is off: plan again.',
    );
  });

  it('offers every token or one of the mints found as the filter', () => {
    expect(mintChoices(plan())).toEqual([
      { value: EVERY_TOKEN, label: 'Every token (2)' },
      { value: MINT_A, label: `${MINT_A} · SPL Token · 3.000001` },
      { value: MINT_B, label: `${MINT_B} · Token-2022 · 100` },
    ]);
  });
});
