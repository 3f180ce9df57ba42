import type { WalletBalances } from '@fleet/chain';

/**
 * The server's own record of recent scan previews, per tenant and wallet. An import that comes
 * with a preview stores balances from here, never from the browser's copy: the client cannot
 * write a balance the chain did not report, and token accounts (whose addresses the preview
 * response leaves out) are known exactly. A wallet scanned too long ago, or never, is imported
 * without balances and picked up by the next scan.
 */
export interface ScanCacheEntry {
  readonly balances: WalletBalances;
  readonly scannedAt: Date;
}

export interface ScanCache {
  put(tenantId: string, address: string, entry: ScanCacheEntry): void;
  get(tenantId: string, address: string): ScanCacheEntry | undefined;
}

export function createScanCache(options: {
  readonly maxEntries?: number;
  readonly maxAgeMs?: number;
  readonly now?: () => Date;
}): ScanCache {
  const maxEntries = options.maxEntries ?? 100_000;
  const maxAgeMs = options.maxAgeMs ?? 30 * 60_000;
  const now = options.now ?? (() => new Date());
  const entries = new Map<string, ScanCacheEntry>();
  const keyOf = (tenantId: string, address: string) => `${tenantId}:${address}`;
  return {
    put(tenantId, address, entry) {
      const key = keyOf(tenantId, address);
      entries.delete(key);
      entries.set(key, entry);
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
    },
    get(tenantId, address) {
      const key = keyOf(tenantId, address);
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now().getTime() - entry.scannedAt.getTime() > maxAgeMs) {
        entries.delete(key);
        return undefined;
      }
      return entry;
    },
  };
}
