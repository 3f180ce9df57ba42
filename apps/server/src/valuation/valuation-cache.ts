import type { HeldMintRow, WalletCountsRow } from './valuation-repository';
import type { WalletHoldings } from './wallet-values';

/** What the valuation reads from the database, which only a change of the tenant's rows moves. */
export interface HoldingsSnapshot {
  readonly version: string;
  readonly mints: readonly HeldMintRow[];
  readonly counts: WalletCountsRow;
  readonly holdings: WalletHoldings;
}

/**
 * The last holdings snapshot per tenant, kept while the tenant's wallet-list version (in the
 * database, bumped by the triggers of migration 0009) stands still, as the wallet list's cache
 * does (decisions 011 and 030). The database stays the truth: every request reads the version first, so
 * a process never answers from holdings older than the database's, and a second process only
 * reads them once for itself. Requests that arrive together for one version share one read.
 */
export function createHoldingsCache(options: { readonly maxTenants: number }) {
  const entries = new Map<string, Promise<HoldingsSnapshot>>();
  return {
    get(
      tenantId: string,
      version: string,
      load: () => Promise<HoldingsSnapshot>,
    ): Promise<HoldingsSnapshot> {
      const key = `${tenantId}@${version}`;
      const found = entries.get(key);
      if (found !== undefined) {
        // Insertion order is recency: the oldest is evicted first.
        entries.delete(key);
        entries.set(key, found);
        return found;
      }
      for (const other of entries.keys())
        if (other.startsWith(`${tenantId}@`)) entries.delete(other);
      const loading = load();
      entries.set(key, loading);
      // A failed read is not kept: the next request tries again.
      loading.catch(() => entries.delete(key));
      while (entries.size > options.maxTenants) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      return loading;
    },
  };
}
