import type { MasterWalletResponse } from '@fleet/core';
import { useState } from 'react';
import { formatDateTime } from '../../format/date';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { DialogFooter, ReadOnlyField } from './dialog-fields';
import { MasterChangeConfirm } from './master-change-confirm';
import { MasterKeyForm } from './master-key-form';
import { masterWalletErrorMessage } from './master-wallet-messages';
import { StoredKeyField } from './stored-key-field';
import { useMasterWallet } from './use-master-wallet';
import { useClearMasterWallet } from './use-master-wallet-actions';

/**
 * The Master Wallet dialog of spec 1 §2 and §4: view, then edit, then save or cancel. The address
 * is read-only and derived from the key. The stored key is fetched only when the operator asks to
 * see or copy it (an audited call), and it is forgotten when the dialog closes.
 */
export function MasterWalletDialog({
  open,
  onOpenChange,
}: {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Master wallet"
      description="The wallet that funds the fleet and receives what is swept back."
      className="w-[min(40rem,calc(100vw-2rem))]"
    >
      {open ? <MasterWalletPanel onClose={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

type Mode = 'view' | 'edit' | 'confirm-clear';

function MasterWalletPanel({ onClose }: { readonly onClose: () => void }) {
  const wallet = useMasterWallet();
  const [mode, setMode] = useState<Mode>('view');

  if (wallet.isPending) return <p className="text-sm text-fg-muted">Loading the master wallet…</p>;
  if (wallet.isError) {
    return (
      <div className="flex flex-col gap-4">
        <Alert kind="error">{masterWalletErrorMessage('load', wallet.error)}</Alert>
        <DialogFooter>
          <Button onClick={() => void wallet.refetch()}>Try again</Button>
          <Button onClick={onClose}>Close</Button>
        </DialogFooter>
      </div>
    );
  }
  switch (mode) {
    case 'view':
      return (
        <ViewMode
          wallet={wallet.data}
          onEdit={() => setMode('edit')}
          onClear={() => setMode('confirm-clear')}
          onClose={onClose}
        />
      );
    case 'edit':
      return <MasterKeyForm current={wallet.data} onDone={() => setMode('view')} />;
    case 'confirm-clear':
      return wallet.data ? (
        <ConfirmClear address={wallet.data.public_address} onDone={() => setMode('view')} />
      ) : null;
  }
}

function ViewMode({
  wallet,
  onEdit,
  onClear,
  onClose,
}: {
  readonly wallet: MasterWalletResponse | null;
  readonly onEdit: () => void;
  readonly onClear: () => void;
  readonly onClose: () => void;
}) {
  if (!wallet) {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-fg-muted">
          No master wallet is set. Choose Edit and paste its private key.
        </p>
        <DialogFooter>
          <Button variant="primary" onClick={onEdit}>
            Edit
          </Button>
          <Button onClick={onClose}>Close</Button>
        </DialogFooter>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <ReadOnlyField label="Public address" value={wallet.public_address} copyable />
      {wallet.has_private_key ? (
        <StoredKeyField />
      ) : (
        <ReadOnlyField label="Private key" value="Encrypted – not stored" />
      )}
      <p className="text-xs text-fg-muted">Updated {formatDateTime(wallet.updated_at)}</p>
      <DialogFooter>
        <Button variant="danger-ghost" className="mr-auto" onClick={onClear}>
          Clear
        </Button>
        <Button variant="primary" onClick={onEdit}>
          Edit
        </Button>
        <Button onClick={onClose}>Close</Button>
      </DialogFooter>
    </div>
  );
}

function ConfirmClear({
  address,
  onDone,
}: {
  readonly address: string;
  readonly onDone: () => void;
}) {
  const clear = useClearMasterWallet();
  return (
    <MasterChangeConfirm
      change="clear"
      currentAddress={address}
      busy={clear.isPending}
      error={clear.isError ? masterWalletErrorMessage('clear', clear.error) : undefined}
      onBack={onDone}
      onConfirm={() => clear.mutate(undefined, { onSuccess: onDone })}
    />
  );
}
