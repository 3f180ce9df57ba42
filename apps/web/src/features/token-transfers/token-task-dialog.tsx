import { exhaustiveSwitchError } from '@fleet/core';
import type { SolDialogProps } from '../sol-operations/distribute-sol-dialog';
import { DistributeTokensDialog } from './distribute-tokens-dialog';
import { WithdrawTokensDialog } from './withdraw-tokens-dialog';

export type TokenTask = 'withdraw-tokens' | 'distribute-tokens';

/** The dialog the Toolkit's MANAGE TOKENS transfer tasks open on the wallets they act on. */
export function TokenTaskDialog({
  task,
  wallets,
  allWallets,
  ...props
}: SolDialogProps & {
  readonly task: TokenTask;
  readonly wallets: readonly { readonly id: string; readonly address: string }[];
  /** Every wallet: a withdrawal then names none (the server takes every active wallet). */
  readonly allWallets: boolean;
}) {
  switch (task) {
    case 'withdraw-tokens':
      return (
        <WithdrawTokensDialog
          addresses={allWallets ? [] : wallets.map((wallet) => wallet.address)}
          {...props}
        />
      );
    case 'distribute-tokens':
      return <DistributeTokensDialog targets={wallets} {...props} />;
    default:
      return exhaustiveSwitchError(task);
  }
}
