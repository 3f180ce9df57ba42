import { exhaustiveSwitchError } from '@fleet/core';
import { DistributeSolDialog } from './distribute-sol-dialog';
import { TwoHopDialog } from './two-hop-dialog';
import { WithdrawSolDialog } from './withdraw-sol-dialog';

export type SolTask = 'withdraw-sol' | 'distribute-sol' | 'two-hop';

/** The dialog the Toolkit's MANAGE SOL task opens on the wallets it acts on. */
export function SolTaskDialog({
  task,
  open,
  onOpenChange,
  wallets,
  allWallets,
  onStarted,
}: {
  readonly task: SolTask;
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly wallets: readonly { readonly id: string; readonly address: string }[];
  /** Nothing was selected: a withdrawal then names no wallet (every wallet with a key). */
  readonly allWallets: boolean;
  readonly onStarted: () => void;
}) {
  const props = { open, onOpenChange, onStarted };
  switch (task) {
    case 'withdraw-sol':
      return (
        <WithdrawSolDialog walletIds={allWallets ? [] : wallets.map((w) => w.id)} {...props} />
      );
    case 'distribute-sol':
      return <DistributeSolDialog targets={wallets} {...props} />;
    case 'two-hop':
      return <TwoHopDialog destinations={wallets.map((w) => w.address)} {...props} />;
    default:
      return exhaustiveSwitchError(task);
  }
}
