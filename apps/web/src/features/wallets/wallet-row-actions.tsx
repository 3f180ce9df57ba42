import { Copy, ExternalLink, KeyRound, MoreHorizontal } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/button';
import { Menu, MenuItem } from '../../ui/menu';
import { useToast } from '../../ui/toast';
import { useCopy } from '../../ui/use-copy';
import { explorerAddressUrl } from './wallet-format';
import { revealKeysForCopy } from './wallets-api';

/**
 * The row menu (spec 2 §2.1): copy address, copy private key, view on explorer. The slim list does
 * not say whether a key is stored, so Copy private asks the audited reveal call and reports
 * "No Private Keys" (spec 2 §5) when the server holds none for this wallet.
 */
export function WalletRowActions({
  id,
  address,
}: {
  readonly id: string;
  readonly address: string;
}) {
  const copy = useCopy();
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  const copyPrivate = async () => {
    setBusy(true);
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
    } finally {
      setBusy(false);
    }
  };

  return (
    <Menu
      label={`Actions for ${address}`}
      align="end"
      trigger={
        <Button variant="ghost" size="sm" className="px-2" busy={busy}>
          <MoreHorizontal className="size-4" aria-hidden />
        </Button>
      }
    >
      <MenuItem icon={<Copy className="size-3.5" />} onSelect={() => void copy(address)}>
        Copy address
      </MenuItem>
      <MenuItem icon={<KeyRound className="size-3.5" />} onSelect={() => void copyPrivate()}>
        Copy private key
      </MenuItem>
      <MenuItem
        icon={<ExternalLink className="size-3.5" />}
        onSelect={() => window.open(explorerAddressUrl(address), '_blank', 'noopener,noreferrer')}
      >
        View on explorer
      </MenuItem>
    </Menu>
  );
}
