import { formatBalanceWithUnit, formatUsd } from '@fleet/core';
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
      <span title={usdTitle(totals)}>
        USD{' '}
        <strong className="text-fg tabular-nums">
          {hideBalances ? HIDDEN_BALANCE : formatUsd(totals.usd)}
        </strong>
      </span>
      <span>
        <strong className="text-fg">{totals.tokenBalances.toLocaleString()}</strong> token balances
      </span>
      <span>
        <strong className="text-fg">{totals.closeable.toLocaleString()}</strong> closeable
      </span>
    </p>
  );
}

/** Why the USD figure is a dash, or what it leaves out. */
function usdTitle(totals: HeaderTotals): string | undefined {
  if (totals.usd === null) return 'No SOL price yet: the wallets cannot be valued in USD';
  if (totals.unvalued === 0) return undefined;
  const wallets =
    totals.unvalued === 1 ? '1 wallet' : `${totals.unvalued.toLocaleString()} wallets`;
  return `Leaves out ${wallets} not valued (unscanned, or holding tokens without a price)`;
}
