import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { activeJobsQueryKey } from '../jobs/jobs-api';
import {
  currentOpenJob,
  forgetOpenJob,
  setOpenJob,
  useOpenJob,
  type OpenJob,
} from '../jobs/open-job-store';

/**
 * A sync scan's dialog and the job kept open (`jobs/open-job-store`: sessionStorage, so a reload
 * brings it back, and the bottom bar's running operations, which reopen it). A scan the dialog
 * follows is the job kept open; closing the dialog while it runs keeps following it out of sight.
 */

/** The scan of `kind` kept open, shown or not; null when the job kept open is something else. */
export function useKeptSyncScan(kind: string): OpenJob | null {
  const open = useOpenJob();
  return open?.kind === kind ? open : null;
}

/** What a sync scan's host draws. */
export type SyncScanDialogPlan =
  | { readonly kind: 'none' }
  | {
      readonly kind: 'dialog';
      /** A new key per opening, so a reopened dialog starts afresh. */
      readonly key: string;
      /** The scan the dialog opens on, skipping its confirmations; null: a new scan. */
      readonly jobId: string | null;
    };

/**
 * The dialog the operator asked for from the Sync menu opens on the scan of its kind kept open,
 * when there is one; without a request, the scan kept open is drawn when it is shown (the bottom
 * bar, a reload) and followed out of sight otherwise.
 */
export function syncScanDialogPlan(
  request: { readonly id: number } | null,
  kept: OpenJob | null,
): SyncScanDialogPlan {
  if (request !== null) {
    return { kind: 'dialog', key: `request-${request.id}`, jobId: kept?.jobId ?? null };
  }
  if (kept?.visible === true)
    return { kind: 'dialog', key: `job-${kept.jobId}`, jobId: kept.jobId };
  return { kind: 'none' };
}

/**
 * The dialog follows this scan: it becomes the job kept open, and shown. True when it was not
 * already.
 */
export function keepSyncScanOpen(kind: string, jobId: string): boolean {
  const current = currentOpenJob();
  if (current?.jobId === jobId && current.kind === kind && current.visible) return false;
  setOpenJob({ jobId, operationId: null, kind, visible: true });
  return true;
}

/**
 * While the dialog follows a scan (`jobId`), that scan is the job kept open; a scan newly kept
 * shows in the bottom bar's running operations at once, not at the bar's next look.
 */
export function useKeepSyncScanOpen(kind: string, jobId: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (jobId !== null && keepSyncScanOpen(kind, jobId)) {
      void queryClient.invalidateQueries({ queryKey: activeJobsQueryKey });
    }
  }, [kind, jobId, queryClient]);
}

/**
 * The dialog closed: a scan still running is followed out of sight to its end; one whose end the
 * operator has seen is let go.
 */
export function releaseSyncScan(jobId: string, ended: boolean): void {
  const current = currentOpenJob();
  if (current?.jobId !== jobId) return;
  if (ended) forgetOpenJob(jobId);
  else setOpenJob({ ...current, visible: false });
}

/** How a scan kept open was first read done. */
export interface SyncScanEnd {
  /** Its dialog was not shown. */
  readonly hidden: boolean;
  /** This page read it running before (not so when it ended while the page was away). */
  readonly seenRunning: boolean;
}

/** The scans kept open; all but the deep scan write as they go. */
export type SyncScanKind = 'quickRefresh' | 'deepScan' | 'getAssets';

/** What a kept scan's end does beside re-reading the jobs and what the scan wrote. */
export interface SyncScanEndSteps {
  readonly toast: boolean;
  readonly forget: boolean;
}

export function syncScanEndSteps(kind: SyncScanKind, end: SyncScanEnd): SyncScanEndSteps {
  return {
    // Announced when it ended out of sight while the page watched it; a shown dialog says it
    // itself, and a scan that ended while the page was away was not waited for here.
    toast: end.hidden && end.seenRunning,
    // A quick refresh or a GetAssets scan wrote as it went: nothing is left to look at. A deep
    // scan writes nothing until its Update, so it stays kept, out of sight, and opening Deep Scan
    // shows its report.
    forget: end.hidden && kind !== 'deepScan',
  };
}

/**
 * Calls `onEnd` once, the first time the kept scan is read done (`done` undefined: not read yet),
 * and re-reads the bottom bar's running operations then.
 */
export function useSyncScanEnd(
  kept: OpenJob,
  done: boolean | undefined,
  onEnd: (end: SyncScanEnd) => void,
): void {
  const queryClient = useQueryClient();
  const seenRunning = useRef(false);
  const ended = useRef(false);
  useEffect(() => {
    if (done === false) seenRunning.current = true;
    if (done !== true || ended.current) return;
    ended.current = true;
    void queryClient.invalidateQueries({ queryKey: activeJobsQueryKey });
    onEnd({ hidden: !kept.visible, seenRunning: seenRunning.current });
  }, [done, kept.visible, onEnd, queryClient]);
}

/** A kept scan the server does not know (another tenant's id, a wiped database) is let go. */
export function useForgetGoneScan(jobId: string, gone: boolean): void {
  useEffect(() => {
    if (gone) forgetOpenJob(jobId);
  }, [jobId, gone]);
}
