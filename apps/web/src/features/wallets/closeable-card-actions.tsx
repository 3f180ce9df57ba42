import { useState } from 'react';
import { shortenAddress } from '../../format/address';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { VirtualTable } from '../../ui/virtual-table';
import { openCloseTokens } from '../token-closes/close-request-store';
import type { DisplayUnit } from '../preferences/display-unit-store';
import { shownBalance } from '../preferences/hidden-balance';
import { closeableWalletRows, type ForecastState } from './portfolio-closeable';

/**
 * The Closeable card's actions: the forecast per wallet (a virtualised list: a fleet may have
 * thousands), and the close of every wallet's empty accounts, planned from the chain first.
 */
export function CloseableCardActions({
  forecast,
  unit,
  hideBalances,
}: {
  readonly forecast: ForecastState;
  readonly unit: DisplayUnit;
  readonly hideBalances: boolean;
}) {
  const [listOpen, setListOpen] = useState(false);
  const rows =
    forecast.status === 'ready'
      ? closeableWalletRows(forecast.forecast, unit, (text) => shownBalance(text, hideBalances))
      : [];
  return (
    <div className="mt-2 flex flex-wrap gap-1">
      <Button size="sm" variant="primary" onClick={() => openCloseTokens([])}>
        Close all…
      </Button>
      <Button
        size="sm"
        variant="ghost"
        disabled={forecast.status !== 'ready'}
        onClick={() => setListOpen(true)}
      >
        Per wallet
      </Button>
      <Dialog
        open={listOpen}
        onOpenChange={setListOpen}
        title="Closeable accounts per wallet"
        description="From the stored empty token accounts; a close reads the chain again before anything is planned."
        className="w-[min(60rem,calc(100vw-2rem))]"
      >
        {rows.length === 0 ? (
          <p className="text-sm text-fg-muted">No wallet has an empty token account.</p>
        ) : (
          <VirtualTable
            label="Closeable accounts per wallet"
            rows={rows}
            rowKey={(row) => row.wallet}
            columns="grid-cols-[9rem_5rem_8rem_8rem_8rem_1fr]"
            maxHeight="max-h-[28rem]"
            header={
              <>
                <span role="columnheader">Wallet</span>
                <span role="columnheader" className="text-right">
                  Accounts
                </span>
                <span role="columnheader" className="text-right">
                  Rent
                </span>
                <span role="columnheader" className="text-right">
                  Fees
                </span>
                <span role="columnheader" className="text-right">
                  Net
                </span>
                <span role="columnheader">Blockers</span>
              </>
            }
            cells={(row) => (
              <>
                <code role="cell" className="truncate" title={row.wallet}>
                  {shortenAddress(row.wallet)}
                </code>
                <span role="cell" className="text-right tabular-nums">
                  {row.closable.toLocaleString('en-US')}
                </span>
                <span role="cell" className="text-right tabular-nums">
                  {row.rent}
                </span>
                <span role="cell" className="text-right tabular-nums">
                  {row.fee}
                </span>
                <span role="cell" className="text-right tabular-nums">
                  {row.net}
                </span>
                <span role="cell" className="truncate text-xs text-fg-muted">
                  {row.blockers}
                </span>
              </>
            )}
          />
        )}
      </Dialog>
    </div>
  );
}
