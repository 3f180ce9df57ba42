import type { EndpointPool, PoolStats } from '@fleet/chain';
import type { BackgroundRefreshStatus, LiveBalancesState, ProviderDetail } from '@fleet/core';
import type { ScanActivity, ScanActivitySnapshot } from './scan-activity';

/**
 * `GET /api/scan/details`: the shared pool's stats, the market providers' counters beside them
 * (issue 18; both the server's, not the tenant's), the asking tenant's last scan and logs, and its
 * background refresh (issue 20).
 */
export interface ScanDetails extends ScanActivitySnapshot {
  readonly pool: PoolStats;
  readonly providers: ProviderDetail[];
  readonly backgroundRefresh?: BackgroundRefreshStatus;
  readonly liveBalances: LiveBalancesState | null;
}

export function createScanDetailsService(context: {
  readonly pool: EndpointPool;
  readonly activity: ScanActivity;
  readonly providers: () => ProviderDetail[];
  /** The tenant's background refresh (issue 20): its schedule, state and last round's cost. */
  readonly backgroundRefresh?: (tenantId: string) => Promise<BackgroundRefreshStatus>;
  /** The process's live balances (issue 20), when it runs them. */
  readonly liveBalances: (() => LiveBalancesState | undefined) | undefined;
}) {
  return {
    async details(tenantId: string): Promise<ScanDetails> {
      // One after the other: an embedded database has one connection for both transactions.
      const activity = await context.activity.snapshot(tenantId);
      const backgroundRefresh = await context.backgroundRefresh?.(tenantId);
      return {
        pool: context.pool.stats(),
        providers: context.providers(),
        liveBalances: context.liveBalances?.() ?? null,
        ...activity,
        ...(backgroundRefresh ? { backgroundRefresh } : {}),
      };
    },
  };
}

export type ScanDetailsService = ReturnType<typeof createScanDetailsService>;
