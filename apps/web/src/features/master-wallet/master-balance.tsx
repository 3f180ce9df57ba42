import { formatLamportsAsSol, parseLamports } from '../../format/lamports';
import { masterWalletErrorMessage } from './master-wallet-messages';
import { useMasterBalance } from './use-master-balance';

/** The master balance in SOL with 4 decimals, refreshed every 10 s (spec 1 §2, §9). */
export function MasterBalance() {
  const balance = useMasterBalance();
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
    <span className="font-mono tabular-nums" title={`${balance.data.lamports} lamports`}>
      {formatLamportsAsSol(lamports)} SOL
    </span>
  );
}
