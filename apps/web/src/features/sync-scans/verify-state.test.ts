import {
  emptyVerifyReport,
  exhaustiveSwitchError,
  type JobView,
  type VerifyMismatch,
  type VerifyReport,
} from '@fleet/core';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../api/api-error';
import {
  INITIAL_VERIFY,
  SHOWN_MISMATCHES,
  elapsedSeconds,
  followingVerify,
  mismatchRows,
  verifyConfirmText,
  verifyFigures,
  verifyOutcomes,
  verifyJobOf,
  verifyReducer,
  verifyingText,
  type VerifyAction,
  type VerifyState,
} from './verify-state';

const JOB = '11111111-2222-4333-8444-555555555555';
const RUNNING_JOB = '22222222-2222-4333-8444-555555555555';
const STARTED_AT = 1_700_000_000_000;
const RUNNING_SINCE = '2023-11-14T22:10:00.000Z';

/** The running verify's job as `GET /api/jobs/:id` answers it. */
const runningJob = (overrides: Partial<JobView> = {}): JobView => ({
  id: RUNNING_JOB,
  kind: 'scan.verify',
  status: 'running',
  processedItems: 2,
  totalItems: 5,
  message: 'Scanning: 2 of 5 wallets done',
  isDone: false,
  cancelRequested: false,
  report: null,
  createdAt: RUNNING_SINCE,
  updatedAt: RUNNING_SINCE,
  finishedAt: null,
  logs: [],
  ...overrides,
});
const endedJob = (overrides: Partial<JobView> = {}): JobView =>
  runningJob({
    status: 'succeeded',
    processedItems: 5,
    message: 'Finished: 5 of 5 wallets',
    isDone: true,
    report: report({ walletsScanned: 5, walletsMatching: 4, walletsDiffering: 1 }),
    ...overrides,
  });

/** The 409 of a second verify: the running one's job. */
const refused = new ApiError(
  409,
  JSON.stringify({
    error: 'A scan of this kind is already running',
    code: 'SCAN__SYNC_RUNNING',
    jobId: RUNNING_JOB,
  }),
);

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
    expect(run(toVerifying)).toEqual({
      kind: 'verifying',
      walletCount: 3,
      startedAt: STARTED_AT,
      following: null,
      error: null,
    });
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
    expect(
      run([
        ...toVerifying,
        {
          type: 'verifyFailed',
          error: new ApiError(503, JSON.stringify({ error: 'No RPC endpoint answers' })),
        },
      ]),
    ).toEqual({
      kind: 'verifyConfirm',
      walletCount: 3,
      error: { message: 'Verification failed', detail: 'No RPC endpoint answers' },
    });
    expect(
      run([...toVerifying, { type: 'verifyFailed', error: new NetworkError('Failed to fetch') }]),
    ).toMatchObject({ error: { message: 'Verification failed', detail: 'Failed to fetch' } });
  });

  it('follows the running verify a 409 names, then shows that verify’s report', () => {
    const following = run([...toVerifying, { type: 'verifyFailed', error: refused }]);
    expect(following).toEqual({
      kind: 'verifying',
      walletCount: 3,
      startedAt: STARTED_AT,
      following: RUNNING_JOB,
      error: null,
    });
    expect(verifyJobOf(following)).toBe(RUNNING_JOB);
    // Its job read: its wallets and the time it started, for the counter.
    const polled = verifyReducer(following, { type: 'followed', job: runningJob() });
    expect(polled).toEqual({
      ...following,
      walletCount: 5,
      startedAt: Date.parse(RUNNING_SINCE),
    });
    // Another job's answer changes nothing.
    expect(verifyReducer(polled, { type: 'followed', job: endedJob({ id: JOB }) })).toBe(polled);
    const done = verifyReducer(polled, { type: 'followed', job: endedJob() });
    expect(done).toEqual({
      kind: 'summary',
      jobId: RUNNING_JOB,
      report: report({ walletsScanned: 5, walletsMatching: 4, walletsDiffering: 1 }),
    });
  });

  it('shows a failed read of the followed verify and reads it again', () => {
    const following = run([...toVerifying, { type: 'verifyFailed', error: refused }]);
    const failed = verifyReducer(following, {
      type: 'followFailed',
      error: new NetworkError('Failed to fetch'),
    });
    expect(failed).toMatchObject({
      kind: 'verifying',
      following: RUNNING_JOB,
      error: { message: 'Error polling progress', detail: 'Failed to fetch' },
    });
    expect(verifyReducer(failed, { type: 'followed', job: runningJob() })).toMatchObject({
      kind: 'verifying',
      error: null,
    });
  });

  it('says "Verification failed" when the followed verify failed or is gone', () => {
    const following = run([...toVerifying, { type: 'verifyFailed', error: refused }]);
    expect(
      verifyReducer(following, {
        type: 'followed',
        job: endedJob({ status: 'failed', message: 'RPC down', report: null }),
      }),
    ).toEqual({
      kind: 'verifyConfirm',
      walletCount: 3,
      error: { message: 'Verification failed', detail: 'RPC down' },
    });
    const gone = new ApiError(404, JSON.stringify({ error: 'Job not found', code: 'X' }));
    expect(verifyReducer(following, { type: 'followFailed', error: gone })).toEqual({
      kind: 'verifyConfirm',
      walletCount: 3,
      error: { message: 'Verification failed', detail: 'Job not found' },
    });
    expect(
      verifyReducer(following, {
        type: 'followed',
        job: endedJob({ message: '', report: { walletsScanned: 'many' } }),
      }),
    ).toMatchObject({
      kind: 'verifyConfirm',
      error: { message: 'Verification failed', detail: 'The verify left no report.' },
    });
  });

  it('opens on a running verify (the bottom bar), its wallets unknown until its job is read', () => {
    const state = followingVerify(RUNNING_JOB, STARTED_AT);
    expect(state).toEqual({
      kind: 'verifying',
      walletCount: null,
      startedAt: STARTED_AT,
      following: RUNNING_JOB,
      error: null,
    });
    expect(verifyConfirmText(null)).toMatch(/^Read the wallets from the chain/);
    expect(verifyReducer(state, { type: 'followed', job: runningJob() })).toMatchObject({
      walletCount: 5,
    });
    // Gone before it was read: back to the start.
    const gone = new ApiError(404, JSON.stringify({ error: 'Job not found', code: 'X' }));
    expect(verifyReducer(state, { type: 'followFailed', error: gone })).toEqual({
      kind: 'fetchConfirm',
      error: { message: 'Verification failed', detail: 'Job not found' },
    });
    expect(verifyJobOf(verifyReducer(state, { type: 'followed', job: endedJob() }))).toBe(
      RUNNING_JOB,
    );
  });

  it('ignores every action that does not belong to the state it is in', () => {
    const states: VerifyState[] = [
      INITIAL_VERIFY,
      run([{ type: 'fetch' }]),
      run(toConfirm),
      run(toVerifying),
      run([...toVerifying, { type: 'verifyFailed', error: refused }]),
      run(toSummary),
    ];
    const actions: VerifyAction[] = [
      { type: 'fetch' },
      { type: 'fetched', wallets: ['a'] },
      { type: 'fetchFailed', error: new Error('x') },
      { type: 'verify', now: STARTED_AT },
      { type: 'verified', response: { jobId: JOB, report: report() } },
      { type: 'verifyFailed', error: new Error('x') },
      { type: 'followed', job: endedJob() },
      { type: 'followFailed', error: new Error('x') },
    ];
    // While it waits for its own verify's answer, and while it follows another verify's job.
    const accepts = (state: VerifyState): readonly string[] => {
      switch (state.kind) {
        case 'fetchConfirm':
          return ['fetch'];
        case 'fetching':
          return ['fetched', 'fetchFailed'];
        case 'verifyConfirm':
          return ['verify'];
        case 'verifying':
          return state.following === null
            ? ['verified', 'verifyFailed']
            : ['followed', 'followFailed'];
        case 'summary':
          return [];
        default:
          return exhaustiveSwitchError(state);
      }
    };
    for (const state of states) {
      for (const action of actions) {
        if (accepts(state).includes(action.type)) continue;
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
