import {
  PERMANENT_DELETE_CONFIRMATION,
  fundsNeedConfirmation,
  type ArchivedWallet,
} from '@fleet/core';
import { useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { formatDateTime } from '../../format/date';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Input } from '../../ui/input';
import { useToast } from '../../ui/toast';
import { VirtualTable } from '../../ui/virtual-table';
import {
  ARCHIVE_FETCH_FAILED,
  canDeletePermanently,
  canRestore,
  restoredDescription,
  selectedInList,
  toggleAll,
  toggleId,
  typedCountMatches,
} from './archive-selection';
import { FundsReview } from './funds-review-panel';
import {
  useArchivedWallets,
  useDeleteWalletsPermanently,
  useRestoreWallets,
  useWalletHoldings,
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
  const [typedCount, setTypedCount] = useState('');
  const restoring = useRestoreWallets();
  const deleting = useDeleteWalletsPermanently();
  const toast = useToast();
  const ids = selectedInList(selected, wallets);
  const allSelected = ids.length === wallets.length;
  // Read when the confirmation opens. Until they are known, or if they cannot be read, the
  // wallets are taken to hold funds: the count is asked for.
  const holdings = useWalletHoldings(ids, confirmingDelete);
  const countNeeded = holdings.data ? fundsNeedConfirmation(holdings.data.summary) : true;
  const deletable =
    !holdings.isPending && canDeletePermanently(ids, typed, { countNeeded, typedCount });

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
    deleting.mutate(
      { walletIds: ids, confirmFunded: countNeeded ? Number(typedCount.trim()) : undefined },
      {
        onSuccess: (answer) => {
          setSelected(new Set());
          setConfirmingDelete(false);
          setTyped('');
          setTypedCount('');
          toast.show({
            title: 'Wallets deleted',
            description: `${answer.deleted} wallet(s) deleted permanently.`,
            severity: 'success',
          });
        },
      },
    );

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="mr-auto text-sm text-fg-muted">
          {wallets.length.toLocaleString()} archived, {ids.length.toLocaleString()} selected
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
      <ArchivedRows
        wallets={wallets}
        selected={selected}
        allSelected={allSelected}
        onToggleAll={() => setSelected(toggleAll(selected, wallets))}
        onToggle={(id) => setSelected(toggleId(selected, id))}
      />
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={(open) => {
          setConfirmingDelete(open);
          if (!open) {
            setTyped('');
            setTypedCount('');
            deleting.reset();
          }
        }}
        title="Delete permanently"
        description={`Delete ${ids.length} archived wallet(s) for good? Their keys are destroyed and cannot be restored.`}
        confirmLabel="Delete permanently"
        className="w-[min(44rem,calc(100vw-2rem))]"
        busy={deleting.isPending}
        confirmDisabled={!deletable}
        error={deleting.isError ? errorMessage(deleting.error, 'Delete failed') : undefined}
        onConfirm={() => {
          if (deletable) deleteForGood();
        }}
      >
        <div className="flex flex-col gap-3">
          <FundsReview holdings={holdings} />
          <Input
            label={`Type ${PERMANENT_DELETE_CONFIRMATION} to confirm`}
            value={typed}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setTyped(event.target.value)}
            error={
              typed !== '' && typed.trim() !== PERMANENT_DELETE_CONFIRMATION
                ? `Type ${PERMANENT_DELETE_CONFIRMATION} exactly`
                : undefined
            }
          />
          {countNeeded && !holdings.isPending ? (
            <Input
              label={`Type ${ids.length}, the number of wallets being deleted, to destroy keys that may hold funds`}
              value={typedCount}
              inputMode="numeric"
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setTypedCount(event.target.value)}
              error={
                typedCount !== '' && !typedCountMatches(typedCount, ids.length)
                  ? `Type ${ids.length}, the number of wallets being deleted`
                  : undefined
              }
            />
          ) : null}
        </div>
      </ConfirmDialog>
    </div>
  );
}

/** The archive can hold tens of thousands of wallets: only the rows in view are in the DOM. */
function ArchivedRows({
  wallets,
  selected,
  allSelected,
  onToggleAll,
  onToggle,
}: {
  readonly wallets: readonly ArchivedWallet[];
  readonly selected: ReadonlySet<string>;
  readonly allSelected: boolean;
  readonly onToggleAll: () => void;
  readonly onToggle: (id: string) => void;
}) {
  return (
    <VirtualTable
      label="Archived wallets"
      rows={wallets}
      rowKey={(wallet) => wallet.id}
      columns="grid-cols-[2.5rem_minmax(0,1fr)_12rem]"
      maxHeight="max-h-[28rem]"
      header={
        <>
          <span role="columnheader">
            <input
              type="checkbox"
              aria-label="Select all archived wallets"
              className="size-4 accent-[var(--accent)]"
              checked={allSelected}
              onChange={onToggleAll}
            />
          </span>
          <span role="columnheader">Address</span>
          <span role="columnheader">Archived</span>
        </>
      }
      cells={(wallet) => (
        <>
          <span role="cell">
            <input
              type="checkbox"
              aria-label={`Select ${wallet.public_address}`}
              className="size-4 accent-[var(--accent)]"
              checked={selected.has(wallet.id)}
              onChange={() => onToggle(wallet.id)}
            />
          </span>
          <span role="cell" className="truncate font-mono text-xs">
            {wallet.public_address}
          </span>
          <span role="cell" className="text-fg-muted">
            {formatDateTime(wallet.archived_at)}
          </span>
        </>
      )}
    />
  );
}
