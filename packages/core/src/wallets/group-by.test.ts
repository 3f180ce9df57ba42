import { describe, expect, it } from 'vitest';
import { bucketByCustomGroup, bucketByImportBatch } from './group-by';
import { slimWallet } from './test-wallet';

describe('group-by buckets', () => {
  it('buckets import batches newest first, then wallets from no batch, keeping wallet order', () => {
    const a = slimWallet({ id: 'a', importBatchId: 'old', createdAt: '2026-01-01T00:00:00Z' });
    const b = slimWallet({ id: 'b', importBatchId: 'new', createdAt: '2026-02-01T00:00:00Z' });
    const c = slimWallet({ id: 'c', importBatchId: 'old', createdAt: '2026-01-02T00:00:00Z' });
    const d = slimWallet({ id: 'd' });
    const buckets = bucketByImportBatch([a, b, c, d], (id, newest) => `${id}@${newest}`);
    expect(
      buckets.map((bucket) => [bucket.id, bucket.label, bucket.wallets.map((w) => w.id)]),
    ).toEqual([
      ['new', 'new@2026-02-01T00:00:00Z', ['b']],
      ['old', 'old@2026-01-02T00:00:00Z', ['a', 'c']],
      ['none', 'Not imported', ['d']],
    ]);
  });

  it('buckets custom groups in the given order, a wallet in each of its groups, then the rest', () => {
    const a = slimWallet({ id: 'a', groupIds: ['g1', 'g2'] });
    const b = slimWallet({ id: 'b', groupIds: ['g2'] });
    const c = slimWallet({ id: 'c', groupIds: ['gone'] });
    const buckets = bucketByCustomGroup(
      [a, b, c],
      [
        { id: 'g2', name: 'Two' },
        { id: 'g1', name: 'One' },
        { id: 'g3', name: 'Empty' },
      ],
    );
    expect(buckets.map((bucket) => [bucket.id, bucket.wallets.map((w) => w.id)])).toEqual([
      ['g2', ['a', 'b']],
      ['g1', ['a']],
      ['ungrouped', ['c']],
    ]);
  });
});
