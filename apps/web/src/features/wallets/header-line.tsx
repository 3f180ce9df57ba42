import { formatBalanceWithUnit, NO_VALUE } from '@fleet/core';
import { useDisplayPreferences } from '../preferences/display-preferences-store';
import { useDisplayUnit } from '../preferences/display-unit-store';
import { HIDDEN_BALANCE } from '../preferences/hidden-balance';
import type { HeaderTotals } from '../wallet-list/wallet-list-model';

/**
 * Spec 2 §2.1 header line over the wallets in view: count, SOL to 4 decimals (or lamports, as the
 * settings menu's unit says), USD, tokens, closeable.
 */
export function HeaderLine({ totals }: { readonly totals: HeaderTotals }) {
  const { hideBalances } = useDisplayPreferences();
  const unit = useDisplayUnit();
  const sol = hideBalances ? HIDDEN_BALANCE : formatBalanceWithUnit(totals.lamports, unit);
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-muted" aria-label="Totals in view">
      <span>
        <strong className="text-fg">{totals.wallets.toLocaleString()}</strong> wallets
      </span>
      <span>
        <strong className="text-fg tabular-nums">{sol}</strong>
      </span>
      <span>USD {hideBalances ? HIDDEN_BALANCE : NO_VALUE}</span>
      <span>
        <strong className="text-fg">{totals.tokenBalances.toLocaleString()}</strong> token balances
      </span>
      <span>
        <strong className="text-fg">{totals.closeable.toLocaleString()}</strong> closeable
      </span>
    </p>
  );
}
