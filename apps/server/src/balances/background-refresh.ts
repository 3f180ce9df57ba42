import type { WalletScanner } from '@fleet/chain';
import type { BackgroundRefreshStatus, Clock } from '@fleet/core';
import { withTenant, type FleetDatabase } from '@fleet/db';
import { writeRefreshedBalances } from '../wallets/repository';
import {
  claimRound,
  finishRound,
  readRefreshState,
  releaseRound,
  tenantLastSeen,
  tenantsInUse,
  type RoundFigures,
} from './background-refresh-repository';
import { readKnownFleet, refreshReadsOf } from './fleet-reads';

/** Issue 20's default: every known account of the fleet re-read every 5 minutes. */
export const BACKGROUND_REFRESH_MS = 5 * 60_000;
/** A tenant no one has used a session of for this long is not refreshed (nobody is looking). */
export const BACKGROUND_REFRESH_IDLE_MS = 60 * 60_000;
/**
 * How long a round's lease holds: past it another process may take the tenant, so a process
 * killed mid-round delays the tenant's numbers by at most this. Well above a round of 50,000
 * wallets (a few hundred calls).
 */
const LEASE_MS = 15 * 60_000;
/** How often a process looks for due tenants: a round starts at most this late. */
const MAX_TICK_MS = 60_000;

export const PAUSED_NO_SESSION = 'No one has been signed in for an hour';
export const DISABLED_BY_SETTING = 'Turned off (FLEET_BACKGROUND_REFRESH_MS=0)';

export interface RoundOutcome extends RoundFigures {
  readonly tenantId: string;
}

export interface BackgroundRefresh {
  /** One look: every tenant in use whose round is due and free is refreshed, one at a time. */
  runDueRounds(): Promise<RoundOutcome[]>;
  /** Looks again and again until stopped; `stop` waits for a round in flight to end. */
  start(options: {
    readonly onError: (error: unknown) => void;
    readonly onRound?: (outcome: RoundOutcome) => void;
  }): { stop(): Promise<void> };
  /** Scan Details' `backgroundRefresh` for a tenant. */
  status(tenantId: string): Promise<BackgroundRefreshStatus>;
}

/**
 * The server-side refresh that keeps balances fresh with no one pressing Refresh (issue 20).
 * Each round re-reads every known account of a tenant's active wallets through the scanner's
 * re-scan ((1 + T) / 100 calls a wallet; accounts of many wallets share each getMultipleAccounts)
 * and writes through the balance refresh's guarded write: never over a later read or a newer
 * slot. Nothing a second process needs lives in memory: whose turn a round is, when it is due and
 * what the last one cost are a row per tenant (`background_refreshes`), claimed by one statement.
 * A round is not audited (one every 5 minutes would bury the operators' actions) and does not
 * replace the last scan of Scan Details: its own figures are kept beside it.
 */
export function createBackgroundRefresh(context: {
  readonly db: FleetDatabase;
  readonly scanner: WalletScanner;
  readonly clock: Clock;
  /** 0 turns the refresh off. */
  readonly intervalMs: number;
  readonly idleMs?: number;
}): BackgroundRefresh {
  const { db, scanner, clock, intervalMs } = context;
  const idleMs = context.idleMs ?? BACKGROUND_REFRESH_IDLE_MS;
  const now = () => new Date(clock.now());

  async function refreshTenant(tenantId: string, signal: AbortSignal): Promise<RoundFigures> {
    const startedAt = now();
    const { stored, known } = await readKnownFleet(db, tenantId, false);
    const tokenAccounts = known.reduce((sum, wallet) => sum + wallet.tokenAccounts.length, 0);
    if (known.length === 0) {
      return {
        startedAt,
        finishedAt: startedAt,
        wallets: 0,
        tokenAccounts: 0,
        rpcCalls: 0,
        failed: 0,
        durationMs: 0,
        keptNewer: 0,
      };
    }
    const report = await scanner.rescan(known, { signal });
    const written = await withTenant(db, tenantId, (tx) =>
      writeRefreshedBalances(tx, tenantId, refreshReadsOf(stored, report), startedAt),
    );
    const finishedAt = now();
    return {
      startedAt,
      finishedAt,
      wallets: known.length,
      tokenAccounts,
      rpcCalls: report.stats.rpcCalls,
      failed: report.failedAddresses.length,
      durationMs: finishedAt.getTime() - startedAt.getTime(),
      keptNewer: written.keptNewer,
    };
  }

  async function runDueRounds(signal: AbortSignal): Promise<RoundOutcome[]> {
    if (intervalMs <= 0) return [];
    const at = now();
    const tenants = await tenantsInUse(db, new Date(at.getTime() - idleMs), at);
    const outcomes: RoundOutcome[] = [];
    for (const tenantId of tenants) {
      if (signal.aborted) break;
      const claimedAt = now();
      const claimed = await claimRound(db, tenantId, {
        now: claimedAt,
        nextRoundAt: new Date(claimedAt.getTime() + intervalMs),
        leaseUntil: new Date(claimedAt.getTime() + LEASE_MS),
      });
      if (!claimed) continue;
      try {
        const figures = await refreshTenant(tenantId, signal);
        await finishRound(db, tenantId, figures);
        outcomes.push({ tenantId, ...figures });
      } catch (error) {
        await releaseRound(db, tenantId);
        throw error;
      }
    }
    return outcomes;
  }

  return {
    runDueRounds: () => runDueRounds(new AbortController().signal),

    start({ onError, onRound }) {
      if (intervalMs <= 0) return { stop: () => Promise.resolve() };
      const controller = new AbortController();
      const tickMs = Math.min(MAX_TICK_MS, intervalMs);
      let cancel: (() => void) | null = null;
      let running: Promise<void> = Promise.resolve();
      const look = async () => {
        let outcomes: RoundOutcome[] = [];
        try {
          outcomes = await runDueRounds(controller.signal);
        } catch (error) {
          if (!controller.signal.aborted) onError(error);
        }
        // The next look is scheduled before anyone hears of this one's rounds.
        if (!controller.signal.aborted) cancel = clock.schedule(tick, tickMs);
        for (const outcome of outcomes) onRound?.(outcome);
      };
      const tick = () => {
        running = look();
      };
      tick();
      return {
        async stop() {
          controller.abort(new Error('the server is stopping'));
          cancel?.();
          await running;
        },
      };
    },

    async status(tenantId) {
      const row = await readRefreshState(db, tenantId);
      const lastRound =
        row?.lastStartedAt && row.lastFinishedAt
          ? {
              startedAt: row.lastStartedAt.toISOString(),
              finishedAt: row.lastFinishedAt.toISOString(),
              wallets: row.lastWallets,
              tokenAccounts: row.lastTokenAccounts,
              rpcCalls: row.lastRpcCalls,
              callsPerWallet: row.lastWallets === 0 ? 0 : row.lastRpcCalls / row.lastWallets,
              durationMs: row.lastDurationMs,
              failed: row.lastFailed,
              keptNewer: row.lastStaleSkipped,
            }
          : null;
      const base = {
        rounds: row?.rounds ?? 0,
        lastRound,
        nextRoundAt: row && intervalMs > 0 ? row.nextRoundAt.toISOString() : null,
      };
      if (intervalMs <= 0)
        return { ...base, state: 'disabled', reason: DISABLED_BY_SETTING, intervalMs: 0 };
      const at = now();
      const seen = await tenantLastSeen(db, tenantId, at);
      const idle = seen === null || at.getTime() - seen.getTime() > idleMs;
      return idle
        ? { ...base, state: 'paused', reason: PAUSED_NO_SESSION, intervalMs }
        : { ...base, state: 'active', reason: null, intervalMs };
    },
  };
}
