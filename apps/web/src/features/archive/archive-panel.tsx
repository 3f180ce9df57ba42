import { PERMANENT_DELETE_CONFIRMATION, type ArchivedWallet } from '@fleet/core';
import { useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { formatDateTime } from '../../format/date';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Input } from '../../ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../ui/table';
import { useToast } from '../../ui/toast';
import {
  ARCHIVE_FETCH_FAILED,
  canDeletePermanently,
  canRestore,
  restoredDescription,
  selectedInList,
  toggleAll,
  toggleId,
} from './archive-selection';
import {
  useArchivedWallets,
  useDeleteWalletsPermanently,
  useRestoreWallets,
} from './use-archive-actions';

/** The archive list with Restore and Delete permanently; shared by the tab and the dialog. */
export function ArchivePanel() {
  const archived = useArchivedWallets();
  if (archived.isPending) return <p className="text-sm text-fg-muted">Loading the archive…</p>;
  if (archived.isError) {
    return (
      <div className="flex flex-col items-start gap-2">
        <Alert kind="error">
          <strong>{ARCHIVE_FETCH_FAILED.title}</strong>:{' '}
          {errorMessage(archived.error, ARCHIVE_FETCH_FAILED.fallback)}
        </Alert>
        <Button size="sm" onClick={() => void archived.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (archived.data.length === 0) {
    return <p className="text-sm text-fg-muted">No archived wallets.</p>;
  }
  return <ArchiveList wallets={archived.data} />;
}

function ArchiveList({ wallets }: { readonly wallets: readonly ArchivedWallet[] }) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [typed, setTyped] = useState('');
  const restoring = useRestoreWallets();
  const deleting = useDeleteWalletsPermanently();
  const toast = useToast();
  const ids = selectedInList(selected, wallets);
  const allSelected = ids.length === wallets.length;

  const restore = () =>
    restoring.mutate(ids, {
      onSuccess: (answer) => {
        setSelected(new Set());
        toast.show({
          title: 'Wallets restored',
          description: restoredDescription(answer.restored),
          severity: 'success',
        });
      },
      onError: (error) =>
        toast.show({
          title: 'Restore failed',
          description: errorMessage(error, 'Please try again.'),
          severity: 'error',
        }),
    });

  const deleteForGood = () =>
    deleting.mutate(ids, {
      onSuccess: (answer) => {
        setSelected(new Set());
        setConfirmingDelete(false);
        setTyped('');
        toast.show({
          title: 'Wallets deleted',
          description: `${answer.deleted} wallet(s) deleted permanently.`,
          severity: 'success',
        });
      },
    });

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="mr-auto text-sm text-fg-muted">
          {wallets.length} archived, {ids.length} selected
        </span>
        <Button
          size="sm"
          variant="primary"
          disabled={!canRestore(ids)}
          busy={restoring.isPending}
          onClick={restore}
        >
          Restore {ids.length > 0 ? ids.length : ''}
        </Button>
        <Button
          size="sm"
          variant="danger"
          disabled={ids.length === 0}
          onClick={() => setConfirmingDelete(true)}
        >
          Delete permanently
        </Button>
      </div>
      <div className="max-h-[28rem] overflow-auto rounded-md border border-border">
        <Table>
          <TableHead>
            <TableRow>
              <TableHeaderCell className="w-10">
                <input
                  type="checkbox"
                  aria-label="Select all archived wallets"
                  className="size-4 accent-[var(--accent)]"
                  checked={allSelected}
                  onChange={() => setSelected(toggleAll(selected, wallets))}
                />
              </TableHeaderCell>
              <TableHeaderCell>Address</TableHeaderCell>
              <TableHeaderCell>Archived</TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {wallets.map((wallet) => (
              <TableRow key={wallet.id}>
                <TableCell>
                  <input
                    type="checkbox"
                    aria-label={`Select ${wallet.public_address}`}
                    className="size-4 accent-[var(--accent)]"
                    checked={selected.has(wallet.id)}
                    onChange={() => setSelected(toggleId(selected, wallet.id))}
                  />
                </TableCell>
                <TableCell className="font-mono text-xs">{wallet.public_address}</TableCell>
                <TableCell className="text-fg-muted">
                  {formatDateTime(wallet.archived_at)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={(open) => {
          setConfirmingDelete(open);
          if (!open) {
            setTyped('');
            deleting.reset();
          }
        }}
        title="Delete permanently"
        description={`Delete ${ids.length} archived wallet(s) for good? Their keys are destroyed and cannot be restored.`}
        confirmLabel="Delete permanently"
        busy={deleting.isPending}
        confirmDisabled={!canDeletePermanently(ids, typed)}
        error={deleting.isError ? errorMessage(deleting.error, 'Delete failed') : undefined}
        onConfirm={() => {
          if (canDeletePermanently(ids, typed)) deleteForGood();
        }}
      >
        <Input
          label={`Type ${PERMANENT_DELETE_CONFIRMATION} to confirm`}
          value={typed}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setTyped(event.target.value)}
          error={
            typed !== '' && !canDeletePermanently(ids, typed)
              ? `Type ${PERMANENT_DELETE_CONFIRMATION} exactly`
              : undefined
          }
        />
      </ConfirmDialog>
    </div>
  );
}
