import { describe, expect, it } from 'vitest';
import { currentOpenJob, setOpenJob, type OpenJob } from '../jobs/open-job-store';
import {
  keepSyncScanOpen,
  releaseSyncScan,
  syncScanDialogPlan,
  syncScanEndSteps,
} from './sync-scan-open-job';

const JOB = '11111111-2222-4333-8444-555555555555';
const OTHER = '22222222-2222-4333-8444-555555555555';
const kept = (visible: boolean): OpenJob => ({
  jobId: JOB,
  operationId: null,
  kind: 'scan.quick-refresh',
  visible,
});

describe('a sync scan’s dialog and the job kept open', () => {
  it('draws the asked-for dialog, opened on the kept scan of its kind when there is one', () => {
    expect(syncScanDialogPlan({ id: 3 }, null)).toEqual({
      kind: 'dialog',
      key: 'request-3',
      jobId: null,
    });
    expect(syncScanDialogPlan({ id: 4 }, kept(false))).toEqual({
      kind: 'dialog',
      key: 'request-4',
      jobId: JOB,
    });
  });

  it('draws the kept scan’s dialog when it is shown, and nothing while it runs out of sight', () => {
    expect(syncScanDialogPlan(null, kept(true))).toEqual({
      kind: 'dialog',
      key: `job-${JOB}`,
      jobId: JOB,
    });
    expect(syncScanDialogPlan(null, kept(false))).toEqual({ kind: 'none' });
    expect(syncScanDialogPlan(null, null)).toEqual({ kind: 'none' });
  });

  it('keeps the scan the dialog follows open, hides it when closed running, lets it go once seen ended', () => {
    setOpenJob(null);
    expect(keepSyncScanOpen('scan.deep', JOB)).toBe(true);
    // Already kept and shown: nothing new for the bottom bar.
    expect(keepSyncScanOpen('scan.deep', JOB)).toBe(false);
    expect(currentOpenJob()).toEqual({
      jobId: JOB,
      operationId: null,
      kind: 'scan.deep',
      visible: true,
    });
    releaseSyncScan(JOB, false);
    expect(currentOpenJob()).toMatchObject({ jobId: JOB, kind: 'scan.deep', visible: false });
    expect(keepSyncScanOpen('scan.deep', JOB)).toBe(true);
    expect(currentOpenJob()?.visible).toBe(true);
    releaseSyncScan(JOB, true);
    expect(currentOpenJob()).toBeNull();
  });

  it('leaves another operation’s job alone', () => {
    const transfer: OpenJob = {
      jobId: OTHER,
      operationId: null,
      kind: 'token.withdraw',
      visible: true,
    };
    setOpenJob(transfer);
    releaseSyncScan(JOB, false);
    releaseSyncScan(JOB, true);
    expect(currentOpenJob()).toEqual(transfer);
    setOpenJob(null);
  });

  it('toasts an end the page watched out of sight; forgets a quick refresh, keeps a deep scan', () => {
    const hiddenSeen = { hidden: true, seenRunning: true };
    expect(syncScanEndSteps('quickRefresh', hiddenSeen)).toEqual({ toast: true, forget: true });
    expect(syncScanEndSteps('deepScan', hiddenSeen)).toEqual({ toast: true, forget: false });
    // Ended while the page was away (a reload): not announced, a quick refresh still let go.
    const hiddenUnseen = { hidden: true, seenRunning: false };
    expect(syncScanEndSteps('quickRefresh', hiddenUnseen)).toEqual({ toast: false, forget: true });
    expect(syncScanEndSteps('deepScan', hiddenUnseen)).toEqual({ toast: false, forget: false });
    // Its dialog shows the end itself, and is let go when closed.
    for (const kind of ['quickRefresh', 'deepScan'] as const) {
      expect(syncScanEndSteps(kind, { hidden: false, seenRunning: true })).toEqual({
        toast: false,
        forget: false,
      });
    }
  });
});
