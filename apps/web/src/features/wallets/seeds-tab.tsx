import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { formatDateTime } from '../../format/date';
import { seedSegment } from '@fleet/core';
import { useSeedGroups } from './use-wallet-queries';
import { useWalletView } from './wallet-view-context';

/**
 * The Seeds tab: the seed vaults from GET /api/seed-groups with their wallet counts. "Show
 * wallets" opens the List tab on that seed's segment.
 */
export function SeedsTab() {
  const seeds = useSeedGroups();
  const view = useWalletView();
  if (seeds.isPending) return <p className="text-sm text-fg-muted">Loading seed vaults…</p>;
  if (seeds.isError) return <Alert kind="error">{seeds.error.message}</Alert>;
  const groups = seeds.data.groups;
  if (groups.length === 0) {
    return (
      <p className="text-sm text-fg-muted">No seed vaults yet. Import a seed phrase to add one.</p>
    );
  }
  return (
    <table className="w-full border-collapse text-sm">
      <thead>
        <tr className="border-b border-border text-left text-xs text-fg-muted">
          <th className="px-3 py-2">Seed</th>
          <th className="px-3 py-2 text-right">Wallets</th>
          <th className="px-3 py-2">Created</th>
          <th className="px-3 py-2 text-right">Actions</th>
        </tr>
      </thead>
      <tbody>
        {groups.map((group) => (
          <tr key={group.id} className="border-b border-border">
            <td className="px-3 py-2">
              <span className="font-semibold">{group.label ?? 'Seed'}</span>{' '}
              <span className="font-mono text-xs text-fg-muted">
                {group.seedFingerprint.slice(0, 12)}
              </span>
            </td>
            <td className="px-3 py-2 text-right tabular-nums">{group.walletCount}</td>
            <td className="px-3 py-2 text-xs text-fg-muted">{formatDateTime(group.createdAt)}</td>
            <td className="px-3 py-2 text-right">
              <Button
                size="sm"
                onClick={() => {
                  view.chooseSegment(seedSegment(group.id));
                  view.setTab('list');
                }}
              >
                Show wallets
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
