import { useMutation } from '@tanstack/react-query';
import { Copy, ExternalLink, KeyRound, Pencil } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { shortenAddress } from '../../format/address';
import { cn } from '../../ui/cn';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useToast } from '../../ui/toast';
import { ADDRESS_COPY_FAILED, CLIPBOARD_BLOCKED, useCopy } from '../../ui/use-copy';
import { RowGroupItems } from '../groups/row-group-menu';
import { PRIVATE_KEY_COPIED } from '../master-wallet/stored-key-field';
import { openRenameWallet } from './rename-wallet-store';
import { useExplorerLinks } from '../explorer/use-explorer-links';
import { MENU_TRIGGER_CLASS } from './wallet-row-painter';
import { useWalletSelection } from './wallet-selection-context';
import { revealKeysForCopy } from './wallets-api';

const itemClass = cn(
  'flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-fg outline-none select-none',
  'data-[highlighted]:bg-surface-sunken',
);

/**
 * Copy address, copy private key, view on explorer (spec 2 §2.1). Copy private key asks first, as
 * the Toolkit's bulk copy does, then asks the audited reveal call (the list never carries keys)
 * and says "Private key copied"; "No Private Keys" (spec 2 §5) when the server holds none for
 * this wallet. Mounted only while open, in the row's Actions cell in place of its plain button
 * (wallet-row): a menu per row would put ~50 menu trees into every scroll frame. While the
 * confirmation is open the menu closes but this component stays, so the dialog has a home.
 */
export function RowMenu({
  id,
  address,
  onClose,
}: {
  readonly id: string;
  readonly address: string;
  readonly onClose: () => void;
}) {
  const copyKey = useCopy(CLIPBOARD_BLOCKED, PRIVATE_KEY_COPIED);
  const copyAddress = useCopy(ADDRESS_COPY_FAILED);
  const toast = useToast();
  // The menu is open for a row in view: its name and custom groups are in the page's list.
  const wallet = useWalletSelection().visibleWallets.find((entry) => entry.id === id);
  const [confirming, setConfirming] = useState(false);
  const explorerLink = useExplorerLinks().address(address);
  // The key lives only in this mutation until the clipboard has it; forgotten at once after.
  const reveal = useMutation({ mutationFn: revealKeysForCopy, gcTime: 0 });

  const copyPrivate = () =>
    reveal.mutate([id], {
      onSuccess: ({ keys }) => {
        const key = keys.find((entry) => entry.id === id);
        reveal.reset();
        onClose();
        if (!key) {
          toast.show({
            title: 'No Private Keys',
            description: 'No private keys available in scope',
            severity: 'warning',
          });
          return;
        }
        void copyKey(key.privateKey);
      },
    });

  return (
    <>
      <DropdownMenu.Root
        open={!confirming}
        modal={false}
        onOpenChange={(next) => (next ? undefined : onClose())}
      >
        <DropdownMenu.Trigger asChild>
          <button
            type="button"
            aria-label={`Actions for ${address}`}
            className={MENU_TRIGGER_CLASS}
          />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            collisionPadding={8}
            className="z-50 max-h-(--radix-dropdown-menu-content-available-height) min-w-52 overflow-y-auto rounded-md border border-border bg-surface-raised p-1 shadow-xl"
          >
            <DropdownMenu.Item className={itemClass} onSelect={() => void copyAddress(address)}>
              <Copy className="size-3.5 text-fg-muted" aria-hidden /> Copy address
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className={itemClass}
              onSelect={(event) => {
                // Keep this component (and so the dialog) mounted: the menu closes by `open`.
                event.preventDefault();
                setConfirming(true);
              }}
            >
              <KeyRound className="size-3.5 text-fg-muted" aria-hidden /> Copy private key
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className={itemClass}
              disabled={explorerLink === undefined}
              onSelect={() => {
                if (explorerLink) window.open(explorerLink, '_blank', 'noopener,noreferrer');
              }}
            >
              <ExternalLink className="size-3.5 text-fg-muted" aria-hidden /> View on explorer
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="my-1 h-px bg-border" />
            <DropdownMenu.Item
              className={itemClass}
              onSelect={() => openRenameWallet({ id, address, name: wallet?.name ?? null })}
            >
              <Pencil className="size-3.5 text-fg-muted" aria-hidden /> Rename
            </DropdownMenu.Item>
            <RowGroupItems walletId={id} groupIds={wallet?.groupIds ?? []} itemClass={itemClass} />
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (open) return;
          setConfirming(false);
          reveal.reset();
          onClose();
        }}
        title="Copy private key"
        description={`Copy the private key of ${shortenAddress(address)} to the clipboard?`}
        confirmLabel="Copy key"
        onConfirm={copyPrivate}
        busy={reveal.isPending}
        error={
          reveal.isError ? errorMessage(reveal.error, 'Failed to copy private key') : undefined
        }
      >
        <p className="text-sm text-fg-muted">
          Anyone who pastes it can move this wallet&apos;s funds. The copy is audited.
        </p>
      </ConfirmDialog>
    </>
  );
}
