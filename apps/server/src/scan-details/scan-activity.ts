import type { ScanEvent, ScanReport } from '@fleet/chain';
import { schema, withTenant, type FleetDatabase, type TenantDatabase } from '@fleet/db';
import { and, desc, eq, sql } from 'drizzle-orm';

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
 * Per tenant, the last scan's summary and the scanner's last 300 log lines.
 *
 * Kept in the database (`scan_log_lines`, `last_scans`), not in memory: the dialog may poll
 * another server process than the one scanning, and a restart should not empty it. Each tenant
 * holds at most `maxLines` short lines (older ones are deleted as new ones are written), and log
 * messages carry addresses and counts, never keys. Row-level security keeps each tenant to its
 * own lines.
 */
export interface ScanActivity {
  /**
   * An `onEvent` for `WalletScanner` that keeps this tenant's log lines. The scanner calls it
   * synchronously, so lines are written in the background, in order; `recordScan` waits for them.
   */
  listener(tenantId: string): (event: ScanEvent) => void;
  recordScan(tenantId: string, report: ScanReport): Promise<void>;
  snapshot(tenantId: string): Promise<ScanActivitySnapshot>;
}

/** Lines still to be written for one tenant, and the write under way. */
interface PendingLines {
  readonly lines: ScanLogLine[];
  written: Promise<void>;
}

export function createScanActivity(options: {
  readonly db: FleetDatabase;
  readonly maxLines?: number;
  readonly now?: () => Date;
  /** A background write of log lines failed: the scan goes on, the lines are lost. */
  readonly onWriteError?: (error: unknown) => void;
}): ScanActivity {
  const { scanLogLines, lastScans } = schema;
  const maxLines = options.maxLines ?? SCAN_LOG_LINES;
  const now = options.now ?? (() => new Date());
  const pending = new Map<string, PendingLines>();

  /** Writes lines oldest first and drops the tenant's lines beyond the newest `maxLines`. */
  async function appendLines(tx: TenantDatabase, tenantId: string, lines: readonly ScanLogLine[]) {
    if (lines.length === 0) return;
    await tx.insert(scanLogLines).values(
      lines.map((line) => ({
        tenantId,
        at: new Date(line.at),
        level: line.level,
        message: line.message,
      })),
    );
    await tx.delete(scanLogLines).where(
      and(
        eq(scanLogLines.tenantId, tenantId),
        sql`${scanLogLines.id} <= (select id from scan_log_lines where tenant_id = ${tenantId}::uuid
          order by id desc offset ${maxLines} limit 1)`,
      ),
    );
  }

  async function drain(tenantId: string, entry: PendingLines): Promise<void> {
    // Lines logged in the same tick go in one statement.
    await Promise.resolve();
    try {
      while (entry.lines.length > 0) {
        const lines = entry.lines.splice(0);
        await withTenant(options.db, tenantId, (tx) => appendLines(tx, tenantId, lines));
      }
    } catch (error) {
      options.onWriteError?.(error);
    } finally {
      pending.delete(tenantId);
    }
  }

  const enqueue = (tenantId: string, line: ScanLogLine) => {
    const entry = pending.get(tenantId);
    if (entry) {
      entry.lines.push(line);
      return;
    }
    const started: PendingLines = { lines: [line], written: Promise.resolve() };
    pending.set(tenantId, started);
    started.written = drain(tenantId, started);
  };

  return {
    listener(tenantId) {
      return (event) => {
        if (event.type !== 'log') return;
        enqueue(tenantId, {
          at: now().toISOString(),
          level: event.level,
          message: event.message,
        });
      };
    },

    async recordScan(tenantId, report) {
      const { stats } = report;
      await pending.get(tenantId)?.written;
      const summary = {
        finishedAt: now(),
        wallets: report.results.length,
        durationMs: stats.durationMs,
        throughputWalletsPerMin: stats.throughputWalletsPerMin,
        objectsScanned: stats.objectsScanned,
        rescans: stats.rescans,
        failedAddresses: stats.failedAddresses.length,
        findings: stats.tokenAccountsFound,
        tokensFound: report.tokens.length,
      };
      await withTenant(options.db, tenantId, async (tx) => {
        // The scanner logs as it goes but not its end: one closing line marks where a scan stopped.
        await appendLines(tx, tenantId, [
          {
            at: now().toISOString(),
            level: stats.failedAddresses.length > 0 ? 'warn' : 'info',
            message: `Scanned ${report.results.length} wallet(s) in ${Math.round(stats.durationMs)} ms: ${stats.failedAddresses.length} failed, ${stats.tokenAccountsFound} token account(s) found, ${stats.rescans} rescan(s)`,
          },
        ]);
        await tx
          .insert(lastScans)
          .values({ tenantId, ...summary })
          .onConflictDoUpdate({ target: lastScans.tenantId, set: summary });
      });
    },

    async snapshot(tenantId) {
      return withTenant(options.db, tenantId, async (tx) => {
        const [last] = await tx.select().from(lastScans);
        const newest = await tx
          .select({ at: scanLogLines.at, level: scanLogLines.level, message: scanLogLines.message })
          .from(scanLogLines)
          .where(eq(scanLogLines.tenantId, tenantId))
          .orderBy(desc(scanLogLines.id))
          .limit(maxLines);
        const lastScan: LastScanSummary | null = last
          ? {
              finishedAt: last.finishedAt.toISOString(),
              wallets: last.wallets,
              durationMs: last.durationMs,
              throughputWalletsPerMin: last.throughputWalletsPerMin,
              objectsScanned: last.objectsScanned,
              rescans: last.rescans,
              failedAddresses: last.failedAddresses,
              findings: last.findings,
              tokensFound: last.tokensFound,
            }
          : null;
        // Oldest first, newest last.
        const logs = newest.reverse().map((line) => ({
          at: line.at.toISOString(),
          level: line.level,
          message: line.message,
        }));
        return { lastScan, logs };
      });
    },
  };
}
