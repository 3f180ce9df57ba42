import { emptyVerifyReport, type VerifyMismatch, type VerifyReport } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../api/api-error';
import {
  INITIAL_VERIFY,
  SHOWN_MISMATCHES,
  elapsedSeconds,
  mismatchRows,
  verifyConfirmText,
  verifyFigures,
  verifyOutcomes,
  verifyReducer,
  verifyingText,
  type VerifyAction,
  type VerifyState,
} from './verify-state';

const JOB = '11111111-2222-4333-8444-555555555555';
const STARTED_AT = 1_700_000_000_000;

const report = (overrides: Partial<VerifyReport> = {}): VerifyReport => ({
  ...emptyVerifyReport(),
  walletsScanned: 3,
  tokensFound: 9,
  durationSeconds: 75.4,
  walletsMatching: 3,
  ...overrides,
});

const run = (actions: readonly VerifyAction[], from = INITIAL_VERIFY) =>
  actions.reduce(verifyReducer, from);

const toConfirm: VerifyAction[] = [
  { type: 'fetch' },
  { type: 'fetched', wallets: ['a', 'b', 'c'] },
];
const toVerifying: VerifyAction[] = [...toConfirm, { type: 'verify', now: STARTED_AT }];
const toSummary: VerifyAction[] = [
  ...toVerifying,
  { type: 'verified', response: { jobId: JOB, report: report() } },
];

describe('the verify dialog', () => {
  it('opens on the fetch confirmation', () => {
    expect(INITIAL_VERIFY).toEqual({ kind: 'fetchConfirm', error: null });
  });

  it('fetches the wallets, asks, verifies, then shows the summary', () => {
    expect(run([{ type: 'fetch' }])).toEqual({ kind: 'fetching' });
    expect(run(toConfirm)).toEqual({ kind: 'verifyConfirm', walletCount: 3, error: null });
    expect(run(toVerifying)).toEqual({ kind: 'verifying', walletCount: 3, startedAt: STARTED_AT });
    expect(run(toSummary)).toEqual({ kind: 'summary', jobId: JOB, report: report() });
    expect(verifyConfirmText(3)).toMatch(/^Read 3 wallets from the chain/);
    expect(verifyConfirmText(1)).toMatch(/^Read 1 wallet from the chain/);
  });

  it('says "Failed to fetch wallets" with the server’s reason', () => {
    expect(
      run([
        { type: 'fetch' },
        { type: 'fetchFailed', error: new ApiError(500, JSON.stringify({ error: 'Down' })) },
      ]),
    ).toEqual({
      kind: 'fetchConfirm',
      error: { message: 'Failed to fetch wallets', detail: 'Down' },
    });
  });

  it('says "No wallet addresses found." when there is none', () => {
    expect(run([{ type: 'fetch' }, { type: 'fetched', wallets: [] }])).toEqual({
      kind: 'fetchConfirm',
      error: { message: 'No wallet addresses found.', detail: null },
    });
  });

  it('returns to the confirmation with "Verification failed" and the reason', () => {
    const running = new ApiError(
      409,
      JSON.stringify({
        error: 'A scan of this kind is already running',
        code: 'SCAN__SYNC_RUNNING',
        jobId: JOB,
      }),
    );
    expect(run([...toVerifying, { type: 'verifyFailed', error: running }])).toEqual({
      kind: 'verifyConfirm',
      walletCount: 3,
      error: {
        message: 'Verification failed',
        detail: 'A scan of this kind is already running',
      },
    });
    expect(
      run([...toVerifying, { type: 'verifyFailed', error: new NetworkError('Failed to fetch') }]),
    ).toMatchObject({ error: { message: 'Verification failed', detail: 'Failed to fetch' } });
  });

  it('ignores every action that does not belong to the state it is in', () => {
    const states: VerifyState[] = [
      INITIAL_VERIFY,
      run([{ type: 'fetch' }]),
      run(toConfirm),
      run(toVerifying),
      run(toSummary),
    ];
    const actions: VerifyAction[] = [
      { type: 'fetch' },
      { type: 'fetched', wallets: ['a'] },
      { type: 'fetchFailed', error: new Error('x') },
      { type: 'verify', now: STARTED_AT },
      { type: 'verified', response: { jobId: JOB, report: report() } },
      { type: 'verifyFailed', error: new Error('x') },
    ];
    const accepts: Record<VerifyState['kind'], readonly string[]> = {
      fetchConfirm: ['fetch'],
      fetching: ['fetched', 'fetchFailed'],
      verifyConfirm: ['verify'],
      verifying: ['verified', 'verifyFailed'],
      summary: [],
    };
    for (const state of states) {
      for (const action of actions) {
        if (accepts[state.kind].includes(action.type)) continue;
        expect(verifyReducer(state, action), `${state.kind} ← ${action.type}`).toBe(state);
      }
    }
  });
});

describe('the verify counter and summary', () => {
  it('counts whole seconds since the verify was sent', () => {
    expect(elapsedSeconds(STARTED_AT, STARTED_AT + 999)).toBe(0);
    expect(elapsedSeconds(STARTED_AT, STARTED_AT + 12_400)).toBe(12);
    expect(elapsedSeconds(STARTED_AT, STARTED_AT - 5_000)).toBe(0);
    expect(verifyingText(STARTED_AT, STARTED_AT + 1_234_000)).toBe('Verifying… 1,234 s');
  });

  it('lists the report’s figures', () => {
    expect(verifyFigures(report({ walletsMatching: 2, walletsDiffering: 1 }))).toEqual([
      { label: 'Wallets scanned', value: '3' },
      { label: 'Tokens found', value: '9' },
      { label: 'RPC failures', value: '0' },
      { label: 'Duration', value: '1 min 15 s' },
      { label: 'Wallets matching', value: '2' },
      { label: 'Wallets differing', value: '1' },
    ]);
  });

  it('says "Scan completed with errors" when wallets could not be read', () => {
    expect(verifyOutcomes(report({ rpcFailures: 2, walletsMatching: 1 }))).toEqual([
      {
        kind: 'withErrors',
        error: {
          message: 'Scan completed with errors',
          detail: '2 RPC failure(s): those wallets were not compared.',
        },
      },
    ]);
  });

  it('tells differing wallets from a full match', () => {
    expect(verifyOutcomes(report({ walletsMatching: 1, walletsDiffering: 2 }))).toEqual([
      { kind: 'differing', text: '2 wallet(s) differ from the chain.' },
    ]);
    expect(verifyOutcomes(report())).toEqual([{ kind: 'matching' }]);
  });

  it('shows stored against chain SOL exactly, from lamports, with the account counts', () => {
    const mismatch: VerifyMismatch = {
      address: 'walletA',
      storedLamports: '1500000000',
      chainLamports: '1500000001',
      missingAccounts: 1,
      goneAccounts: 0,
      differentAmounts: 1200,
    };
    expect(mismatchRows([mismatch])).toEqual({
      rows: [
        {
          address: 'walletA',
          storedSol: '1.5',
          chainSol: '1.500000001',
          missingAccounts: '1',
          goneAccounts: '0',
          differentAmounts: '1,200',
        },
      ],
      hiddenCount: 0,
    });
  });

  it('keeps an amount above what a float holds exact', () => {
    const huge = '123456789012345678901';
    const { rows } = mismatchRows([
      {
        address: 'walletA',
        storedLamports: huge,
        chainLamports: 'not a number',
        missingAccounts: 0,
        goneAccounts: 0,
        differentAmounts: 0,
      },
    ]);
    expect(rows[0]?.storedSol).toBe('123,456,789,012.345678901');
    // Text outside the contract's digits is shown as sent, never guessed at.
    expect(rows[0]?.chainSol).toBe('not a number');
  });

  it('lists the first mismatches and counts the rest', () => {
    const many = Array.from({ length: SHOWN_MISMATCHES + 7 }, (_, index) => ({
      address: `wallet-${index}`,
      storedLamports: '0',
      chainLamports: String(index),
      missingAccounts: 0,
      goneAccounts: 0,
      differentAmounts: 0,
    }));
    const shown = mismatchRows(many);
    expect(shown.rows).toHaveLength(SHOWN_MISMATCHES);
    expect(shown.rows[0]?.address).toBe('wallet-0');
    expect(shown.hiddenCount).toBe(7);
  });
});
