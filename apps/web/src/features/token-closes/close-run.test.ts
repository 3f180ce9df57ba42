import type { CloseTokensEvent } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../api/api-error';
import {
  appendLog,
  CLOSE_LOG_KEPT,
  CLOSE_LOG_SHOWN,
  closeOutcomeToast,
  closeProgressView,
  closeRunReducer,
  closeStartFailedText,
  IDLE_CLOSE_RUN,
  shownLog,
  type CloseRunAction,
  type CloseRunState,
} from './close-run';

const JOB_ID = '6f1d2c3b-4a5e-4f60-8a71-92b3c4d5e6f7';
const WALLET = 'Ab3dEfGh1JkLmNoPqRsTuVwXyZ23456789abcdefghij';

const start: CloseTokensEvent = { event: 'start', data: { totalWallets: 2, jobId: JOB_ID } };
const wallet = (processed: number, closed: number): CloseTokensEvent => ({
  event: 'wallet',
  data: {
    processedWallets: processed,
    totalWallets: 2,
    closedInThisWallet: closed,
    skippedInThisWallet: 1,
    wallet: WALLET,
    totals: {
      closedAccounts: closed * processed,
      skippedAccounts: processed,
      rentLamports: String(2_039_280 * closed * processed),
      feeLamports: String(5_000 * processed),
      profitLamports: String(2_039_280 * closed * processed - 5_000 * processed),
    },
  },
});
const done: CloseTokensEvent = {
  event: 'done',
  data: {
    totalWallets: 2,
    totalClosedAccounts: 6,
    totalSkippedAccounts: 2,
    totalRentLamports: '12235680',
    totalFeeLamports: '10000',
    profitLamports: '12225680',
  },
};

function run(...actions: CloseRunAction[]): CloseRunState {
  return actions.reduce(closeRunReducer, IDLE_CLOSE_RUN);
}
const event = (e: CloseTokensEvent): CloseRunAction => ({ type: 'event', event: e });

describe('a close run followed as its stream tells it', () => {
  it('counts processed wallets and carries the running totals of each wallet event', () => {
    const state = run({ type: 'confirmed' }, event(start), event(wallet(1, 3)));
    expect(state).toMatchObject({
      status: 'running',
      jobId: JOB_ID,
      totalWallets: 2,
      processedWallets: 1,
      totals: { closedAccounts: 3, skippedAccounts: 1, rentLamports: '6117840' },
      outcome: null,
    });
    const view = closeProgressView(state);
    expect(view).toMatchObject({ percent: 50, countText: '1 / 2 wallets', canAbort: true });
    expect(view.figures).toEqual([
      { label: 'Closed', value: '3' },
      { label: 'Skipped', value: '1' },
      { label: 'Rent', value: '0.006117 SOL' },
      { label: 'Fee', value: '0.000005 SOL' },
      { label: 'Profit', value: '0.006112 SOL' },
    ]);
    expect(state.log).toEqual([
      'Starting the close…',
      'Closing the empty token accounts of 2 wallet(s)',
      '1/2 Ab3d…ghij: closed 3, skipped 1',
    ]);
  });

  it('ends closed on done, with the final totals and the success toast', () => {
    const state = run({ type: 'confirmed' }, event(start), event(wallet(1, 3)), event(done));
    expect(state.status).toBe('ended');
    expect(state.outcome).toEqual({
      kind: 'closed',
      totals: {
        closedAccounts: 6,
        skippedAccounts: 2,
        rentLamports: '12235680',
        feeLamports: '10000',
        profitLamports: '12225680',
      },
    });
    expect(closeProgressView(state)).toMatchObject({ canClose: true, canAbort: false });
    expect(state.outcome && closeOutcomeToast(state.outcome)).toEqual({
      title: 'Token Accounts Closed',
      description:
        'Closed 6 account(s), skipped 2 (has balance). Rent reclaimed 0.012235 SOL, net 0.012225 SOL.',
      severity: 'success',
    });
    expect(state.log.at(-1)).toBe(
      'Done: closed 6, skipped 2, rent 0.012235 SOL, fee 0.000010 SOL, profit 0.012225 SOL',
    );
  });

  it('ends on the server’s error event with toast Close Error, the spec’s fallback when it says nothing', () => {
    const failed = run(event(start), event({ event: 'error', data: { message: 'RPC down' } }));
    expect(failed.outcome).toEqual({ kind: 'error', message: 'RPC down' });
    expect(failed.outcome && closeOutcomeToast(failed.outcome)).toEqual({
      title: 'Close Error',
      description: 'RPC down',
      severity: 'error',
    });
    const silent = run(event(start), event({ event: 'error', data: { message: '' } }));
    expect(silent.outcome).toEqual({
      kind: 'error',
      message: 'Server reported an error during close operation',
    });
    // Nothing after the end changes it.
    expect(closeRunReducer(failed, event(done))).toBe(failed);
  });

  it('only logs an abort the operator asked for: no toast when the job stops', () => {
    const state = run(event(start), { type: 'abort-requested' }, event(done));
    expect(state.outcome?.kind).toBe('aborted');
    expect(state.outcome && closeOutcomeToast(state.outcome)).toBeNull();
    expect(state.log).toContain('Abort requested: the close stops before its next transaction');
    expect(state.log.at(-1)).toMatch(/^Aborted: closed 6/);
    // A re-attached stream knows the abort from the job, before any event.
    expect(
      run({ type: 'attached', jobId: JOB_ID, abortRequested: true }, event(done)).outcome?.kind,
    ).toBe('aborted');
  });

  it('offers Abort again and logs why when the abort was not accepted', () => {
    const state = run(
      event(start),
      { type: 'abort-requested' },
      { type: 'abort-failed', message: 'Job not found' },
    );
    expect(closeProgressView(state).canAbort).toBe(true);
    expect(state.log.at(-1)).toBe('Abort failed: Job not found');
  });

  it('says Close tokens failed with the status, its text and the server’s sentence when the start is refused', () => {
    const refused = new ApiError(
      400,
      JSON.stringify({ error: 'This plan cannot run: it expired', code: 'SOL_PLAN__NOT_READY' }),
      'Bad Request',
    );
    expect(closeStartFailedText(refused)).toBe(
      'Close tokens failed: 400 Bad Request – This plan cannot run: it expired',
    );
    const state = run({ type: 'confirmed' }, { type: 'failed', error: refused });
    expect(state.outcome).toEqual({
      kind: 'start-failed',
      message: 'Close tokens failed: 400 Bad Request – This plan cannot run: it expired',
    });
    expect(state.outcome && closeOutcomeToast(state.outcome)).toEqual({
      title: 'Close Failed',
      description: 'Close tokens failed: 400 Bad Request – This plan cannot run: it expired',
      severity: 'error',
    });
    expect(closeStartFailedText(new ApiError(502, 'Bad gateway'))).toBe(
      'Close tokens failed: 502 – HTTP 502: Bad gateway',
    );
    expect(closeStartFailedText(new NetworkError('Failed to fetch'))).toBe(
      'Close tokens failed: Failed to fetch',
    );
  });

  it('calls a stream that breaks or ends early after the start lost, with no toast: the job goes on', () => {
    const broke = run(event(start), { type: 'failed', error: new NetworkError('reset') });
    expect(broke.outcome?.kind).toBe('lost');
    expect(broke.outcome && closeOutcomeToast(broke.outcome)).toBeNull();
    expect(run(event(start), { type: 'stream-ended' }).outcome?.kind).toBe('lost');
    // After done the end of the stream is just the end.
    expect(run(event(start), event(done), { type: 'stream-ended' }).outcome?.kind).toBe('closed');
  });
});

describe('the close log', () => {
  it('keeps the last 400 lines and the dialog shows the last 50', () => {
    let log: readonly string[] = [];
    for (let line = 1; line <= 450; line += 1) log = appendLog(log, `line ${line}`);
    expect(CLOSE_LOG_KEPT).toBe(400);
    expect(CLOSE_LOG_SHOWN).toBe(50);
    expect(log).toHaveLength(400);
    expect(log[0]).toBe('line 51');
    expect(shownLog(log)).toHaveLength(50);
    expect(shownLog(log)[0]).toBe('line 401');
    expect(shownLog(log).at(-1)).toBe('line 450');
  });

  it('caps a run’s own log as events arrive', () => {
    let state = run(event(start));
    for (let index = 0; index < 500; index += 1) {
      state = closeRunReducer(state, event(wallet(1, 1)));
    }
    expect(state.log).toHaveLength(400);
  });
});
