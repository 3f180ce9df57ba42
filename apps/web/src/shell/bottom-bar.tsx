import { Wallet } from 'lucide-react';
import { useState } from 'react';
import { MasterBalance } from '../features/master-wallet/master-balance';
import { MasterWalletDialog } from '../features/master-wallet/master-wallet-dialog';
import { useMasterWallet } from '../features/master-wallet/use-master-wallet';
import { shortenAddress } from '../format/address';
import { useCopy } from '../ui/use-copy';

/**
 * The bottom bar of spec 1 §2, as far as issue 4 goes: the master address (a click copies it) and
 * the master balance in SOL, refreshed every 10 seconds. The wallet panel, hide-balance, refresh
 * and scan details join it with their features.
 */
export function BottomBar() {
  const wallet = useMasterWallet();
  const copy = useCopy();
  const [dialogOpen, setDialogOpen] = useState(false);
  const address = wallet.data?.public_address;

  return (
    <footer
      aria-label="Status bar"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-border bg-surface/95 backdrop-blur"
    >
      <div className="mx-auto flex h-9 max-w-7xl items-center gap-3 px-4 text-xs">
        <Wallet className="size-3.5 text-fg-muted" aria-hidden />
        {address ? (
          <>
            <button
              type="button"
              onClick={() => void copy(address)}
              title={`${address} (click to copy)`}
              aria-label={`Copy master address ${address}`}
              className="rounded px-1 hover:bg-surface-sunken"
            >
              <code className="font-mono">{shortenAddress(address)}</code>
            </button>
            <MasterBalance />
          </>
        ) : (
          <button
            type="button"
            onClick={() => setDialogOpen(true)}
            className="text-fg-muted hover:text-fg"
          >
            {wallet.isPending
              ? 'Master wallet…'
              : wallet.isError
                ? 'Master wallet unavailable'
                : 'Set master wallet'}
          </button>
        )}
      </div>
      <MasterWalletDialog open={dialogOpen} onOpenChange={setDialogOpen} />
    </footer>
  );
}
