import {
  exhaustiveSwitchError,
  type TransactionRecord,
  type TransactionRecordStatus,
  type TransactionSide,
} from '@fleet/core';
import { shortenAddress } from '../../format/address';

export const SIDE_LABELS: Readonly<Record<TransactionSide, string>> = {
  buy: 'Buy',
  sell: 'Sell',
  bundle: 'Bundle',
  withdraw: 'Withdraw',
  distribute: 'Distribute',
  close: 'Close',
  burn: 'Burn',
  lookupTable: 'Lookup table',
  trade: 'Trade',
  other: 'Other',
};

export const STATUS_LABELS: Readonly<Record<TransactionRecordStatus, string>> = {
  loading: 'Pending',
  confirmed: 'Confirmed',
  error: 'Failed',
};

/** The badge's colours: the console's success and danger tokens, muted while on its way. */
export function statusBadgeClass(status: TransactionRecordStatus): string {
  switch (status) {
    case 'loading':
      return 'border-border text-fg-muted';
    case 'confirmed':
      return 'border-success/40 text-success';
    case 'error':
      return 'border-danger/40 text-danger';
    default:
      return exhaustiveSwitchError(status);
  }
}

/** The wallet a packed transaction is about, and how many others it carries ("7xKX…sAsU +19"). */
export function walletText(record: Pick<TransactionRecord, 'wallet' | 'walletCount'>): string {
  if (record.wallet === null) return '—';
  const short = shortenAddress(record.wallet);
  return record.walletCount > 1 ? `${short} +${record.walletCount - 1}` : short;
}

/** The kind column: the side, with the ledger's kind when the side alone hides it. */
export function kindText(record: Pick<TransactionRecord, 'side' | 'kind'>): string {
  if (record.kind === 'sol.double_distribution') return '2-hop distribute';
  // An SPL transfer's side reads like SOL's: the kind says it moved tokens.
  if (record.kind === 'token.withdraw') return 'Withdraw tokens';
  if (record.kind === 'token.distribute') return 'Distribute tokens';
  return SIDE_LABELS[record.side];
}
