import { formatTokenAmount, formatUsd } from '@fleet/core';
import { ExternalLink } from 'lucide-react';
import { memo } from 'react';
import { Button } from '../../ui/button';
import { CopyButton } from '../../ui/copy-button';
import { shortenAddress } from '../../format/address';
import { HIDDEN_BALANCE } from '../preferences/hidden-balance';
import { useWalletDetail } from './use-wallet-queries';
import { useExplorerLinks } from '../explorer/use-explorer-links';

/**
 * An expanded wallet's token accounts (spec 2 §2.1 token rows), fetched from
 * GET /api/wallet/{address} only while the row is expanded and on screen.
 */
export const TokenSubRows = memo(function TokenSubRows({
  address,
  hideBalances,
}: {
  readonly address: string;
  readonly hideBalances: boolean;
}) {
  const detail = useWalletDetail(address);
  const explorer = useExplorerLinks();
  if (detail.isPending) {
    return <p className="py-3 pl-40 text-xs text-fg-muted">Loading tokens…</p>;
  }
  if (detail.isError) {
    return (
      <div className="flex items-center gap-3 py-2 pl-40 text-xs text-danger" role="alert">
        {detail.error.message}
        <Button size="sm" onClick={() => void detail.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  const tokens = detail.data.tokens;
  if (tokens.length === 0) {
    return <p className="py-3 pl-40 text-xs text-fg-muted">No token accounts</p>;
  }
  return (
    <ul aria-label={`Tokens of ${address}`} className="bg-surface-sunken/40">
      {tokens.map((token) => (
        <li
          key={token.tokenAccount}
          className="grid h-11 items-center gap-2 border-b border-border/60 pr-2 pl-40 text-xs"
          style={{ gridTemplateColumns: 'minmax(160px, 1fr) 180px 110px minmax(200px, 1fr)' }}
        >
          <span className="truncate">
            <span className="font-semibold">{token.symbol ?? 'Unknown'}</span>{' '}
            <span className="text-fg-muted">{token.name ?? ''}</span>
          </span>
          <span className="text-right tabular-nums">
            {hideBalances ? HIDDEN_BALANCE : formatTokenAmount(token.amount, token.decimals)}
          </span>
          <span className="text-right tabular-nums">
            {hideBalances ? HIDDEN_BALANCE : formatUsd(token.valueUsd)}
          </span>
          <span className="flex items-center gap-1 font-mono" title={token.mint}>
            {shortenAddress(token.mint)}
            <CopyButton value={token.mint} label={`Copy mint ${token.mint}`} />
            <a
              href={explorer.address(token.mint)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`View mint ${token.mint} on explorer`}
              className="rounded p-1.5 text-fg-muted hover:bg-surface-sunken hover:text-fg"
            >
              <ExternalLink className="size-3.5" aria-hidden />
            </a>
          </span>
        </li>
      ))}
    </ul>
  );
});
