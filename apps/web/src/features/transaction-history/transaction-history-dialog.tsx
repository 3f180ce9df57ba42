import type { TransactionHistoryFilter, TransactionRecord } from '@fleet/core';
import { Download, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { formatDateTime } from '../../format/date';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { ChoiceGroup } from '../../ui/choice-group';
import { cn } from '../../ui/cn';
import { Dialog } from '../../ui/dialog';
import { useExplorerLinks, type ExplorerLink } from '../explorer/use-explorer-links';
import { shortenAddress } from '../../format/address';
import { transactionHistoryCsvUrl } from './transaction-history-api';
import { kindText, STATUS_LABELS, statusBadgeClass, walletText } from './transaction-history-view';
import { useTransactionHistory } from './use-transaction-history';

const FILTERS: readonly { readonly value: TransactionHistoryFilter; readonly label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'trades', label: 'Trades' },
  { value: 'ops', label: 'Ops' },
];

const EMPTY_TEXT: Readonly<Record<TransactionHistoryFilter, string>> = {
  all: 'No transactions yet.',
  trades: 'No trades yet.',
  ops: 'No operations have sent a transaction yet.',
};

/**
 * Every transaction the fleet sent (issue 19), newest first: kind, wallet, SOL, tokens, time,
 * status, signature (an explorer link) and error; filtered all / trades / ops (spec 3 §2.1).
 */
export function TransactionHistoryDialog({
  open,
  onOpenChange,
}: {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
}) {
  const [filter, setFilter] = useState<TransactionHistoryFilter>('all');
  const history = useTransactionHistory(filter, open);
  const links = useExplorerLinks();
  const records = history.data?.pages.flatMap((page) => page.transactions) ?? [];
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Transaction history"
      description="Every transaction the fleet sent, newest first."
      className="w-[min(64rem,calc(100vw-2rem))]"
    >
      <div className="flex flex-col gap-3">
        <div className="flex items-end justify-between gap-3">
          <ChoiceGroup<TransactionHistoryFilter>
            label="Show"
            value={filter}
            onChange={setFilter}
            options={FILTERS}
          />
          <a
            href={transactionHistoryCsvUrl(filter)}
            download
            className="inline-flex items-center gap-1 rounded-md border border-border px-3 py-1.5 text-sm font-semibold hover:bg-surface-sunken"
          >
            <Download className="size-3.5" aria-hidden />
            Export CSV
          </a>
        </div>
        {history.isError ? (
          <Alert kind="error">{errorMessage(history.error, 'Failed to load transactions')}</Alert>
        ) : null}
        {history.isPending ? (
          <p className="text-sm text-fg-muted" role="status">
            Loading…
          </p>
        ) : null}
        {history.isSuccess && records.length === 0 ? (
          <p className="text-sm text-fg-muted">{EMPTY_TEXT[filter]}</p>
        ) : null}
        {records.length > 0 ? <HistoryTable records={records} txLink={links.tx} /> : null}
        {history.hasNextPage ? (
          <Button
            size="sm"
            busy={history.isFetchingNextPage}
            onClick={() => void history.fetchNextPage()}
          >
            Load more
          </Button>
        ) : null}
      </div>
    </Dialog>
  );
}

function HistoryTable({
  records,
  txLink,
}: {
  readonly records: readonly TransactionRecord[];
  readonly txLink: ExplorerLink;
}) {
  return (
    <div className="max-h-[28rem] overflow-auto rounded-md border border-border">
      <table className="w-full text-xs" aria-label="Transactions">
        <thead className="sticky top-0 bg-surface-raised text-left text-fg-muted">
          <tr>
            <th className="px-2 py-1">Kind</th>
            <th className="px-2 py-1">Wallet</th>
            <th className="px-2 py-1 text-right">SOL</th>
            <th className="px-2 py-1 text-right">Tokens</th>
            <th className="px-2 py-1">Time</th>
            <th className="px-2 py-1">Status</th>
            <th className="px-2 py-1">Signature</th>
            <th className="px-2 py-1">Error</th>
          </tr>
        </thead>
        <tbody>
          {records.map((record) => (
            <HistoryRow key={record.id} record={record} txLink={txLink} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function HistoryRow({
  record,
  txLink,
}: {
  readonly record: TransactionRecord;
  readonly txLink: ExplorerLink;
}) {
  const url = record.txId === null ? undefined : txLink(record.txId);
  return (
    <tr className="border-t border-border" data-status={record.status}>
      <td className="px-2 py-1" title={record.kind}>
        {kindText(record)}
      </td>
      <td className="px-2 py-1 font-mono" title={record.wallet ?? undefined}>
        {walletText(record)}
      </td>
      <td className="px-2 py-1 text-right tabular-nums">{record.amountSol}</td>
      <td className="px-2 py-1 text-right tabular-nums">{record.tokens ?? '—'}</td>
      <td className="px-2 py-1 whitespace-nowrap">{formatDateTime(record.timestamp)}</td>
      <td className="px-2 py-1">
        <span
          className={cn(
            'inline-flex rounded-full border px-2 py-0.5 font-semibold',
            statusBadgeClass(record.status),
          )}
        >
          {STATUS_LABELS[record.status]}
        </span>
      </td>
      <td className="px-2 py-1 font-mono">
        {record.txId === null ? (
          '—'
        ) : url ? (
          <a
            href={url}
            target="_blank"
            rel="noreferrer"
            title={record.txId}
            className="inline-flex items-center gap-1 text-accent hover:underline"
          >
            {shortenAddress(record.txId)}
            <ExternalLink className="size-3" aria-hidden />
          </a>
        ) : (
          <span title={record.txId}>{shortenAddress(record.txId)}</span>
        )}
      </td>
      <td className="px-2 py-1 text-danger">{record.error ?? ''}</td>
    </tr>
  );
}
