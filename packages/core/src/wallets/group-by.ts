import type { SlimWallet } from '../api/wallets';

/**
 * Group-by modes of the wallet table (spec 2 §2.1, §4). `standard` ("Default categories") is the
 * flat list cut by the View segment; `import` buckets by import batch and `custom` by the
 * operator's groups, each shown as expandable group rows.
 */
export const GROUP_MODES = ['standard', 'import', 'custom'] as const;
export type GroupMode = (typeof GROUP_MODES)[number];

export const GROUP_MODE_LABELS: Readonly<Record<GroupMode, string>> = Object.freeze({
  standard: 'Default categories',
  import: 'Import batches',
  custom: 'Custom groups',
});

export const NO_IMPORT_BATCH = 'none';
export const UNGROUPED = 'ungrouped';

export interface WalletBucket<W> {
  /** Stable: the batch or group id, or NO_IMPORT_BATCH / UNGROUPED. */
  readonly id: string;
  readonly label: string;
  readonly wallets: readonly W[];
}

export type GroupWallet = Pick<SlimWallet, 'importBatchId' | 'groupIds' | 'createdAt'>;

/**
 * Import batches, newest first (by the latest wallet in the batch), then the wallets that came
 * from no batch. Wallets keep their incoming (sorted) order inside a bucket.
 */
export function bucketByImportBatch<W extends GroupWallet>(
  wallets: readonly W[],
  labelFor: (batchId: string, newestCreatedAt: string) => string,
): WalletBucket<W>[] {
  const batches = new Map<string, { wallets: W[]; newest: string }>();
  const loose: W[] = [];
  for (const wallet of wallets) {
    if (wallet.importBatchId === null) {
      loose.push(wallet);
      continue;
    }
    const batch = batches.get(wallet.importBatchId);
    if (batch) {
      batch.wallets.push(wallet);
      if (wallet.createdAt > batch.newest) batch.newest = wallet.createdAt;
    } else {
      batches.set(wallet.importBatchId, { wallets: [wallet], newest: wallet.createdAt });
    }
  }
  const buckets = [...batches.entries()]
    .sort(([, a], [, b]) => (a.newest < b.newest ? 1 : a.newest > b.newest ? -1 : 0))
    .map(([id, batch]) => ({ id, label: labelFor(id, batch.newest), wallets: batch.wallets }));
  if (loose.length > 0)
    buckets.push({ id: NO_IMPORT_BATCH, label: 'Not imported', wallets: loose });
  return buckets;
}

/**
 * Custom groups in the order given (the caller sorts them, by name), then wallets in none. A
 * wallet in several groups is listed in each. Groups with no wallet in the list are left out.
 */
export function bucketByCustomGroup<W extends GroupWallet>(
  wallets: readonly W[],
  groups: readonly { readonly id: string; readonly name: string }[],
): WalletBucket<W>[] {
  const members = new Map<string, W[]>(groups.map((group) => [group.id, []]));
  const loose: W[] = [];
  for (const wallet of wallets) {
    let placed = false;
    for (const groupId of wallet.groupIds) {
      const list = members.get(groupId);
      if (list) {
        list.push(wallet);
        placed = true;
      }
    }
    if (!placed) loose.push(wallet);
  }
  const buckets: WalletBucket<W>[] = groups
    .map((group) => ({ id: group.id, label: group.name, wallets: members.get(group.id) ?? [] }))
    .filter((bucket) => bucket.wallets.length > 0);
  if (loose.length > 0) buckets.push({ id: UNGROUPED, label: 'Not in a group', wallets: loose });
  return buckets;
}
