import type { SlimWallet } from '@fleet/core';
import { createContext, useContext } from 'react';

/**
 * What other features (the Toolkit) act on: the selected wallet ids and the wallets in view, in
 * the order shown. `setSelected` replaces the selection; `clear` empties it. Provided by the
 * wallets page (`WalletViewProvider`).
 */
export interface WalletSelection {
  readonly selectedIds: ReadonlySet<string>;
  readonly setSelected: (ids: readonly string[]) => void;
  readonly clear: () => void;
  readonly visibleWallets: readonly SlimWallet[];
}

export const WalletSelectionContext = createContext<WalletSelection | null>(null);

export function useWalletSelection(): WalletSelection {
  const selection = useContext(WalletSelectionContext);
  if (!selection) throw new Error('useWalletSelection must be used inside the wallets page');
  return selection;
}
