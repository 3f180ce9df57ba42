import { formatBalanceWithUnit, parseLamports } from '@fleet/core';
import { useDisplayUnit } from '../preferences/display-unit-store';
import { shownBalance } from '../preferences/hidden-balance';
import { masterWalletErrorMessage } from './master-wallet-messages';
import { useMasterBalance } from './use-master-balance';

/**
 * The master balance, refreshed every 10 s (spec 1 §2, §9), in SOL with 4 decimals or in lamports
 * as the settings menu's unit toggle says; `***` while the hide-balance toggle is on.
 */
export function MasterBalance({ hidden = false }: { readonly hidden?: boolean }) {
  const balance = useMasterBalance();
  const unit = useDisplayUnit();
  if (balance.isPending) return <span className="text-fg-muted">Loading…</span>;
  if (balance.isError) {
    return (
      <span role="alert" className="text-danger">
        {masterWalletErrorMessage('balance', balance.error)}
      </span>
    );
  }
  if (!balance.data) return <span className="text-fg-muted">No master wallet set</span>;
  const lamports = parseLamports(balance.data.lamports);
  if (lamports === undefined) return <span className="text-danger">Balance unavailable</span>;
  return (
    <span
      className="font-mono tabular-nums"
      title={hidden ? 'Balance hidden' : `${balance.data.lamports} lamports`}
    >
      {shownBalance(formatBalanceWithUnit(lamports, unit), hidden)}
    </span>
  );
}
