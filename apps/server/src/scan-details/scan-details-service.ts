import type { EndpointPool, PoolStats } from '@fleet/chain';
import type { ScanActivity, ScanActivitySnapshot } from './scan-activity';

/** `GET /api/scan/details`: the shared pool's stats and the asking tenant's last scan and logs. */
export interface ScanDetails extends ScanActivitySnapshot {
  readonly pool: PoolStats;
}

export function createScanDetailsService(context: {
  readonly pool: EndpointPool;
  readonly activity: ScanActivity;
}) {
  return {
    async details(tenantId: string): Promise<ScanDetails> {
      return { pool: context.pool.stats(), ...(await context.activity.snapshot(tenantId)) };
    },
  };
}

export type ScanDetailsService = ReturnType<typeof createScanDetailsService>;
