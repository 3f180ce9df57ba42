import { type SlimWallet, formatBalanceWithUnit, parseLamports, relativeTime } from '@fleet/core';
import { shortenAddress } from '../../format/address';
import { CopyButton } from '../../ui/copy-button';
import { ADDRESS_COPY_FAILED } from '../../ui/use-copy';
import { TableCell, TableRow } from '../../ui/table';
import { shownBalance } from '../preferences/hidden-balance';

/** An expanded seed shows at most this many wallets inline; the List tab shows them all. */
export const MAX_INLINE_SEED_WALLETS = 200;

/** The seed wallet table: the wallets of one expanded seed, as sub-rows of the roster. */
export function SeedWalletRows({
  wallets,
  unit,
  hideBalances,
  now,
}: {
  readonly wallets: readonly SlimWallet[];
  readonly unit: 'sol' | 'lamports';
  readonly hideBalances: boolean;
  readonly now: number;
}) {
  if (wallets.length === 0) {
    return (
      <TableRow>
        <TableCell colSpan={5} className="pl-10 text-sm text-fg-muted">
          No wallets of this seed are in the list.
        </TableCell>
      </TableRow>
    );
  }
  const shown = wallets.slice(0, MAX_INLINE_SEED_WALLETS);
  return (
    <>
      {shown.map((wallet) => {
        const lamports = wallet.lamports === null ? undefined : parseLamports(wallet.lamports);
        return (
          <TableRow key={wallet.id} className="bg-surface-sunken/40 text-xs">
            <TableCell className="pl-10 font-mono" title={wallet.address}>
              {wallet.name ?? shortenAddress(wallet.address)}
              <CopyButton
                value={wallet.address}
                label={`Copy address ${wallet.address}`}
                failure={ADDRESS_COPY_FAILED}
              />
            </TableCell>
            <TableCell>{wallet.isTrader ? 'Trader' : ''}</TableCell>
            <TableCell className="text-right font-mono">
              {lamports === undefined
                ? '—'
                : shownBalance(formatBalanceWithUnit(lamports, unit), hideBalances)}
            </TableCell>
            <TableCell className="text-fg-muted">
              {relativeTime(wallet.lastScannedAt ?? wallet.createdAt, now)}
            </TableCell>
            <TableCell />
          </TableRow>
        );
      })}
      {wallets.length > shown.length ? (
        <TableRow>
          <TableCell colSpan={5} className="pl-10 text-xs text-fg-muted">
            Showing {shown.length} of {wallets.length}. Choose this seed in the List tab&apos;s
            Sources menu to see them all.
          </TableCell>
        </TableRow>
      ) : null}
    </>
  );
}
