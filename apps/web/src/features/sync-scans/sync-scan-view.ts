import { SYNC_SCAN_LOG_LINES, type JobStatus } from '@fleet/core';

/** One figure of a report: its name and its value as shown. */
export interface Figure {
  readonly label: string;
  readonly value: string;
}

export const countText = (n: number) => n.toLocaleString('en-US');

/** Seconds as a report shows them: one decimal under a minute, then minutes and seconds. */
export function durationText(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '—';
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}

/** Whole percent of `done` out of `total`; an empty job that ended is complete. */
export function percentOf(done: number, total: number, finished: boolean): number {
  if (total <= 0) return finished ? 100 : 0;
  return Math.min(100, Math.floor((done / total) * 100));
}

/** The newest log lines, oldest first, as the progress dialogs show them. */
export function shownLogLines(logs: readonly string[]): readonly string[] {
  return logs.slice(-SYNC_SCAN_LOG_LINES);
}

const STATUS_WORDS: Readonly<Record<JobStatus, string>> = {
  queued: 'Waiting to start',
  running: 'Scanning',
  succeeded: 'Finished',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** The line under a progress bar: the job's own words, or its status in words. */
export function statusLine(progress: {
  readonly status: JobStatus;
  readonly statusMessage: string;
  readonly done: boolean;
  readonly cancelRequested: boolean;
}): string {
  if (progress.cancelRequested && !progress.done) return 'Cancelling…';
  return progress.statusMessage !== '' ? progress.statusMessage : STATUS_WORDS[progress.status];
}
