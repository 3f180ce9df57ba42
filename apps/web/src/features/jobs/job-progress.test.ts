import type { JobView, SplTransferReport } from '@fleet/core';
import { describe, expect, it } from 'vitest';
import {
  activeJobLabel,
  finishedToast,
  hasOwnProgressHost,
  progressView,
  readSolReport,
  tokenAccountsClosedToast,
  tokensBurnedToast,
  readSplReport,
  splTransferToast,
} from './job-progress';

const report = {
  operationId: '1c7c4f1f-5a2b-4e3c-8d66-1e6c9a1c3b22',
  phase: 'item' as const,
  endpoint: 'rpc-1',
  wallets: 4,
  succeeded: 2,
  failed: 0,
  pending: 2,
  forwarded: 0,
};

function splReport(
  kind: 'token.withdraw' | 'token.distribute',
  wallets: number,
  succeeded: number,
  errors = 0,
): SplTransferReport {
  return {
    operationId: report.operationId,
    kind,
    totals: {
      processedWallets: wallets,
      totalWallets: wallets,
      succeededWallets: succeeded,
      failedWallets: wallets - succeeded,
      transfers: succeeded,
      closes: 0,
      createdAccounts: 0,
      failedTransfers: errors,
      feeLamports: '5000',
      reclaimedRentLamports: '0',
      accountRentLamports: '0',
    },
    mints: [],
    errors: Array.from({ length: errors }, () => ({
      wallet: 'W',
      tokenAccount: 'A',
      mint: 'M',
      signature: null,
      message: 'failed on chain',
    })),
    done: true,
  };
}

function splJob(
  kind: 'token.withdraw' | 'token.distribute',
  status: JobView['status'],
  wallets: number,
  succeeded: number,
  errors = 0,
): JobView {
  return job({
    kind,
    status,
    isDone: status !== 'running' && status !== 'queued',
    report: splReport(kind, wallets, succeeded, errors),
  });
}

function job(overrides: Partial<JobView> = {}): JobView {
  return {
    id: '0b6b3f0e-4f1a-4d2b-9c55-0d5b8f0b2a11',
    kind: 'sol.distribute',
    status: 'running',
    processedItems: 2,
    totalItems: 4,
    message: '',
    isDone: false,
    cancelRequested: false,
    report,
    createdAt: '',
    updatedAt: '',
    finishedAt: null,
    logs: [],
    ...overrides,
  };
}

describe('a job in the progress dialog', () => {
  it('shows the processed count, the phase and the endpoint, with Close off while running', () => {
    const view = progressView(job());
    expect(view).toMatchObject({
      percent: 50,
      countText: '2 / 4',
      phase: 'item',
      statusText: 'Sending (via rpc-1)',
      canClose: false,
      canCancel: true,
    });
  });

  it('enables Close once done and stops offering Cancel after one was asked', () => {
    expect(progressView(job({ isDone: true, status: 'succeeded' })).canClose).toBe(true);
    const cancelling = progressView(job({ cancelRequested: true }));
    expect(cancelling.canCancel).toBe(false);
    expect(cancelling.statusText).toBe('Cancelling… (via rpc-1)');
  });

  it('reads no report before the job writes one', () => {
    expect(readSolReport(job({ report: null }))).toBeNull();
    expect(progressView(job({ report: null, status: 'queued' })).phase).toBe('queued');
  });
});

describe('the toast a finished job ends with', () => {
  const done = (wallets: number, succeeded: number) =>
    job({ isDone: true, status: 'succeeded', report: { ...report, wallets, succeeded } });

  it('reads distribution results as info, warning or success', () => {
    expect(finishedToast('sol.distribute', done(4, 0))).toEqual({
      title: 'SOL distribution finished',
      description: '0 out of 4 wallets succeeded',
      severity: 'info',
    });
    expect(finishedToast('sol.distribute', done(4, 3))?.severity).toBe('warning');
    expect(finishedToast('sol.distribute', done(4, 4))?.severity).toBe('success');
  });

  it('says a failed distribution or withdrawal failed, with the reason', () => {
    const failed = job({ isDone: true, status: 'failed', message: 'Master wallet not ready' });
    expect(finishedToast('sol.distribute', failed)).toEqual({
      title: 'Distribution failed',
      description: 'Master wallet not ready',
      severity: 'error',
    });
    expect(finishedToast('sol.aggregate', failed)?.title).toBe('SOL withdrawal failed');
  });

  it('counts a withdrawal, or says there was nothing to withdraw', () => {
    expect(finishedToast('sol.aggregate', done(5, 4))).toEqual({
      title: 'Aggregated SOL: 4/5 succeeded',
      severity: 'warning',
    });
    expect(finishedToast('sol.aggregate', done(0, 0))?.title).toBe('No SOL available to withdraw');
  });
});

describe('the toast a finished close ends with', () => {
  const closeReport = {
    totalWallets: 20,
    wallets: [],
    done: true,
    totals: {
      closedAccounts: 59,
      skippedAccounts: 1,
      rentLamports: '120668880',
      feeLamports: '35000',
      profitLamports: '120633880',
    },
  };
  const close = (overrides: Partial<JobView>) =>
    job({ kind: 'token.close', isDone: true, report: closeReport, ...overrides });

  it("counts the job report's closed and skipped accounts, rent and net in SOL to 6 decimals", () => {
    expect(finishedToast('token.close', close({ status: 'succeeded' }))).toEqual({
      title: 'Token Accounts Closed',
      description:
        'Closed 59 account(s), skipped 1 (has balance). Rent reclaimed 0.120668 SOL, net 0.120633 SOL.',
      severity: 'success',
    });
  });

  it('says Close Error with the job’s reason or the spec’s fallback, and nothing for an abort', () => {
    expect(finishedToast('token.close', close({ status: 'failed', message: 'RPC down' }))).toEqual({
      title: 'Close Error',
      description: 'RPC down',
      severity: 'error',
    });
    expect(finishedToast('token.close', close({ status: 'failed' }))?.description).toBe(
      'Server reported an error during close operation',
    );
    expect(finishedToast('token.close', close({ status: 'cancelled' }))).toBeNull();
  });

  it('warns when nothing closed after all', () => {
    expect(
      tokenAccountsClosedToast({
        closedAccounts: 0,
        skippedAccounts: 3,
        rentLamports: '0',
        profitLamports: '0',
      }),
    ).toMatchObject({
      severity: 'warning',
      description:
        'Closed 0 account(s), skipped 3 (has balance). Rent reclaimed 0.000000 SOL, net 0.000000 SOL.',
    });
  });

  it('ends an SPL withdrawal with the spec’s title, a warning when it did not all go through', () => {
    expect(finishedToast('token.withdraw', splJob('token.withdraw', 'succeeded', 3, 3))).toEqual({
      title: 'SPL Token Withdrawal Finished',
      description: '3/3 wallets withdrawn, 3 transfers, 0 error(s)',
      severity: 'success',
    });
    // Succeeded as a job, but a transfer landed failed: the report's errors make it a warning.
    expect(
      finishedToast('token.withdraw', splJob('token.withdraw', 'succeeded', 3, 2, 1))?.severity,
    ).toBe('warning');
    const failed = job({ isDone: true, status: 'failed', message: 'Master wallet not ready' });
    expect(finishedToast('token.withdraw', failed)).toEqual({
      title: 'SPL Token Withdrawal Finished',
      description: 'Master wallet not ready',
      severity: 'warning',
    });
    expect(finishedToast('token.burn', failed)?.title).toBe('Burn Error');
  });
});

describe('the toast a finished burn ends with', () => {
  const burnReport = {
    totalWallets: 3,
    wallets: [],
    done: true,
    totals: {
      burnedTokens: 6,
      closedAccounts: 6,
      failedAccounts: 0,
      rentLamports: '12235680',
      feeLamports: '15000',
      profitLamports: '12220680',
    },
  };
  const burn = (overrides: Partial<JobView>) =>
    job({ kind: 'token.burn', isDone: true, report: burnReport, ...overrides });

  it("counts the job report's burned balances, closed accounts, rent and net in SOL to 6 decimals", () => {
    expect(finishedToast('token.burn', burn({ status: 'succeeded' }))).toEqual({
      title: 'Tokens Burned',
      description:
        'Burned 6 token balance(s), closed 6 account(s). Rent reclaimed 0.012235 SOL, net 0.012220 SOL.',
      severity: 'success',
    });
  });

  it('warns when an account failed on chain or nothing was burned', () => {
    const partly = tokensBurnedToast({
      ...burnReport.totals,
      burnedTokens: 5,
      closedAccounts: 5,
      failedAccounts: 1,
    });
    expect(partly.severity).toBe('warning');
    expect(partly.description).toBe(
      'Burned 5 token balance(s), closed 5 account(s). Rent reclaimed 0.012235 SOL, net 0.012220 SOL. 1 account(s) failed and were left as they were.',
    );
    expect(
      tokensBurnedToast({ ...burnReport.totals, burnedTokens: 0, closedAccounts: 0 }).severity,
    ).toBe('warning');
  });

  it('says Burn Error with the job’s reason or the spec’s fallback, and nothing for an abort', () => {
    expect(finishedToast('token.burn', burn({ status: 'failed', message: 'RPC down' }))).toEqual({
      title: 'Burn Error',
      description: 'RPC down',
      severity: 'error',
    });
    expect(finishedToast('token.burn', burn({ status: 'failed' }))?.description).toBe(
      'Server reported an error during burn operation',
    );
    expect(finishedToast('token.burn', burn({ status: 'cancelled' }))).toBeNull();
  });
});

describe('the jobs with a progress host of their own', () => {
  it('leaves the closes, the burns, the SPL transfers and the scans out of the SOL progress host', () => {
    for (const kind of [
      'token.close',
      'token.burn',
      'token.withdraw',
      'token.distribute',
      'scan.final-truth',
      'scan.quick-refresh',
      'scan.deep',
      'scan.verify',
    ]) {
      expect(hasOwnProgressHost(kind), kind).toBe(true);
    }
    for (const kind of [
      'sol.distribute',
      'sol.aggregate',
      'sol.double_distribution',
      'scan',
      null,
    ]) {
      expect(hasOwnProgressHost(kind), String(kind)).toBe(false);
    }
  });
});

describe('the toast an SPL distribution ends with', () => {
  it('counts the recipients that received as info, warning or success', () => {
    expect(
      finishedToast('token.distribute', splJob('token.distribute', 'succeeded', 5, 5)),
    ).toEqual({
      title: 'SPL distribution finished',
      description: '5 out of 5 wallets succeeded',
      severity: 'success',
    });
    expect(
      splTransferToast('token.distribute', {
        status: 'succeeded',
        message: '',
        report: splReport('token.distribute', 5, 3, 2),
      }).severity,
    ).toBe('warning');
    expect(
      splTransferToast('token.distribute', {
        status: 'cancelled',
        message: 'Cancelled',
        report: splReport('token.distribute', 5, 0, 0),
      }),
    ).toEqual({
      title: 'SPL distribution finished',
      description: '0 out of 5 wallets succeeded',
      severity: 'info',
    });
  });

  it('says a failed distribution failed, with the reason', () => {
    expect(
      splTransferToast('token.distribute', {
        status: 'failed',
        message: 'Master wallet not ready',
        report: null,
      }),
    ).toEqual({
      title: 'Distribution failed',
      description: 'Master wallet not ready',
      severity: 'error',
    });
  });

  it('reads the SPL report only from a job that wrote one', () => {
    expect(readSplReport(job())).toBeNull();
    expect(readSplReport(splJob('token.withdraw', 'running', 2, 1))?.totals.succeededWallets).toBe(
      1,
    );
  });
});

describe('the bottom bar line of a running job', () => {
  it('names the kind in words with its count', () => {
    expect(activeJobLabel({ kind: 'sol.distribute', processedItems: 3, totalItems: 10 })).toBe(
      'Sol distribute 3/10',
    );
  });
});
