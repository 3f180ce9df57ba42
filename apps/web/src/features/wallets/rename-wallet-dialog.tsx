import { MAX_WALLET_NAME_LENGTH } from '@fleet/core';
import { useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { shortenAddress } from '../../format/address';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { Input } from '../../ui/input';
import { useToast } from '../../ui/toast';
import { checkWalletName, renamedText } from './rename-wallet';
import { useRenameWallet } from './rename-wallet-api';
import {
  closeRenameWallet,
  useRenameTarget,
  type RenameTarget,
} from '../wallet-list/rename-wallet-store';

/** The Rename dialog of the row menu, mounted once on the page for whichever wallet it names. */
export function RenameWalletHost() {
  const target = useRenameTarget();
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) closeRenameWallet();
      }}
      title="Rename wallet"
      description={target ? shortenAddress(target.address) : undefined}
    >
      {target ? <RenameForm key={target.id} target={target} /> : null}
    </Dialog>
  );
}

function RenameForm({ target }: { readonly target: RenameTarget }) {
  const [text, setText] = useState(target.name ?? '');
  const renaming = useRenameWallet();
  const toast = useToast();
  const check = checkWalletName(text);

  const submit = () => {
    if (!check.ok) return;
    renaming.mutate(
      { id: target.id, name: check.name },
      {
        onSuccess: (wallet) => {
          toast.show({ ...renamedText(wallet.name), severity: 'success' });
          closeRenameWallet();
        },
      },
    );
  };

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Input
        label="Name"
        value={text}
        autoFocus
        maxLength={MAX_WALLET_NAME_LENGTH * 2}
        onChange={(event) => setText(event.target.value)}
        hint={`Up to ${MAX_WALLET_NAME_LENGTH} characters. Leave it empty to show the address.`}
        error={check.ok ? undefined : check.error}
      />
      {renaming.isError ? (
        <Alert kind="error">{errorMessage(renaming.error, 'Failed to rename wallet')}</Alert>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button onClick={closeRenameWallet} disabled={renaming.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={!check.ok} busy={renaming.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
