import type { ScanEvent, ScanReport } from '@fleet/chain';

/** Spec 1 §9: the Scan Details dialog shows the last 300 log lines. */
export const SCAN_LOG_LINES = 300;

export interface ScanLogLine {
  readonly at: string;
  readonly level: 'info' | 'warn' | 'error';
  readonly message: string;
}

/** The Scan Details summary of a tenant's last scan (spec 1 §2). */
export interface LastScanSummary {
  readonly finishedAt: string;
  readonly wallets: number;
  readonly durationMs: number;
  readonly throughputWalletsPerMin: number;
  readonly objectsScanned: number;
  readonly rescans: number;
  readonly failedAddresses: number;
  /** Findings: token accounts the scan found. */
  readonly findings: number;
  /** Distinct mints among the findings. */
  readonly tokensFound: number;
}

export interface ScanActivitySnapshot {
  readonly lastScan: LastScanSummary | null;
  readonly logs: readonly ScanLogLine[];
}

/**
 * Per tenant, the last scan's summary and a ring buffer of the scanner's last 300 log lines.
 *
 * Kept in memory only, and that is acceptable: it is diagnostic output for the Scan Details
 * dialog, not a record anyone relies on. A restart empties it (the next scan refills it), each
 * tenant holds at most 300 short lines, and log messages carry addresses and counts, never keys.
 */
export interface ScanActivity {
  /** An `onEvent` for `WalletScanner` that keeps this tenant's log lines. */
  listener(tenantId: string): (event: ScanEvent) => void;
  recordScan(tenantId: string, report: ScanReport): void;
  snapshot(tenantId: string): ScanActivitySnapshot;
}

interface TenantActivity {
  lastScan: LastScanSummary | null;
  /** Ring buffer: `next` is where the next line goes once it is full. */
  readonly lines: ScanLogLine[];
  next: number;
}

export function createScanActivity(
  options: { readonly maxLines?: number; readonly now?: () => Date } = {},
): ScanActivity {
  const maxLines = options.maxLines ?? SCAN_LOG_LINES;
  const now = options.now ?? (() => new Date());
  const tenants = new Map<string, TenantActivity>();

  const activityOf = (tenantId: string): TenantActivity => {
    let activity = tenants.get(tenantId);
    if (!activity) {
      activity = { lastScan: null, lines: [], next: 0 };
      tenants.set(tenantId, activity);
    }
    return activity;
  };

  const append = (activity: TenantActivity, line: ScanLogLine) => {
    if (activity.lines.length < maxLines) {
      activity.lines.push(line);
      return;
    }
    activity.lines[activity.next] = line;
    activity.next = (activity.next + 1) % maxLines;
  };

  return {
    listener(tenantId) {
      const activity = activityOf(tenantId);
      return (event) => {
        if (event.type !== 'log') return;
        append(activity, {
          at: now().toISOString(),
          level: event.level,
          message: event.message,
        });
      };
    },

    recordScan(tenantId, report) {
      const { stats } = report;
      const activity = activityOf(tenantId);
      // The scanner logs as it goes but not its end: one closing line marks where a scan stopped.
      append(activity, {
        at: now().toISOString(),
        level: stats.failedAddresses.length > 0 ? 'warn' : 'info',
        message: `Scanned ${report.results.length} wallet(s) in ${Math.round(stats.durationMs)} ms: ${stats.failedAddresses.length} failed, ${stats.tokenAccountsFound} token account(s) found, ${stats.rescans} rescan(s)`,
      });
      activity.lastScan = {
        finishedAt: now().toISOString(),
        wallets: report.results.length,
        durationMs: stats.durationMs,
        throughputWalletsPerMin: stats.throughputWalletsPerMin,
        objectsScanned: stats.objectsScanned,
        rescans: stats.rescans,
        failedAddresses: stats.failedAddresses.length,
        findings: stats.tokenAccountsFound,
        tokensFound: report.tokens.length,
      };
    },

    snapshot(tenantId) {
      const activity = tenants.get(tenantId);
      if (!activity) return { lastScan: null, logs: [] };
      // Oldest first, newest last.
      const logs = [
        ...activity.lines.slice(activity.next),
        ...activity.lines.slice(0, activity.next),
      ];
      return { lastScan: activity.lastScan, logs };
    },
  };
}
