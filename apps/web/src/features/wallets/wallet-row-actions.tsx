import { Copy, ExternalLink, KeyRound, Pencil } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { cn } from '../../ui/cn';
import { useToast } from '../../ui/toast';
import { ADDRESS_COPY_FAILED, useCopy } from '../../ui/use-copy';
import { RowGroupItems } from '../groups/row-group-menu';
import { openRenameWallet } from './rename-wallet-store';
import { explorerAddressUrl } from './wallet-format';
import { MENU_TRIGGER_CLASS } from './wallet-row-painter';
import { useWalletSelection } from './wallet-selection-context';
import { revealKeysForCopy } from './wallets-api';

const itemClass = cn(
  'flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-fg outline-none select-none',
  'data-[highlighted]:bg-surface-sunken',
);

/**
 * Copy address, copy private key, view on explorer (spec 2 §2.1). The slim list does not say
 * whether a key is stored, so Copy private asks the audited reveal call and reports "No Private
 * Keys" (spec 2 §5) when the server holds none for this wallet. Mounted only while open, in the
 * row's Actions cell in place of its plain button (wallet-row): a menu per row would put ~50
 * menu trees into every scroll frame.
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
  const copy = useCopy();
  const copyAddress = useCopy(ADDRESS_COPY_FAILED);
  const toast = useToast();
  // The menu is open for a row in view: its name and custom groups are in the page's list.
  const wallet = useWalletSelection().visibleWallets.find((entry) => entry.id === id);

  const copyPrivate = async () => {
    try {
      const { keys } = await revealKeysForCopy([id]);
      const key = keys.find((entry) => entry.id === id);
      if (!key) {
        toast.show({
          title: 'No Private Keys',
          description: 'No private keys available in scope',
          severity: 'warning',
        });
        return;
      }
      await copy(key.privateKey);
    } catch (error) {
      toast.show({
        title: 'Copy failed',
        description: error instanceof Error ? error.message : 'Failed to copy private key',
        severity: 'error',
      });
    }
  };

  return (
    <DropdownMenu.Root open modal={false} onOpenChange={(next) => (next ? undefined : onClose())}>
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
          className="z-50 min-w-52 rounded-md border border-border bg-surface-raised p-1 shadow-xl"
        >
          <DropdownMenu.Item className={itemClass} onSelect={() => void copyAddress(address)}>
            <Copy className="size-3.5 text-fg-muted" aria-hidden /> Copy address
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => void copyPrivate()}>
            <KeyRound className="size-3.5 text-fg-muted" aria-hidden /> Copy private key
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={itemClass}
            onSelect={() =>
              window.open(explorerAddressUrl(address), '_blank', 'noopener,noreferrer')
            }
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
  );
}
