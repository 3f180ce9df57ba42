import type { EndpointPool, PoolStats } from '@fleet/chain';
import type { LiveBalancesState, ProviderDetail } from '@fleet/core';
import type { ScanActivity, ScanActivitySnapshot } from './scan-activity';

/**
 * `GET /api/scan/details`: the shared pool's stats, the market providers' counters beside them
 * (issue 18; both the server's, not the tenant's) and the asking tenant's last scan and logs.
 */
export interface ScanDetails extends ScanActivitySnapshot {
  readonly pool: PoolStats;
  readonly providers: ProviderDetail[];
  readonly liveBalances: LiveBalancesState | null;
}

export function createScanDetailsService(context: {
  readonly pool: EndpointPool;
  readonly activity: ScanActivity;
  readonly providers: () => ProviderDetail[];
  /** The process's live balances (issue 20), when it runs them. */
  readonly liveBalances: (() => LiveBalancesState | undefined) | undefined;
}) {
  return {
    async details(tenantId: string): Promise<ScanDetails> {
      return {
        pool: context.pool.stats(),
        providers: context.providers(),
        liveBalances: context.liveBalances?.() ?? null,
        ...(await context.activity.snapshot(tenantId)),
      };
    },
  };
}

export type ScanDetailsService = ReturnType<typeof createScanDetailsService>;
