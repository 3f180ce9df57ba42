import type { WalletScanner } from '@fleet/chain';
import type { BalanceRefreshProgress, ScanSolBalancesSummary } from '@fleet/core';
import { withTenant, type FleetDatabase } from '@fleet/db';
import type { AuditLog } from '../audit/audit-log';
import type { ScanActivity } from '../scan-details/scan-activity';
import type { Actor } from '../http/actor';
import { writeRefreshedBalances } from '../wallets/repository';
import { readKnownFleet, refreshReadsOf } from './fleet-reads';

export interface BalanceRefreshOptions {
  readonly traderOnly: boolean;
  readonly signal?: AbortSignal;
  /** Wallets processed so far, as the scanner reports them (at most every 250 ms, and at the end). */
  readonly onProgress?: (progress: BalanceRefreshProgress) => void;
}

export interface BalanceRefreshService {
  /** `GET /api/scan-sol-balances`: re-scan the fleet's balances and store them. */
  refresh(actor: Actor, options: BalanceRefreshOptions): Promise<ScanSolBalancesSummary>;
}

/**
 * The fleet's balances re-read from the chain and stored: SOL of every active wallet and the
 * amounts of the token accounts already known, through the scanner's re-scan (getMultipleAccounts,
 * 100 accounts a call: (1 + T) / 100 calls per wallet). New token accounts are not looked for;
 * that is the cold scan's job at 2 calls per wallet.
 *
 * Nothing is held open across the RPC calls: the wallets are read in one tenant transaction, the
 * chain is read outside any, and what it said is written in one more. A wallet whose read failed
 * keeps its stored numbers and its old scan time, so its age says how stale it is. A write never
 * replaces numbers read later by another refresh (another tab, another server process): rows
 * move only forward in `last_scanned_at`.
 */
export function createBalanceRefreshService(context: {
  readonly db: FleetDatabase;
  readonly scanner: WalletScanner;
  readonly scanActivity?: ScanActivity;
  readonly audit: AuditLog;
  readonly now?: () => Date;
}): BalanceRefreshService {
  const now = context.now ?? (() => new Date());

  return {
    async refresh(actor, options) {
      // 1. the fleet and its known token accounts, in a short transaction of its own
      const { stored, known } = await readKnownFleet(
        context.db,
        actor.tenantId,
        options.traderOnly,
      );
      const total = known.length;
      options.onProgress?.({ processed: 0, total, failed: 0 });
      const log = context.scanActivity?.listener(actor.tenantId);
      // The time the chain was read from, not the time the answer was written: an age never
      // claims numbers fresher than they are.
      const scannedAt = now();
      // 2. the chain read outside any transaction, the log lines going to Scan Details
      const report = await context.scanner.rescan(known, {
        ...(options.signal ? { signal: options.signal } : {}),
        onEvent: (event) => {
          log?.(event);
          if (event.type === 'progress') {
            options.onProgress?.({ processed: event.done, total, failed: event.failed });
          }
        },
      });
      await context.scanActivity?.recordScan(actor.tenantId, report);
      // 3. what it said written in one more, never over numbers read later
      await withTenant(context.db, actor.tenantId, (tx) =>
        writeRefreshedBalances(tx, actor.tenantId, refreshReadsOf(stored, report), scannedAt),
      );
      // 4. the summary, audited
      const failed = report.failedAddresses.length;
      const summary: ScanSolBalancesSummary = {
        totalScanned: total - failed,
        durationMs: report.stats.durationMs,
        throughputWalletsPerMin: report.stats.throughputWalletsPerMin,
        endpointFailures: Object.fromEntries(
          Object.entries(report.stats.endpointErrors).filter(([, errors]) => errors > 0),
        ),
        failed,
        rpcCalls: report.stats.rpcCalls,
        scannedAt: scannedAt.toISOString(),
      };
      await context.audit.recordSuccess(actor, 'wallet.balance_refresh', {
        traderOnly: options.traderOnly,
        wallets: total,
        scanned: summary.totalScanned,
        failed,
        rpcCalls: summary.rpcCalls,
        failedAddresses: report.failedAddresses,
      });
      return summary;
    },
  };
}
