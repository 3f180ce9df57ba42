import { fundsWarning, type WalletHoldingsResponse } from '@fleet/core';
import { useMemo } from 'react';
import { errorMessage } from '../../api/error-message';
import { shortenAddress } from '../../format/address';
import { Alert } from '../../ui/alert';
import { cn } from '../../ui/cn';
import { VirtualTable } from '../../ui/virtual-table';
import { holdingLines } from './funds-review';
import { useWalletHoldings } from './use-archive-actions';

/**
 * What the wallets about to be archived or deleted hold: a warning with the totals when any hold
 * funds (or were never scanned), and every wallet's SOL and tokens, only the rows in view in the
 * DOM. `FundsReviewPanel` reads the holdings itself; `FundsReview` shows a caller's query.
 */
export function FundsReviewPanel({
  walletIds,
  open,
}: {
  readonly walletIds: readonly string[];
  readonly open: boolean;
}) {
  const holdings = useWalletHoldings(walletIds, open);
  return <FundsReview holdings={holdings} />;
}

export type HoldingsQuery = ReturnType<typeof useWalletHoldings>;

export function FundsReview({ holdings }: { readonly holdings: HoldingsQuery }) {
  if (holdings.isPending) {
    return <p className="text-sm text-fg-muted">Reading what these wallets hold…</p>;
  }
  if (holdings.isError) {
    return (
      <Alert kind="error">
        Holdings unavailable: {errorMessage(holdings.error, 'Please try again.')}. These wallets may
        hold funds.
      </Alert>
    );
  }
  return <FundsList answer={holdings.data} />;
}

function FundsList({ answer }: { readonly answer: WalletHoldingsResponse }) {
  const lines = useMemo(() => holdingLines(answer.wallets), [answer.wallets]);
  const warning = fundsWarning(answer.summary);
  return (
    <div className="flex flex-col gap-3">
      {warning ? (
        <Alert kind="warning">{warning}</Alert>
      ) : (
        <Alert kind="info">None of these wallets held SOL or tokens at its last scan.</Alert>
      )}
      <VirtualTable
        label="Wallet holdings"
        rows={lines}
        rowKey={(line) => line.id}
        columns="grid-cols-[minmax(0,1fr)_8rem_minmax(0,1.2fr)]"
        maxHeight="max-h-64"
        header={
          <>
            <span role="columnheader">Wallet</span>
            <span role="columnheader">SOL</span>
            <span role="columnheader">Tokens</span>
          </>
        }
        cells={(line) => (
          <>
            <span role="cell" className="truncate font-mono text-xs" title={line.address}>
              {line.name ? <span className="keep-case font-sans">{line.name} · </span> : null}
              {shortenAddress(line.address)}
            </span>
            <span
              role="cell"
              className={cn(
                'font-mono text-xs tabular-nums',
                line.funded && 'font-semibold text-warning',
                line.unscanned && 'text-fg-muted',
              )}
            >
              {line.sol}
            </span>
            <span role="cell" className="keep-case truncate text-xs" title={line.tokens}>
              {line.tokens}
            </span>
          </>
        )}
      />
    </div>
  );
}
