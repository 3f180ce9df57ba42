import { formatLamportsAsSol, parseLamports } from '@fleet/core';
import { TableCell } from '../../ui/table';
import type { WalletScan } from './scan-state';

/** SOL balance and token-account count of one wallet once a scan has read it; a dash before. */
export function ScanCells({ wallet }: { readonly wallet: WalletScan | undefined }) {
  if (!wallet) {
    return (
      <>
        <TableCell className="text-right text-fg-muted">—</TableCell>
        <TableCell className="text-right text-fg-muted">—</TableCell>
      </>
    );
  }
  if (!wallet.ok) {
    return (
      <TableCell colSpan={2} className="text-right text-danger">
        {wallet.error ?? 'Scan failed'}
      </TableCell>
    );
  }
  const lamports = wallet.lamports === null ? undefined : parseLamports(wallet.lamports);
  return (
    <>
      <TableCell className="text-right tabular-nums">
        {lamports === undefined ? '—' : formatLamportsAsSol(lamports)}
      </TableCell>
      <TableCell className="text-right tabular-nums">{wallet.tokenAccounts}</TableCell>
    </>
  );
}
