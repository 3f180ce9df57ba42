import type { CloseTokensPlan } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import {
  closePlanFigures,
  feeAndRentNote,
  planRefusal,
  scopeText,
  skippedRows,
} from './close-plan-view';

const MASTER = 'Ma5terWa11etAddre55111111111111111111111111';
const OWNER = 'Ab3dEfGh1JkLmNoPqRsTuVwXyZ23456789abcdefghij';

function plan(overrides: Partial<CloseTokensPlan> = {}): CloseTokensPlan {
  const blockers = { 'has balance': 1, frozen: 1, 'withheld transfer fees': 0 };
  return {
    planId: 'a'.repeat(64),
    createdAt: '2025-01-01T00:00:00.000Z',
    expiresAt: '2025-01-01T00:10:00.000Z',
    master: MASTER,
    rentDestination: 'master',
    microLamportsPerUnit: '5000',
    forecast: {
      wallets: [],
      totalWallets: 20,
      closableAccounts: 59,
      rentLamports: '121000000',
      feeLamports: '35125',
      netLamports: '120964875',
      blockers,
      transactions: 3,
    },
    transactions: [
      {
        owners: [OWNER],
        feePayer: MASTER,
        accounts: 23,
        signatures: 9,
        size: 1200,
        computeUnitLimit: 1,
        feeLamports: '1',
        rentLamports: '1',
      },
      {
        owners: [OWNER],
        feePayer: MASTER,
        accounts: 23,
        signatures: 8,
        size: 1200,
        computeUnitLimit: 1,
        feeLamports: '1',
        rentLamports: '1',
      },
      {
        owners: [OWNER],
        feePayer: MASTER,
        accounts: 13,
        signatures: 6,
        size: 900,
        computeUnitLimit: 1,
        feeLamports: '1',
        rentLamports: '1',
      },
    ],
    feeLamports: '35125',
    rentLamports: '121000000',
    netLamports: '120964875',
    totalWallets: 20,
    closableAccounts: 59,
    skippedAccounts: 3,
    skipped: [
      {
        wallet: OWNER,
        tokenAccount: 'Acc1111111111111111111111111111111111111111',
        mint: 'Mint111111111111111111111111111111111111111',
        program: 'token2022',
        reason: 'has balance',
      },
      {
        wallet: OWNER,
        tokenAccount: 'Acc2222222222222222222222222222222222222222',
        mint: 'Mint111111111111111111111111111111111111111',
        program: 'token',
        reason: 'frozen',
      },
    ],
    ...overrides,
  };
}

describe('the close plan before Confirm', () => {
  it('shows the scope, closable and skipped accounts by reason, rent, fees, net, transactions, signatures and the rent destination', () => {
    expect(closePlanFigures(plan())).toEqual([
      { label: 'Wallets in scope', value: '20' },
      { label: 'Closable accounts', value: '59' },
      {
        label: 'Skipped accounts',
        value: '3',
        note: '1 has balance · 1 frozen · 0 withheld transfer fees',
      },
      { label: 'Rent reclaimed', value: '0.121000 SOL' },
      { label: 'Fees', value: '0.000035125 SOL' },
      { label: 'Net', value: '0.120964 SOL' },
      { label: 'Transactions', value: '3' },
      { label: 'Signatures', value: '23' },
      {
        label: 'Rent goes to',
        value: 'Master wallet',
        address: MASTER,
        note: 'The master wallet pays every fee and receives the rent.',
      },
    ]);
  });

  it('says each wallet keeps its rent when the operator chose so, and a negative net as such', () => {
    const figures = closePlanFigures(plan({ rentDestination: 'owner', netLamports: '-5000' }));
    expect(figures.find((figure) => figure.label === 'Rent goes to')?.value).toBe(
      'Each wallet keeps its rent',
    );
    expect(figures.find((figure) => figure.label === 'Net')?.value).toBe('-0.000005 SOL');
  });

  it('names the wallets that pay their own fee, one or several', () => {
    const own = (payers: readonly string[]) =>
      plan({
        transactions: payers.map((feePayer) => ({
          owners: [feePayer === MASTER ? OWNER : feePayer],
          feePayer,
          accounts: 25,
          signatures: feePayer === MASTER ? 2 : 1,
          size: 1200,
          computeUnitLimit: 1,
          feeLamports: '1',
          rentLamports: '1',
        })),
      });
    expect(feeAndRentNote(own([MASTER, OWNER]))).toBe(
      'The master wallet pays every fee but that of 1 wallet paying its own (it signs once instead of twice); the master wallet receives the rent.',
    );
    expect(feeAndRentNote({ ...own([OWNER, OWNER, MASTER]), rentDestination: 'owner' })).toBe(
      'The master wallet pays every fee but those of 2 wallets paying their own (each signs once instead of twice); each wallet keeps the rent of its accounts.',
    );
    expect(feeAndRentNote(own([MASTER]))).toBe(
      'The master wallet pays every fee and receives the rent.',
    );
  });

  it('lists the skipped accounts with their program and reason, and counts those not listed', () => {
    const { rows, unlisted } = skippedRows(plan());
    expect(rows.map((row) => [row.program, row.reason])).toEqual([
      ['Token-2022', 'has balance'],
      ['Token', 'frozen'],
    ]);
    expect(unlisted).toBe(1);
  });

  it('names the scope: every active wallet, or the selected ones', () => {
    expect(scopeText([])).toMatch(/^Every active wallet/);
    expect(scopeText([OWNER, MASTER])).toMatch(/^2 selected wallet\(s\)/);
  });

  it('names the mints when the close is scoped to some (the Tokens Overview)', () => {
    expect(scopeText([], [MASTER])).toBe(
      `Every active wallet: its zero-balance token accounts of ${MASTER.slice(0, 4)}…${MASTER.slice(-4)}, both token programs, read from the chain now.`,
    );
    expect(scopeText([], [OWNER, MASTER])).toMatch(/ of 2 selected mints, both token programs/);
    expect(scopeText([])).not.toMatch(/ of /);
  });
});

describe('a plan the server refused', () => {
  it('says nothing to close in the spec’s words, as a warning with its toast', () => {
    const error = new ApiError(
      400,
      JSON.stringify({
        error: 'Nothing to close - No zero-balance token accounts found in scope.',
        code: 'TOKEN_CLOSE__NOTHING_TO_CLOSE',
      }),
    );
    expect(planRefusal(error)).toEqual({
      kind: 'warning',
      text: 'Nothing to close - No zero-balance token accounts found in scope.',
      toast: {
        title: 'Nothing to close',
        description: 'No zero-balance token accounts found in scope.',
        severity: 'warning',
      },
    });
  });

  it('shows any other refusal in the server’s words as an error', () => {
    const error = new ApiError(
      409,
      JSON.stringify({ error: 'Master wallet not ready', code: 'SOL_PLAN__MASTER_NOT_READY' }),
    );
    expect(planRefusal(error)).toEqual({
      kind: 'error',
      text: 'Master wallet not ready',
      toast: null,
    });
    expect(planRefusal(new Error('schema mismatch')).text).toBe('The close could not be planned.');
  });
});
