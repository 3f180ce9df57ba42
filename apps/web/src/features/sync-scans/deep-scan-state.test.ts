import {
  emptyDeepScanReport,
  type DeepScanProgress,
  type DeepScanReport,
  type DeepScanUpdateDetails,
} from '@fleet/core';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../api/api-error';
import {
  INITIAL_DEEP_SCAN,
  deepScanConfirmText,
  deepScanEndedToast,
  deepScanFigures,
  deepScanJobOf,
  deepScanOutcome,
  deepScanProgressView,
  deepScanReducer,
  deepScanResultRows,
  followingDeepScan,
  updateConfirmText,
  updateFigures,
  type DeepScanAction,
  type DeepScanState,
} from './deep-scan-state';
import { UpdateTooLargeError } from './deep-scan-update';

const JOB = '11111111-2222-4333-8444-555555555555';
const RUNNING_JOB = '22222222-2222-4333-8444-555555555555';
const WALLETS = ['walletA', 'walletB', 'walletC'];

const OK = { addr: 'walletA', status: 'ok' as const, tokensFound: 4, error: null };
const FAILED = { addr: 'walletB', status: 'error' as const, tokensFound: 0, error: 'RPC timeout' };

function progressOf(
  overrides: Partial<DeepScanProgress> = {},
  report: Partial<DeepScanReport> = {},
): DeepScanProgress {
  return {
    jobId: JOB,
    status: 'running',
    statusMessage: 'Scanning',
    done: false,
    cancelRequested: false,
    logs: [],
    totalWallets: 3,
    scannedWallets: 1,
    report: { ...emptyDeepScanReport(), ...report },
    ...overrides,
  };
}

const DONE = progressOf(
  { status: 'succeeded', done: true, scannedWallets: 3 },
  { walletsScanned: 2, tokensAdded: 3, tokensUpdated: 1, scanResults: [OK, FAILED] },
);
const DETAILS: DeepScanUpdateDetails = {
  walletsUpdated: 1,
  tokensAdded: 3,
  tokensUpdated: 1,
  walletsSkipped: 1,
  walletsNewerKept: 0,
};

const run = (actions: readonly DeepScanAction[], from = INITIAL_DEEP_SCAN) =>
  actions.reduce(deepScanReducer, from);

const toScanConfirm: DeepScanAction[] = [
  { type: 'fetch' },
  { type: 'fetched', wallets: WALLETS, jobId: JOB },
];
const toScanning: DeepScanAction[] = [...toScanConfirm, { type: 'started', jobId: JOB }];
const toSummary: DeepScanAction[] = [...toScanning, { type: 'polled', progress: DONE }];
const toUpdateConfirm: DeepScanAction[] = [...toSummary, { type: 'requestUpdate' }];
const toUpdating: DeepScanAction[] = [...toUpdateConfirm, { type: 'update' }];

const serverError = (status: number, error: string) =>
  new ApiError(status, JSON.stringify({ error, code: 'X' }));

describe('the deep scan dialog', () => {
  it('opens on the fetch confirmation', () => {
    expect(INITIAL_DEEP_SCAN).toEqual({ kind: 'fetchConfirm', error: null });
  });

  it('fetches the wallets, then asks before the scan, holding the job id it will send', () => {
    expect(run([{ type: 'fetch' }])).toEqual({ kind: 'fetching' });
    expect(run(toScanConfirm)).toEqual({
      kind: 'scanConfirm',
      wallets: WALLETS,
      jobId: JOB,
      error: null,
    });
    expect(deepScanConfirmText(3)).toMatch(/^Scan 3 wallets from the chain/);
    expect(deepScanConfirmText(1)).toMatch(/^Scan 1 wallet from the chain/);
  });

  it('says "No wallet addresses found." when there is none', () => {
    expect(run([{ type: 'fetch' }, { type: 'fetched', wallets: [], jobId: JOB }])).toEqual({
      kind: 'fetchConfirm',
      error: { message: 'No wallet addresses found.', detail: null },
    });
  });

  it('says "Failed to fetch wallet addresses." with the server’s reason', () => {
    expect(
      run([{ type: 'fetch' }, { type: 'fetchFailed', error: serverError(500, 'Database down') }]),
    ).toEqual({
      kind: 'fetchConfirm',
      error: { message: 'Failed to fetch wallet addresses.', detail: 'Database down' },
    });
  });

  it('follows the started job', () => {
    expect(run(toScanning)).toEqual({
      kind: 'scanning',
      jobId: JOB,
      joined: false,
      job: null,
      error: null,
    });
  });

  it('follows the running scan a 409 names instead of starting another', () => {
    const conflict = new ApiError(
      409,
      JSON.stringify({
        error: 'A scan of this kind is already running',
        code: 'SCAN__SYNC_RUNNING',
        jobId: RUNNING_JOB,
      }),
    );
    expect(run([...toScanConfirm, { type: 'startFailed', error: conflict }])).toEqual({
      kind: 'scanning',
      jobId: RUNNING_JOB,
      joined: true,
      job: null,
      error: null,
    });
  });

  it('keeps the same job id for a retried start after a failure', () => {
    const failed = run([
      ...toScanConfirm,
      { type: 'startFailed', error: new NetworkError('Failed to fetch') },
    ]);
    expect(failed).toEqual({
      kind: 'scanConfirm',
      wallets: WALLETS,
      jobId: JOB,
      error: { message: 'Failed to start scan: Failed to fetch', detail: null },
    });
    const refusedWithoutReason = run([
      ...toScanConfirm,
      { type: 'startFailed', error: new ApiError(400, '') },
    ]);
    expect(refusedWithoutReason).toMatchObject({
      error: { message: 'Failed to start scan: HTTP 400' },
    });
  });

  it('shows each poll and moves to the summary when the scan is done', () => {
    const polled = run([...toScanning, { type: 'polled', progress: progressOf() }]);
    expect(polled).toMatchObject({ kind: 'scanning', job: { scannedWallets: 1 } });
    expect(deepScanReducer(polled, { type: 'polled', progress: DONE })).toEqual({
      kind: 'summary',
      jobId: JOB,
      job: DONE,
      error: null,
    });
  });

  it('ignores the progress of another job', () => {
    const state = run(toScanning);
    expect(
      deepScanReducer(state, { type: 'polled', progress: progressOf({ jobId: RUNNING_JOB }) }),
    ).toBe(state);
  });

  it('shows a failed poll and a failed cancel while scanning', () => {
    expect(
      run([...toScanning, { type: 'pollFailed', error: serverError(500, 'Boom') }]),
    ).toMatchObject({ kind: 'scanning', error: { message: 'Failed to fetch progress' } });
    expect(
      run([...toScanning, { type: 'pollFailed', error: new TypeError('not a progress') }]),
    ).toMatchObject({ error: { message: 'Error polling progress', detail: null } });
    expect(
      run([...toScanning, { type: 'cancelFailed', error: serverError(409, 'Already ended') }]),
    ).toMatchObject({
      kind: 'scanning',
      error: { message: 'Failed to send cancel request.', detail: 'Already ended' },
    });
  });

  it('asks before the update, and Back returns to the summary', () => {
    const confirm = run(toUpdateConfirm);
    expect(confirm).toEqual({ kind: 'updateConfirm', jobId: JOB, job: DONE, error: null });
    expect(deepScanReducer(confirm, { type: 'backToSummary' })).toEqual({
      kind: 'summary',
      jobId: JOB,
      job: DONE,
      error: null,
    });
  });

  it('says "No scan summary available." when the scan listed no wallet', () => {
    const empty = progressOf({ status: 'cancelled', done: true }, { aborted: true });
    expect(
      run([...toScanning, { type: 'polled', progress: empty }, { type: 'requestUpdate' }]),
    ).toEqual({
      kind: 'summary',
      jobId: JOB,
      job: empty,
      error: { message: 'No scan summary available.', detail: null },
    });
  });

  it('updates, then shows the final summary', () => {
    expect(run(toUpdating)).toEqual({ kind: 'updating', jobId: JOB, job: DONE });
    expect(run([...toUpdating, { type: 'updated', details: DETAILS }])).toEqual({
      kind: 'finalSummary',
      jobId: JOB,
      job: DONE,
      details: DETAILS,
    });
  });

  it('returns to the update confirmation with "Failed to update Supabase." on failure', () => {
    expect(
      run([...toUpdating, { type: 'updateFailed', error: serverError(409, 'Scan not done') }]),
    ).toEqual({
      kind: 'updateConfirm',
      jobId: JOB,
      job: DONE,
      error: { message: 'Failed to update Supabase.', detail: 'Scan not done' },
    });
    expect(
      run([...toUpdating, { type: 'updateFailed', error: new UpdateTooLargeError('walletA') }]),
    ).toMatchObject({
      error: {
        message: 'Failed to update Supabase.',
        detail: 'The scan result of walletA alone is larger than the server accepts.',
      },
    });
  });

  it('ignores every action that does not belong to the state it is in', () => {
    const states: DeepScanState[] = [
      INITIAL_DEEP_SCAN,
      run([{ type: 'fetch' }]),
      run(toScanConfirm),
      run(toScanning),
      run(toSummary),
      run(toUpdateConfirm),
      run(toUpdating),
      run([...toUpdating, { type: 'updated', details: DETAILS }]),
    ];
    const actions: DeepScanAction[] = [
      { type: 'fetch' },
      { type: 'fetched', wallets: WALLETS, jobId: JOB },
      { type: 'fetchFailed', error: new Error('x') },
      { type: 'started', jobId: JOB },
      { type: 'startFailed', error: new Error('x') },
      { type: 'polled', progress: DONE },
      { type: 'pollFailed', error: new Error('x') },
      { type: 'cancelFailed', error: new Error('x') },
      { type: 'requestUpdate' },
      { type: 'backToSummary' },
      { type: 'update' },
      { type: 'updated', details: DETAILS },
      { type: 'updateFailed', error: new Error('x') },
    ];
    const accepts: Record<DeepScanState['kind'], readonly string[]> = {
      fetchConfirm: ['fetch'],
      fetching: ['fetched', 'fetchFailed'],
      scanConfirm: ['started', 'startFailed'],
      scanning: ['polled', 'pollFailed', 'cancelFailed'],
      summary: ['requestUpdate'],
      updateConfirm: ['backToSummary', 'update'],
      updating: ['updated', 'updateFailed'],
      finalSummary: [],
    };
    for (const state of states) {
      for (const action of actions) {
        if (accepts[state.kind].includes(action.type)) continue;
        expect(deepScanReducer(state, action), `${state.kind} ← ${action.type}`).toBe(state);
      }
    }
  });
});

describe('the deep scan progress and reports', () => {
  it('counts scanned wallets of the total, and Cancel only once', () => {
    expect(deepScanProgressView(null)).toEqual({ percent: 0, countText: '—', canCancel: true });
    expect(deepScanProgressView(progressOf())).toEqual({
      percent: 33,
      countText: '1 / 3',
      canCancel: true,
    });
    expect(deepScanProgressView(progressOf({ cancelRequested: true })).canCancel).toBe(false);
    expect(
      deepScanProgressView(progressOf({ totalWallets: 0, scannedWallets: 0, done: true })),
    ).toMatchObject({ percent: 100, canCancel: false });
  });

  it('lists spec 2 §3’s report, aborted included', () => {
    expect(deepScanFigures(DONE)).toEqual([
      { label: 'Wallets scanned', value: '2 of 3' },
      { label: 'New token accounts', value: '3' },
      { label: 'Changed token amounts', value: '1' },
      { label: 'RPC failures', value: '0' },
      { label: 'Duration', value: '0.0 s' },
      { label: 'Aborted', value: 'No' },
    ]);
    expect(deepScanFigures(progressOf({}, { aborted: true })).at(-1)).toEqual({
      label: 'Aborted',
      value: 'Yes',
    });
  });

  it('tells a failed, an aborted, an erroneous and a clean scan apart', () => {
    expect(
      deepScanOutcome(progressOf({ status: 'failed', done: true, statusMessage: 'RPC down' })),
    ).toEqual({
      kind: 'failed',
      error: { message: 'Failed to scan wallets.', detail: 'RPC down' },
    });
    expect(deepScanOutcome(progressOf({ status: 'cancelled', done: true }))).toEqual({
      kind: 'aborted',
    });
    expect(deepScanOutcome(progressOf({ done: true }, { aborted: true }))).toEqual({
      kind: 'aborted',
    });
    expect(
      deepScanOutcome(progressOf({ status: 'succeeded', done: true }, { rpcFailures: 1 })),
    ).toMatchObject({ kind: 'withErrors', error: { message: 'Scan completed with errors' } });
    expect(deepScanOutcome(DONE)).toEqual({ kind: 'clean' });
  });

  it('says what the update writes and skips', () => {
    const text = updateConfirmText(DONE.report);
    expect(text).toContain('for 1 wallet(s)');
    expect(text).toContain('1 wallet(s) that could not be read are skipped.');
    expect(text).not.toContain('Only the');
    const truncated = updateConfirmText({ ...DONE.report, walletsScanned: 20_000 });
    expect(truncated).toContain('Only the 2 wallets listed in the report are applied.');
  });

  it('lists the scan results with the errors first', () => {
    expect(deepScanResultRows([OK, FAILED])).toEqual([
      { address: 'walletB', status: 'error', tokens: '—', error: 'RPC timeout' },
      { address: 'walletA', status: 'ok', tokens: '4', error: '' },
    ]);
  });

  it('lists the update’s details', () => {
    expect(updateFigures(DETAILS)).toEqual([
      { label: 'Wallets updated', value: '1' },
      { label: 'Token accounts added', value: '3' },
      { label: 'Token accounts updated', value: '1' },
      { label: 'Wallets skipped', value: '1' },
      { label: 'Newer numbers kept', value: '0' },
    ]);
  });
});

describe('the deep scan kept open', () => {
  it('reopens on the scan’s progress, and on its summary once it is read done', () => {
    const state = followingDeepScan(JOB);
    expect(state).toEqual({ kind: 'scanning', jobId: JOB, joined: false, job: null, error: null });
    expect(deepScanReducer(state, { type: 'polled', progress: DONE })).toEqual({
      kind: 'summary',
      jobId: JOB,
      job: DONE,
      error: null,
    });
  });

  it('names the scan it follows; from the summary on, its end was seen', () => {
    expect(deepScanJobOf(INITIAL_DEEP_SCAN)).toBeNull();
    expect(deepScanJobOf(run(toScanConfirm))).toBeNull();
    expect(deepScanJobOf(run(toScanning))).toEqual({ jobId: JOB, ended: false });
    for (const actions of [toSummary, toUpdateConfirm, toUpdating]) {
      expect(deepScanJobOf(run(actions))).toEqual({ jobId: JOB, ended: true });
    }
    expect(deepScanJobOf(run([...toUpdating, { type: 'updated', details: DETAILS }]))).toEqual({
      jobId: JOB,
      ended: true,
    });
  });

  it('toasts how a scan ended out of sight, and where its report waits for the Update', () => {
    const review = 'Open Deep Scan from the Sync menu to review it and Update.';
    expect(deepScanEndedToast(DONE)).toEqual({
      title: 'Deep Scan Finished',
      description: `2 of 3 wallets scanned: 3 new token account(s), 1 changed amount(s). ${review}`,
      severity: 'success',
    });
    expect(deepScanEndedToast(progressOf({ status: 'cancelled', done: true }))).toEqual({
      title: 'Deep Scan Finished',
      description: `The scan was aborted: its report covers the wallets read before it stopped. ${review}`,
      severity: 'warning',
    });
    const withErrors = deepScanEndedToast(
      progressOf({ status: 'succeeded', done: true }, { rpcFailures: 1 }),
    );
    expect(withErrors.severity).toBe('warning');
    expect(withErrors.description).toBe(
      'Scan completed with errors. 1 RPC failure(s): those wallets are skipped by an update. ' +
        review,
    );
    expect(
      deepScanEndedToast(progressOf({ status: 'failed', done: true, statusMessage: 'RPC down' })),
    ).toEqual({
      title: 'Deep Scan',
      description: 'Failed to scan wallets. RPC down',
      severity: 'error',
    });
  });
});
