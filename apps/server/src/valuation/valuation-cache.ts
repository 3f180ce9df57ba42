import type { HoldingsModel } from './holdings-model';
import type { HeldMintRow, WalletCountsRow } from './valuation-repository';
import type { WalletHoldings } from './wallet-values';

/** What the valuation reads from the database, which only a change of the tenant's rows moves. */
export interface HoldingsSnapshot {
  readonly version: string;
  /** The database snapshot the holdings were read under (`pg_current_snapshot()` as text). */
  readonly seen: string;
  readonly mints: readonly HeldMintRow[];
  readonly counts: WalletCountsRow;
  readonly holdings: WalletHoldings;
  /** What the next read applies the changed wallets to. */
  readonly model: HoldingsModel;
}

/**
 * The newest holdings snapshot per tenant, kept while the tenant's wallet-list version (in the
 * database, bumped by the triggers of migration 0009) stands still, as the wallet list's cache
 * does (decisions 011, 030 and 031). The database stays the truth: every request reads the
 * version first and is answered from a snapshot at least that new, so a process never answers
 * from holdings older than the database's, and a second process reads them for itself. Requests
 * that arrive together share one read. When the version has moved, `load` reads only what changed
 * since `latest` (decision 031); a snapshot is never changed, so a request still using the older
 * one is unaffected.
 */
export function createHoldingsCache(options: { readonly maxTenants: number }) {
  interface Entry {
    settled: HoldingsSnapshot | undefined;
    loading: Promise<HoldingsSnapshot> | undefined;
  }
  const entries = new Map<string, Entry>();
  // Versions are bigint counters that only grow.
  const covers = (snapshot: HoldingsSnapshot, version: string) =>
    BigInt(snapshot.version) >= BigInt(version);

  const start = (tenantId: string, entry: Entry, load: () => Promise<HoldingsSnapshot>) => {
    const loading = load();
    entry.loading = loading;
    loading.then(
      (snapshot) => {
        if (entry.loading === loading) entry.loading = undefined;
        if (entry.settled === undefined || !covers(entry.settled, snapshot.version))
          entry.settled = snapshot;
      },
      // A failed read is not kept: the next request tries again.
      () => {
        if (entry.loading === loading) entry.loading = undefined;
      },
    );
    while (entries.size > options.maxTenants) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined || oldest === tenantId) break;
      entries.delete(oldest);
    }
    return loading;
  };

  return {
    /** The newest snapshot held for the tenant, if any: the base a read of the changes needs. */
    latest(tenantId: string): HoldingsSnapshot | undefined {
      return entries.get(tenantId)?.settled;
    },

    async get(
      tenantId: string,
      version: string,
      load: () => Promise<HoldingsSnapshot>,
    ): Promise<HoldingsSnapshot> {
      let entry = entries.get(tenantId);
      // Insertion order is recency: the least recently asked tenant is evicted first.
      if (entry !== undefined) entries.delete(tenantId);
      entry ??= { settled: undefined, loading: undefined };
      entries.set(tenantId, entry);
      for (;;) {
        if (entry.settled !== undefined && covers(entry.settled, version)) return entry.settled;
        const underway = entry.loading;
        if (underway === undefined) return start(tenantId, entry, load);
        // A read under way may already see this version (if it began after the change committed).
        const snapshot = await underway.catch(() => undefined);
        if (snapshot !== undefined && covers(snapshot, version)) return snapshot;
      }
    },
  };
}
