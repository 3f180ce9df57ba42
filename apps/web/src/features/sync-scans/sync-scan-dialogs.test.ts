import {
  emptyDeepScanReport,
  emptyQuickRefreshReport,
  emptyVerifyReport,
  type DeepScanProgress,
} from '@fleet/core';
import { Fragment, createElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderStatic } from '../../test-support/render-static';
import { deepScanStep, type DeepScanStepHandlers } from './deep-scan-dialog';
import { quickRefreshStep, type QuickRefreshStepHandlers } from './quick-refresh-dialog';
import { verifyStep, type VerifyStepHandlers } from './verify-dialog';

const JOB = '11111111-2222-4333-8444-555555555555';
const never = () => {
  throw new Error('not clicked in a static render');
};

const render = (step: { readonly body: ReactNode; readonly footer: ReactNode }) =>
  renderStatic(createElement(Fragment, null, step.body, step.footer));

const quickOn: QuickRefreshStepHandlers = {
  fetch: never,
  startScan: never,
  startBusy: false,
  cancel: never,
  cancelBusy: false,
  syncAndRefresh: never,
  onClose: never,
};

const deepOn: DeepScanStepHandlers = {
  fetch: never,
  startScan: never,
  startBusy: false,
  cancel: never,
  cancelBusy: false,
  requestUpdate: never,
  backToSummary: never,
  update: never,
  onClose: never,
};

const verifyOn: VerifyStepHandlers = { fetch: never, verify: never, onClose: never };

describe('the Quick Refresh dialog’s steps', () => {
  it('offers Fetch Tokens and shows why the last fetch failed', () => {
    const step = quickRefreshStep(
      {
        kind: 'fetchConfirm',
        error: { message: 'Failed to fetch tokens from database.', detail: 'Down' },
      },
      quickOn,
    );
    const html = render(step);
    expect(html).toContain('Fetch Tokens');
    expect(html).toContain('Failed to fetch tokens from database.');
    expect(html).toContain('Down');
  });

  it('says it joined a running refresh, with its progress and Cancel', () => {
    const step = quickRefreshStep(
      {
        kind: 'progress',
        jobId: JOB,
        joined: true,
        job: null,
        startReport: emptyQuickRefreshReport(5),
        error: null,
      },
      quickOn,
    );
    const html = render(step);
    expect(html).toContain('A quick refresh was already running: this dialog follows it.');
    expect(html).toContain('aria-label="Refresh progress"');
    expect(html).toContain('0 / 5');
    expect(html).toContain('>Cancel<');
  });

  it('reopens on a kept refresh with its progress, counting nothing before the first poll', () => {
    const html = render(
      quickRefreshStep(
        { kind: 'progress', jobId: JOB, joined: false, job: null, startReport: null, error: null },
        quickOn,
      ),
    );
    expect(html).not.toContain('already running');
    expect(html).toContain('aria-label="Refresh progress"');
    expect(html).toContain('—');
    expect(html).toContain('opening Quick Refresh again follows it');
  });

  it('ends with the report and Sync &amp; Refresh', () => {
    const step = quickRefreshStep(
      {
        kind: 'summary',
        jobId: JOB,
        joined: false,
        job: {
          jobId: JOB,
          status: 'succeeded',
          statusMessage: '',
          done: true,
          cancelRequested: false,
          logs: ['done'],
          processedWallets: 5,
          totalWallets: 5,
          report: { ...emptyQuickRefreshReport(5), walletsScanned: 5, rpcFailures: 1 },
        },
      },
      quickOn,
    );
    const html = render(step);
    expect(html).toContain('Sync &amp; Refresh');
    expect(html).toContain('Scan completed with errors');
    expect(html).toContain('5 of 5');
  });
});

const doneScan: DeepScanProgress = {
  jobId: JOB,
  status: 'succeeded',
  statusMessage: '',
  done: true,
  cancelRequested: false,
  logs: [],
  totalWallets: 2,
  scannedWallets: 2,
  report: {
    ...emptyDeepScanReport(),
    walletsScanned: 2,
    rpcFailures: 1,
    scanResults: [
      { addr: 'okWallet1111', status: 'ok', tokensFound: 3, error: null },
      { addr: 'badWallet111', status: 'error', tokensFound: 0, error: 'RPC timeout' },
    ],
  },
};

describe('the Deep Scan dialog’s steps', () => {
  it('shows the report and the results, errors first, with Update', () => {
    const html = render(
      deepScanStep({ kind: 'summary', jobId: JOB, job: doneScan, error: null }, deepOn),
    );
    expect(html).toContain('aria-label="Scan results"');
    expect(html.indexOf('badWallet111')).toBeLessThan(html.indexOf('okWallet1111'));
    expect(html).toContain('RPC timeout');
    expect(html).toContain('Scan completed with errors');
    expect(html).toContain('>Update<');
  });

  it('says an aborted scan was aborted', () => {
    const aborted = { ...doneScan, report: { ...doneScan.report, aborted: true, rpcFailures: 0 } };
    const html = render(
      deepScanStep({ kind: 'summary', jobId: JOB, job: aborted, error: null }, deepOn),
    );
    expect(html).toContain('The scan was aborted');
  });

  it('asks before the update, saying what it writes, with Back', () => {
    const step = deepScanStep(
      { kind: 'updateConfirm', jobId: JOB, job: doneScan, error: null },
      deepOn,
    );
    expect(step.description).toContain('for 1 wallet(s)');
    expect(render(step)).toContain('>Back<');
  });

  it('ends with the update’s details', () => {
    const html = render(
      deepScanStep(
        {
          kind: 'finalSummary',
          jobId: JOB,
          job: doneScan,
          details: {
            walletsUpdated: 1,
            tokensAdded: 2,
            tokensUpdated: 0,
            walletsSkipped: 1,
            walletsNewerKept: 0,
          },
        },
        deepOn,
      ),
    );
    expect(html).toContain('Wallets updated');
    expect(html).toContain('Newer numbers kept');
  });
});

describe('the Verify dialog’s steps', () => {
  it('counts the seconds while it verifies', () => {
    const html = render(
      verifyStep(
        { kind: 'verifying', walletCount: 3, startedAt: Date.now(), following: null, error: null },
        verifyOn,
      ),
    );
    expect(html).toMatch(/Verifying… \d+ s/);
    expect(html).not.toContain('already running');
  });

  it('says it follows the verify already running, with a failed read of it', () => {
    const step = verifyStep(
      {
        kind: 'verifying',
        walletCount: null,
        startedAt: Date.now(),
        following: JOB,
        error: { message: 'Error polling progress', detail: 'Failed to fetch' },
      },
      verifyOn,
    );
    const html = render(step);
    expect(html).toContain('A verify was already running: this dialog follows it');
    expect(html).toMatch(/Verifying… \d+ s/);
    expect(html).toContain('Error polling progress');
    expect(html).not.toContain('Verification failed');
    expect(step.description).toMatch(/^Read the wallets from the chain/);
  });

  it('lists the mismatches with stored and chain SOL', () => {
    const html = render(
      verifyStep(
        {
          kind: 'summary',
          jobId: JOB,
          report: {
            ...emptyVerifyReport(),
            walletsScanned: 1,
            walletsDiffering: 1,
            mismatches: [
              {
                address: 'diffWallet11',
                storedLamports: '1500000000',
                chainLamports: '1500000001',
                missingAccounts: 2,
                goneAccounts: 0,
                differentAmounts: 1,
              },
            ],
          },
        },
        verifyOn,
      ),
    );
    expect(html).toContain('aria-label="Mismatches"');
    expect(html).toContain('1 wallet(s) differ from the chain.');
    expect(html).toContain('>1.5<');
    expect(html).toContain('>1.500000001<');
  });
});
