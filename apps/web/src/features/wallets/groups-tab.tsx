import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { ApiError } from '../../api/api-error';
import { formatLamportsAsSol } from '../../format/lamports';
import { shortenAddress } from '../../format/address';
import { useDisplayPreferences } from '../preferences/display-preferences-store';
import { HIDDEN_BALANCE } from '../preferences/hidden-balance';
import { useGroups } from './use-wallet-queries';
import { fetchGroupWallets, groupWalletsQueryKey } from './wallets-api';

export const NO_GROUPS_TEXT = 'No custom groups yet. Create one from the header or row actions.';

/** The Groups tab (spec 2 §2.1): custom group cards; Open shows a group's wallets with Back. */
export function GroupsTab() {
  const groups = useGroups();
  const [openId, setOpenId] = useState<string | null>(null);
  if (openId !== null) return <GroupWallets groupId={openId} onBack={() => setOpenId(null)} />;
  if (groups.isPending) return <p className="text-sm text-fg-muted">Loading groups…</p>;
  if (groups.isError) return <Alert kind="error">{groups.error.message}</Alert>;
  const custom = groups.data.groups.filter((group) => group.kind === 'custom');
  if (custom.length === 0) return <p className="text-sm text-fg-muted">{NO_GROUPS_TEXT}</p>;
  return (
    <div className="grid grid-cols-1 gap-3 md:grid-cols-3">
      {custom.map((group) => (
        <article
          key={group.id}
          className="flex flex-col gap-2 rounded-md border border-border bg-surface-raised p-4"
          style={{ borderLeft: `4px solid ${group.color ?? 'var(--border)'}` }}
        >
          <h3 className="font-semibold">{group.group_name}</h3>
          <p className="text-xs text-fg-muted">{group.count ?? 0} wallets</p>
          {group.description ? <p className="text-sm">{group.description}</p> : null}
          <Button size="sm" className="self-start" onClick={() => setOpenId(group.id)}>
            Open
          </Button>
        </article>
      ))}
    </div>
  );
}

function GroupWallets({
  groupId,
  onBack,
}: {
  readonly groupId: string;
  readonly onBack: () => void;
}) {
  const { hideBalances } = useDisplayPreferences();
  const members = useQuery({
    queryKey: groupWalletsQueryKey(groupId),
    queryFn: ({ signal }) => fetchGroupWallets(groupId, signal),
    // Spec 2 §7: the group call is not cached.
    staleTime: 0,
  });
  return (
    <div className="flex flex-col gap-3">
      <Button size="sm" variant="ghost" className="self-start" onClick={onBack}>
        <ArrowLeft className="size-3.5" aria-hidden /> Back
      </Button>
      {members.isPending ? <p className="text-sm text-fg-muted">Loading group wallets…</p> : null}
      {members.isError ? (
        <Alert kind="error">
          {members.error instanceof ApiError && members.error.serverMessage
            ? members.error.serverMessage
            : 'Failed to load group wallets'}
        </Alert>
      ) : null}
      {members.data ? (
        <>
          <h3 className="font-semibold">
            {members.data.group.group_name}{' '}
            <span className="text-xs text-fg-muted">({members.data.wallets.length})</span>
          </h3>
          {members.data.wallets.length === 0 ? (
            <p className="text-sm text-fg-muted">No wallets to display</p>
          ) : (
            <ul className="divide-y divide-border rounded-md border border-border">
              {members.data.wallets.map((wallet) => (
                <li key={wallet.id} className="flex items-center justify-between px-3 py-2 text-sm">
                  <span className="font-mono text-xs" title={wallet.public_address}>
                    {wallet.name ?? shortenAddress(wallet.public_address)}
                  </span>
                  <span className="tabular-nums">
                    {hideBalances
                      ? HIDDEN_BALANCE
                      : wallet.lamports_balance === null
                        ? '—'
                        : `${formatLamportsAsSol(BigInt(wallet.lamports_balance), 4)} SOL`}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </div>
  );
}
