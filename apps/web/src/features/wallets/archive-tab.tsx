import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { formatDateTime } from '../../format/date';
import { useToast } from '../../ui/toast';
import {
  archivedWalletsQueryKey,
  fetchArchivedWallets,
  restoreWallets,
  walletListQueryKey,
} from './wallets-api';

/** The Archive tab: archived wallets (a soft delete), selectable and restorable (spec 2 §4, §8). */
export function ArchiveTab() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const archived = useQuery({
    queryKey: archivedWalletsQueryKey,
    queryFn: async ({ signal }) => {
      try {
        return await fetchArchivedWallets(signal);
      } catch (error) {
        if (!signal.aborted) {
          const message = error instanceof Error && error.message ? error.message : '';
          toast.show({
            title: 'Failed to fetch archive',
            description: message || 'Please try again.',
            severity: 'error',
          });
        }
        throw error;
      }
    },
    staleTime: 0,
  });
  const restore = useMutation({
    mutationFn: (ids: readonly string[]) => restoreWallets(ids),
    onSuccess: async ({ restored }) => {
      toast.show({
        title: 'Wallets restored',
        description: `${restored} restored`,
        severity: 'success',
      });
      setSelected(new Set());
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: archivedWalletsQueryKey }),
        queryClient.invalidateQueries({ queryKey: walletListQueryKey }),
      ]);
    },
    onError: (error) =>
      toast.show({ title: 'Restore failed', description: error.message, severity: 'error' }),
  });

  if (archived.isPending) return <p className="text-sm text-fg-muted">Loading archive…</p>;
  if (archived.isError) {
    return (
      <div className="flex items-center gap-3">
        <Alert kind="error">Failed to fetch archive. Please try again.</Alert>
        <Button size="sm" onClick={() => void archived.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  const wallets = archived.data.wallets;
  // Selections of wallets restored elsewhere are ignored rather than sent.
  const chosen = wallets.filter((wallet) => selected.has(wallet.id)).map((wallet) => wallet.id);
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  if (wallets.length === 0) return <p className="text-sm text-fg-muted">No archived wallets.</p>;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3">
        <Button
          variant="primary"
          size="sm"
          disabled={chosen.length === 0}
          busy={restore.isPending}
          onClick={() => restore.mutate(chosen)}
        >
          Restore {chosen.length > 0 ? `(${chosen.length})` : ''}
        </Button>
        <span className="text-xs text-fg-muted">{wallets.length} archived</span>
      </div>
      <ul className="divide-y divide-border rounded-md border border-border">
        {wallets.map((wallet) => (
          <li key={wallet.id} className="flex items-center gap-3 px-3 py-2 text-sm">
            <input
              type="checkbox"
              aria-label={`Select ${wallet.public_address}`}
              className="size-4 accent-[var(--accent)]"
              checked={selected.has(wallet.id)}
              onChange={() => toggle(wallet.id)}
            />
            <span className="flex-1 font-mono text-xs">{wallet.public_address}</span>
            <span className="text-xs text-fg-muted">{formatDateTime(wallet.archived_at)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
