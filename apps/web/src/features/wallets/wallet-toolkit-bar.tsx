import { Wrench } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../ui/button';
import type { TaskWallet } from '../toolkit/use-task-runner';
import { WalletToolkit } from '../toolkit/wallet-toolkit';
import { useWalletSelection } from '../wallet-list/wallet-selection-context';

const NO_WALLETS: readonly TaskWallet[] = [];

/**
 * The Toolkit button of the List tab's top bar and, under it, the task-mode banner: the toolkit
 * acts on the page's selection (ids resolved to addresses from the wallets in view).
 */
export function WalletToolkitBar() {
  const [open, setOpen] = useState(false);
  const selection = useWalletSelection();
  // With nothing selected (every page load) there is nothing to look up among 50,000 wallets.
  const selectedWallets = useMemo(
    () =>
      selection.selectedIds.size === 0
        ? NO_WALLETS
        : selection.visibleWallets
            .filter((wallet) => selection.selectedIds.has(wallet.id))
            .map((wallet) => ({
              id: wallet.id,
              address: wallet.address,
              groupIds: wallet.groupIds,
            })),
    [selection.visibleWallets, selection.selectedIds],
  );
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)}>
        <Wrench className="size-4" aria-hidden />
        Toolkit
      </Button>
      <div className="basis-full empty:hidden">
        <WalletToolkit
          open={open}
          onOpenChange={setOpen}
          selectedWallets={selectedWallets}
          viewWallets={selection.visibleWallets}
          onClearSelection={selection.clear}
        />
      </div>
    </>
  );
}
