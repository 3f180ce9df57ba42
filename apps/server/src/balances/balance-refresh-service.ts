import type { KnownWallet, ScanReport, WalletScanner } from '@fleet/chain';
import type { BalanceRefreshProgress, ScanSolBalancesSummary } from '@fleet/core';
import { schema, withTenant, type FleetDatabase, type TenantDatabase } from '@fleet/db';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AuditLog } from '../audit/audit-log';
import type { ScanActivity } from '../scan-details/scan-activity';
import type { Actor } from '../http/actor';
import { upsertTokenAccounts } from '../wallets/token-account-writes';

/** Rows per statement: well under the 65,535 bind parameters of one statement. */
const WRITE_CHUNK = 500;

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

interface StoredWallet {
  readonly id: string;
  readonly address: string;
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
  const { wallets, walletTokenAccounts } = schema;
  const now = context.now ?? (() => new Date());

  async function readFleet(
    tenantId: string,
    traderOnly: boolean,
  ): Promise<{ stored: StoredWallet[]; known: KnownWallet[] }> {
    return withTenant(context.db, tenantId, async (tx) => {
      const stored = await tx
        .select({ id: wallets.id, address: wallets.publicAddress })
        .from(wallets)
        .where(
          and(
            // Row-level security already keeps to the tenant; saying so lets the planner use
            // the (tenant, created_at, id) index of active wallets.
            eq(wallets.tenantId, tenantId),
            isNull(wallets.archivedAt),
            ...(traderOnly ? [eq(wallets.isTrader, true)] : []),
          ),
        )
        .orderBy(wallets.createdAt, wallets.id);
      const accounts = new Map<string, string[]>();
      for (let start = 0; start < stored.length; start += WRITE_CHUNK) {
        const rows = await tx
          .select({
            walletId: walletTokenAccounts.walletId,
            account: walletTokenAccounts.tokenAccount,
          })
          .from(walletTokenAccounts)
          .where(
            inArray(
              walletTokenAccounts.walletId,
              stored.slice(start, start + WRITE_CHUNK).map((wallet) => wallet.id),
            ),
          );
        for (const row of rows) {
          const list = accounts.get(row.walletId) ?? [];
          list.push(row.account);
          accounts.set(row.walletId, list);
        }
      }
      return {
        stored,
        known: stored.map((wallet) => ({
          owner: wallet.address,
          tokenAccounts: accounts.get(wallet.id) ?? [],
        })),
      };
    });
  }

  async function store(
    tx: TenantDatabase,
    tenantId: string,
    stored: readonly StoredWallet[],
    report: ScanReport,
    scannedAt: Date,
  ): Promise<void> {
    const idOf = new Map(stored.map((wallet) => [wallet.address, wallet.id]));
    const read = report.results.flatMap((result) => {
      const walletId = idOf.get(result.owner);
      return result.ok && walletId ? [{ walletId, balances: result.value }] : [];
    });
    const at = scannedAt.toISOString();
    for (let start = 0; start < read.length; start += WRITE_CHUNK) {
      const chunk = read.slice(start, start + WRITE_CHUNK);
      const rows = sql.join(
        chunk.map(
          (entry) => sql`(${entry.walletId}::uuid, ${entry.balances.lamports.toString()}::bigint)`,
        ),
        sql`, `,
      );
      const applied = await tx.execute<{ id: string }>(
        sql`update wallets set lamports = v.lamports, last_scanned_at = ${at}::timestamptz, updated_at = now()
          from (values ${rows}) as v(id, lamports)
          where wallets.id = v.id
            and (wallets.last_scanned_at is null or wallets.last_scanned_at <= ${at}::timestamptz)
          returning wallets.id`,
      );
      const fresh = new Set(applied.rows.map((row) => row.id));
      const current = chunk.filter((entry) => fresh.has(entry.walletId));

      const dropped = current.flatMap((entry) =>
        entry.balances.droppedTokenAccounts.map((account) => ({
          walletId: entry.walletId,
          account,
        })),
      );
      for (let from = 0; from < dropped.length; from += WRITE_CHUNK) {
        const part = dropped.slice(from, from + WRITE_CHUNK);
        await tx.delete(walletTokenAccounts).where(
          and(
            inArray(
              walletTokenAccounts.tokenAccount,
              part.map((entry) => entry.account),
            ),
            inArray(walletTokenAccounts.walletId, [...new Set(part.map((e) => e.walletId))]),
          ),
        );
      }

      await upsertTokenAccounts(
        tx,
        tenantId,
        current.map((entry) => ({
          walletId: entry.walletId,
          scannedAt,
          tokens: entry.balances.tokens,
        })),
        { onlyNewer: true },
      );
    }
  }

  return {
    async refresh(actor, options) {
      const { stored, known } = await readFleet(actor.tenantId, options.traderOnly);
      const total = known.length;
      options.onProgress?.({ processed: 0, total, failed: 0 });
      const log = context.scanActivity?.listener(actor.tenantId);
      // The time the chain was read from, not the time the answer was written: an age never
      // claims numbers fresher than they are.
      const scannedAt = now();
      const report = await context.scanner.rescan(known, {
        ...(options.signal ? { signal: options.signal } : {}),
        onEvent: (event) => {
          log?.(event);
          if (event.type === 'progress') {
            options.onProgress?.({ processed: event.done, total, failed: event.failed });
          }
        },
      });
      context.scanActivity?.recordScan(actor.tenantId, report);
      await withTenant(context.db, actor.tenantId, (tx) =>
        store(tx, actor.tenantId, stored, report, scannedAt),
      );
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
