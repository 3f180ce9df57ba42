import {
  emptyQuickRefreshReport,
  type QuickRefreshProgress,
  type QuickRefreshReport,
} from '@fleet/core';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../api/api-error';
import {
  INITIAL_QUICK_REFRESH,
  followingQuickRefresh,
  quickRefreshEndedToast,
  quickRefreshFigures,
  quickRefreshJobOf,
  quickRefreshOutcome,
  quickRefreshProgressView,
  quickRefreshReducer,
  scanConfirmText,
  type QuickRefreshAction,
  type QuickRefreshState,
} from './quick-refresh-state';

const JOB = '11111111-2222-4333-8444-555555555555';
const OTHER_JOB = '99999999-2222-4333-8444-555555555555';
const TOKENS = { tokenCount: 1200, walletCount: 40 };

function progressOf(
  overrides: Partial<QuickRefreshProgress['progress']> = {},
  report: Partial<QuickRefreshReport> = {},
): QuickRefreshProgress {
  return {
    progress: {
      jobId: JOB,
      status: 'running',
      statusMessage: 'Refreshing: 10 of 40 wallets',
      done: false,
      cancelRequested: false,
      logs: [],
      processedWallets: 10,
      totalWallets: 40,
      report: { ...emptyQuickRefreshReport(40), ...report },
      ...overrides,
    },
  };
}

const run = (actions: readonly QuickRefreshAction[], from = INITIAL_QUICK_REFRESH) =>
  actions.reduce(quickRefreshReducer, from);

const toScanConfirm: QuickRefreshAction[] = [
  { type: 'fetch' },
  { type: 'fetched', tokens: TOKENS },
];
const toProgress: QuickRefreshAction[] = [
  ...toScanConfirm,
  {
    type: 'started',
    start: { success: true, jobId: JOB, joined: false, report: emptyQuickRefreshReport(40) },
  },
];

describe('the quick refresh dialog', () => {
  it('opens on the fetch confirmation, without an error', () => {
    expect(INITIAL_QUICK_REFRESH).toEqual({ kind: 'fetchConfirm', error: null });
  });

  it('fetches the tokens, then asks before the scan with what it will read', () => {
    expect(run([{ type: 'fetch' }])).toEqual({ kind: 'fetching' });
    expect(run(toScanConfirm)).toEqual({ kind: 'scanConfirm', tokens: TOKENS, error: null });
    expect(scanConfirmText(TOKENS)).toContain('40 wallets');
    expect(scanConfirmText(TOKENS)).toContain('1,200 known token accounts');
    expect(scanConfirmText({ tokenCount: 1, walletCount: 1 })).toContain(
      '1 wallet and the amounts of their 1 known token account ',
    );
  });

  it('goes back to the fetch confirmation with the spec’s message when the fetch fails', () => {
    const state = run([
      { type: 'fetch' },
      {
        type: 'fetchFailed',
        error: new ApiError(500, JSON.stringify({ error: 'Database unavailable', code: 'X' })),
      },
    ]);
    expect(state).toEqual({
      kind: 'fetchConfirm',
      error: { message: 'Failed to fetch tokens from database.', detail: 'Database unavailable' },
    });
    // The operator may fetch again from there; the error goes with the retry.
    expect(quickRefreshReducer(state, { type: 'fetch' })).toEqual({ kind: 'fetching' });
  });

  it('refuses to scan when there is no active wallet', () => {
    const state = run([
      { type: 'fetch' },
      { type: 'fetched', tokens: { tokenCount: 0, walletCount: 0 } },
    ]);
    expect(state).toEqual({
      kind: 'fetchConfirm',
      error: { message: 'No wallet addresses found.', detail: null },
    });
  });

  it('follows the started job, and says when it joined one already running', () => {
    expect(run(toProgress)).toEqual({
      kind: 'progress',
      jobId: JOB,
      joined: false,
      job: null,
      startReport: emptyQuickRefreshReport(40),
      error: null,
    });
    const joined = run([
      ...toScanConfirm,
      {
        type: 'started',
        start: { success: true, jobId: JOB, joined: true, report: emptyQuickRefreshReport(40) },
      },
    ]);
    expect(joined).toMatchObject({ kind: 'progress', joined: true });
  });

  it('stays on the scan confirmation with "Failed to start scan: …" when the start fails', () => {
    const refused = run([
      ...toScanConfirm,
      {
        type: 'startFailed',
        error: new ApiError(503, JSON.stringify({ error: 'No healthy RPC endpoint' })),
      },
    ]);
    expect(refused).toEqual({
      kind: 'scanConfirm',
      tokens: TOKENS,
      error: { message: 'Failed to start scan: No healthy RPC endpoint', detail: null },
    });
    const unexplained = run([...toScanConfirm, { type: 'startFailed', error: new TypeError('x') }]);
    expect(unexplained).toMatchObject({ error: { message: 'Failed to start scan.' } });
    // A retried start that succeeds clears the error.
    expect(
      quickRefreshReducer(refused, {
        type: 'started',
        start: { success: true, jobId: JOB, joined: false, report: emptyQuickRefreshReport(40) },
      }),
    ).toMatchObject({ kind: 'progress', error: null });
  });

  it('shows each poll, and moves to the summary when the job is done', () => {
    const polled = run([...toProgress, { type: 'polled', progress: progressOf() }]);
    expect(polled).toMatchObject({ kind: 'progress', job: { processedWallets: 10 } });
    const done = progressOf(
      { status: 'succeeded', done: true, processedWallets: 40 },
      { walletsScanned: 40 },
    );
    expect(quickRefreshReducer(polled, { type: 'polled', progress: done })).toEqual({
      kind: 'summary',
      jobId: JOB,
      joined: false,
      job: done.progress,
    });
  });

  it('ignores the progress of another job', () => {
    const state = run(toProgress);
    expect(
      quickRefreshReducer(state, { type: 'polled', progress: progressOf({ jobId: OTHER_JOB }) }),
    ).toBe(state);
  });

  it('shows a failed poll and clears it when the next poll answers', () => {
    const refused = run([
      ...toProgress,
      { type: 'pollFailed', error: new ApiError(500, JSON.stringify({ error: 'Boom' })) },
    ]);
    expect(refused).toMatchObject({
      kind: 'progress',
      error: { message: 'Failed to fetch progress', detail: 'Boom' },
    });
    const unreachable = run([
      ...toProgress,
      { type: 'pollFailed', error: new NetworkError('Failed to fetch') },
    ]);
    expect(unreachable).toMatchObject({
      error: { message: 'Error polling progress', detail: 'Failed to fetch' },
    });
    expect(quickRefreshReducer(refused, { type: 'polled', progress: progressOf() })).toMatchObject({
      kind: 'progress',
      error: null,
    });
  });

  it('shows a cancel request that did not go through', () => {
    const state = run([
      ...toProgress,
      {
        type: 'cancelFailed',
        error: new ApiError(409, JSON.stringify({ error: 'Already ended' })),
      },
    ]);
    expect(state).toMatchObject({
      kind: 'progress',
      error: { message: 'Failed to send cancel request.', detail: 'Already ended' },
    });
  });

  it('ignores every answer that arrives for a state it has left', () => {
    const states: QuickRefreshState[] = [
      INITIAL_QUICK_REFRESH,
      run([{ type: 'fetch' }]),
      run(toScanConfirm),
      run(toProgress),
      run([
        ...toProgress,
        { type: 'polled', progress: progressOf({ done: true, status: 'succeeded' }) },
      ]),
    ];
    const actions: QuickRefreshAction[] = [
      { type: 'fetch' },
      { type: 'fetched', tokens: TOKENS },
      { type: 'fetchFailed', error: new Error('x') },
      {
        type: 'started',
        start: { success: true, jobId: JOB, joined: false, report: emptyQuickRefreshReport(1) },
      },
      { type: 'startFailed', error: new Error('x') },
      { type: 'polled', progress: progressOf() },
      { type: 'pollFailed', error: new Error('x') },
      { type: 'cancelFailed', error: new Error('x') },
    ];
    const accepts: Record<QuickRefreshState['kind'], readonly string[]> = {
      fetchConfirm: ['fetch'],
      fetching: ['fetched', 'fetchFailed'],
      scanConfirm: ['started', 'startFailed'],
      progress: ['polled', 'pollFailed', 'cancelFailed'],
      summary: [],
    };
    for (const state of states) {
      for (const action of actions) {
        if (accepts[state.kind].includes(action.type)) continue;
        expect(quickRefreshReducer(state, action), `${state.kind} ← ${action.type}`).toBe(state);
      }
    }
  });
});

describe('the quick refresh progress and summary', () => {
  it('counts the start’s report until the first poll, then the job’s wallets', () => {
    const state = run(toProgress);
    if (state.kind !== 'progress') throw new Error('expected progress');
    expect(quickRefreshProgressView(state)).toEqual({
      percent: 0,
      countText: '0 / 40',
      canCancel: true,
    });
    const polled = quickRefreshReducer(state, { type: 'polled', progress: progressOf() });
    if (polled.kind !== 'progress') throw new Error('expected progress');
    expect(quickRefreshProgressView(polled)).toEqual({
      percent: 25,
      countText: '10 / 40',
      canCancel: true,
    });
  });

  it('offers no second Cancel once one was asked', () => {
    const state = run([
      ...toProgress,
      { type: 'polled', progress: progressOf({ cancelRequested: true }) },
    ]);
    if (state.kind !== 'progress') throw new Error('expected progress');
    expect(quickRefreshProgressView(state).canCancel).toBe(false);
  });

  it('lists spec 2 §3’s report', () => {
    const figures = quickRefreshFigures({
      walletsScanned: 40,
      tokensProcessed: 1200,
      tokensUpdated: 12,
      rpcFailures: 0,
      durationSeconds: 12.34,
      solUpdated: 3,
      totalWallets: 40,
    });
    expect(figures).toEqual([
      { label: 'Wallets scanned', value: '40 of 40' },
      { label: 'SOL balances updated', value: '3' },
      { label: 'Token accounts processed', value: '1,200' },
      { label: 'Token accounts updated', value: '12' },
      { label: 'RPC failures', value: '0' },
      { label: 'Duration', value: '12.3 s' },
    ]);
  });

  it('says "Scan completed with errors" when some wallets could not be read', () => {
    const job = progressOf({ status: 'succeeded', done: true }, { rpcFailures: 2 }).progress;
    expect(quickRefreshOutcome(job)).toEqual({
      kind: 'withErrors',
      error: {
        message: 'Scan completed with errors',
        detail: '2 RPC failure(s): those wallets kept their stored numbers.',
      },
    });
  });

  it('says "Failed to perform scan: …" with the job’s reason when it failed', () => {
    const job = progressOf({
      status: 'failed',
      done: true,
      statusMessage: 'The database went away',
    }).progress;
    expect(quickRefreshOutcome(job)).toEqual({
      kind: 'failed',
      error: { message: 'Failed to perform scan: The database went away', detail: null },
    });
  });

  it('tells a cancelled scan from a clean one', () => {
    expect(quickRefreshOutcome(progressOf({ status: 'cancelled', done: true }).progress)).toEqual({
      kind: 'cancelled',
    });
    expect(quickRefreshOutcome(progressOf({ status: 'succeeded', done: true }).progress)).toEqual({
      kind: 'clean',
    });
  });
});

describe('the quick refresh kept open', () => {
  it('reopens on the scan’s progress, counting nothing until the first poll', () => {
    const state = followingQuickRefresh(JOB);
    expect(state).toEqual({
      kind: 'progress',
      jobId: JOB,
      joined: false,
      job: null,
      startReport: null,
      error: null,
    });
    if (state.kind !== 'progress') throw new Error('expected progress');
    expect(quickRefreshProgressView(state)).toEqual({
      percent: 0,
      countText: '—',
      canCancel: true,
    });
    const done = quickRefreshReducer(state, {
      type: 'polled',
      progress: progressOf({ status: 'succeeded', done: true }),
    });
    expect(done).toMatchObject({ kind: 'summary', jobId: JOB });
  });

  it('names the job it follows, and whether its end was seen', () => {
    expect(quickRefreshJobOf(INITIAL_QUICK_REFRESH)).toBeNull();
    expect(quickRefreshJobOf(run(toScanConfirm))).toBeNull();
    expect(quickRefreshJobOf(run(toProgress))).toEqual({ jobId: JOB, ended: false });
    expect(
      quickRefreshJobOf(
        run([
          ...toProgress,
          { type: 'polled', progress: progressOf({ status: 'succeeded', done: true }) },
        ]),
      ),
    ).toEqual({ jobId: JOB, ended: true });
  });

  it('toasts how a refresh ended out of sight', () => {
    const done = (overrides: Partial<QuickRefreshProgress['progress']>, report = {}) =>
      progressOf({ done: true, status: 'succeeded', ...overrides }, report).progress;
    expect(
      quickRefreshEndedToast(done({}, { walletsScanned: 40, solUpdated: 3, tokensUpdated: 1_200 })),
    ).toEqual({
      title: 'Quick Refresh Finished',
      description:
        '40 of 40 wallets refreshed: 3 SOL balance(s) and 1,200 token account(s) updated.',
      severity: 'success',
    });
    expect(quickRefreshEndedToast(done({}, { rpcFailures: 2 }))).toEqual({
      title: 'Quick Refresh Finished',
      description:
        'Scan completed with errors. 2 RPC failure(s): those wallets kept their stored numbers.',
      severity: 'warning',
    });
    expect(quickRefreshEndedToast(done({ status: 'cancelled' }))).toMatchObject({
      description: 'The refresh was cancelled; the wallets read before it stopped were stored.',
      severity: 'warning',
    });
    expect(
      quickRefreshEndedToast(done({ status: 'failed', statusMessage: 'The database went away' })),
    ).toEqual({
      title: 'Quick Refresh',
      description: 'Failed to perform scan: The database went away',
      severity: 'error',
    });
  });
});
