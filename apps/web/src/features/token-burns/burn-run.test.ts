import type { BurnTokensEvent } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../../api/api-error';
import {
  appendLog,
  BURN_LOG_KEPT,
  BURN_LOG_SHOWN,
  burnOutcomeToast,
  burnProgressView,
  burnRunReducer,
  burnStartFailedText,
  flooredProfit,
  IDLE_BURN_RUN,
  shownLog,
  type BurnRunAction,
  type BurnRunState,
} from './burn-run';

const JOB_ID = '6f1d2c3b-4a5e-4f60-8a71-92b3c4d5e6f7';
const WALLET = 'Ab3dEfGh1JkLmNoPqRsTuVwXyZ23456789abcdefghij';

const start: BurnTokensEvent = { event: 'start', data: { totalWallets: 2, jobId: JOB_ID } };
const wallet = (processed: number, burned: number, failed = 0): BurnTokensEvent => ({
  event: 'wallet',
  data: {
    processedWallets: processed,
    totalWallets: 2,
    burnedInThisWallet: burned,
    closedInThisWallet: burned,
    wallet: WALLET,
    totals: {
      burnedTokens: burned * processed,
      closedAccounts: burned * processed,
      failedAccounts: failed,
      rentLamports: String(2_039_280 * burned * processed),
      feeLamports: String(5_000 * processed),
      profitLamports: String(2_039_280 * burned * processed - 5_000 * processed),
    },
  },
});
const done: BurnTokensEvent = {
  event: 'done',
  data: {
    totalWallets: 2,
    totalBurnedTokens: 6,
    totalClosedAccounts: 6,
    totalRentLamports: '12235680',
    totalFeeLamports: '10000',
    profitLamports: '12225680',
  },
};

function run(...actions: BurnRunAction[]): BurnRunState {
  return actions.reduce(burnRunReducer, IDLE_BURN_RUN);
}
const event = (e: BurnTokensEvent): BurnRunAction => ({ type: 'event', event: e });

describe('a burn run followed as its stream tells it', () => {
  it('counts processed wallets and carries spec 2 §3’s burn statistics of each wallet event', () => {
    const state = run({ type: 'confirmed' }, event(start), event(wallet(1, 3)));
    expect(state).toMatchObject({
      status: 'running',
      jobId: JOB_ID,
      totalWallets: 2,
      processedWallets: 1,
      totals: { burnedTokens: 3, closedAccounts: 3, rentLamports: '6117840' },
      outcome: null,
    });
    const view = burnProgressView(state);
    expect(view).toMatchObject({
      percent: 50,
      countText: '1 / 2 wallets',
      statusText: 'Burning…',
      canAbort: true,
      canClose: false,
    });
    expect(view.figures).toEqual([
      { label: 'Burned', value: '3' },
      { label: 'Closed', value: '3' },
      { label: 'Rent', value: '0.006117 SOL' },
      { label: 'Fee', value: '0.000005 SOL' },
      { label: 'Profit', value: '0.006112 SOL' },
    ]);
    expect(state.log).toEqual([
      'Starting the burn…',
      'Burning the dust of 2 wallet(s)',
      '1/2 Ab3d…ghij: burned 3, closed 3',
    ]);
  });

  it('ends with the done event’s totals, the failed count kept from the last wallet, and its toast', () => {
    const state = run(
      { type: 'confirmed' },
      event(start),
      event(wallet(1, 3)),
      event(wallet(2, 3, 1)),
      event(done),
    );
    expect(state.status).toBe('ended');
    expect(state.outcome).toEqual({
      kind: 'burned',
      totals: {
        burnedTokens: 6,
        closedAccounts: 6,
        failedAccounts: 1,
        rentLamports: '12235680',
        feeLamports: '10000',
        profitLamports: '12225680',
      },
    });
    const view = burnProgressView(state);
    expect(view).toMatchObject({
      percent: 100,
      statusText: 'Done',
      canAbort: false,
      canClose: true,
    });
    expect(view.figures.map((figure) => figure.label)).toEqual([
      'Burned',
      'Closed',
      'Failed',
      'Rent',
      'Fee',
      'Profit',
    ]);
    expect(state.log.at(-1)).toBe(
      'Done: burned 6, closed 6, failed 1, rent 0.012235 SOL, fee 0.000010 SOL, profit 0.012225 SOL',
    );
    expect(state.outcome && burnOutcomeToast(state.outcome)).toEqual({
      title: 'Tokens Burned',
      description:
        'Burned 6 token balance(s), closed 6 account(s). Rent reclaimed 0.012235 SOL, net 0.012225 SOL. 1 account(s) failed and were left as they were.',
      severity: 'warning',
    });
  });

  it('ends an abort with its totals, logged only, no toast', () => {
    const state = run(
      { type: 'confirmed' },
      event(start),
      event(wallet(1, 3)),
      { type: 'abort-requested' },
      event({ ...done, data: { ...done.data, totalBurnedTokens: 3, totalClosedAccounts: 3 } }),
    );
    expect(state.outcome?.kind).toBe('aborted');
    expect(state.processedWallets).toBe(1);
    expect(burnProgressView(state).statusText).toBe('Aborted');
    expect(state.outcome && burnOutcomeToast(state.outcome)).toBeNull();
    expect(state.log).toContain('Abort requested: the burn stops before its next transaction');
  });

  it('offers Abort only while running and not yet asked, and takes it back when refused', () => {
    const asked = run({ type: 'confirmed' }, event(start), { type: 'abort-requested' });
    expect(burnProgressView(asked)).toMatchObject({ canAbort: false, statusText: 'Aborting…' });
    const refused = burnRunReducer(asked, { type: 'abort-failed', message: 'job finished' });
    expect(burnProgressView(refused).canAbort).toBe(true);
    expect(refused.log.at(-1)).toBe('Abort failed: job finished');
    expect(burnProgressView(run({ type: 'confirmed' })).canAbort).toBe(false);
  });

  it('shows the server’s error event as Burn Error, with the spec’s fallback when it says nothing', () => {
    const state = run(
      { type: 'confirmed' },
      event(start),
      event({ event: 'error', data: { message: ' ' } }),
    );
    expect(state.outcome).toEqual({
      kind: 'error',
      message: 'Server reported an error during burn operation',
    });
    expect(state.outcome && burnOutcomeToast(state.outcome)).toEqual({
      title: 'Burn Error',
      description: 'Server reported an error during burn operation',
      severity: 'error',
    });
    // Nothing after the end changes it.
    expect(burnRunReducer(state, event(done))).toBe(state);
  });

  it('says Burn Failed in the spec’s words when the start is refused or gets no answer', () => {
    const refused = new ApiError(
      409,
      JSON.stringify({ error: 'The plan expired: plan the burn again' }),
      'Conflict',
    );
    expect(burnStartFailedText(refused)).toBe(
      'Burn tokens failed: Conflict - The plan expired: plan the burn again',
    );
    expect(burnStartFailedText(new ApiError(400, '{"error":"Invalid plan id"}'))).toBe(
      'Burn tokens failed: 400 - Invalid plan id',
    );
    const state = run(
      { type: 'confirmed' },
      { type: 'failed', error: new NetworkError('offline') },
    );
    expect(state.outcome).toEqual({
      kind: 'start-failed',
      message: 'Failed to initiate burn operation. Please try again.',
    });
    expect(state.outcome && burnOutcomeToast(state.outcome)).toEqual({
      title: 'Burn Failed',
      description: 'Failed to initiate burn operation. Please try again.',
      severity: 'error',
    });
  });

  it('calls a stream that breaks or ends early lost: the job goes on, no toast here', () => {
    const broke = run({ type: 'confirmed' }, event(start), {
      type: 'failed',
      error: new NetworkError('reset'),
    });
    expect(broke.outcome?.kind).toBe('lost');
    expect(burnProgressView(broke).statusText).toMatch(/^Connection lost \(reset\)/);
    const early = run({ type: 'confirmed' }, event(start), { type: 'stream-ended' });
    expect(early.outcome?.kind).toBe('lost');
    expect(early.outcome && burnOutcomeToast(early.outcome)).toBeNull();
  });

  it('re-attaches to a job by its id and reads its events again from the start', () => {
    const state = run(
      { type: 'attached', jobId: JOB_ID, abortRequested: true },
      event(start),
      event(wallet(1, 2)),
    );
    expect(state).toMatchObject({ status: 'running', jobId: JOB_ID, processedWallets: 1 });
    expect(burnProgressView(state)).toMatchObject({ canAbort: false, statusText: 'Aborting…' });
  });
});

describe('the burn log and statistics', () => {
  it('keeps the newest 400 lines and shows the newest 50 (spec 2 §9)', () => {
    expect(BURN_LOG_KEPT).toBe(400);
    expect(BURN_LOG_SHOWN).toBe(50);
    let log: readonly string[] = [];
    for (let line = 1; line <= 450; line += 1) log = appendLog(log, `line ${line}`);
    expect(log).toHaveLength(400);
    expect(log[0]).toBe('line 51');
    expect(shownLog(log)).toHaveLength(50);
    expect(shownLog(log)[0]).toBe('line 401');
  });

  it('floors the profit at 0 when the fees pass the rent (spec 2 §9)', () => {
    expect(flooredProfit({ rentLamports: '2039280', feeLamports: '5000' })).toBe('2034280');
    expect(flooredProfit({ rentLamports: '0', feeLamports: '5000' })).toBe('0');
    const state = run(
      { type: 'confirmed' },
      event(start),
      event({
        event: 'wallet',
        data: {
          processedWallets: 1,
          totalWallets: 2,
          burnedInThisWallet: 0,
          closedInThisWallet: 0,
          wallet: WALLET,
          totals: {
            burnedTokens: 0,
            closedAccounts: 0,
            failedAccounts: 1,
            rentLamports: '0',
            feeLamports: '5000',
            profitLamports: '0',
          },
        },
      }),
    );
    expect(burnProgressView(state).figures.at(-1)).toEqual({
      label: 'Profit',
      value: '0.000000 SOL',
    });
  });
});
