import { Lock } from 'lucide-react';
import { formatDateTime } from '../../format/date';
import { shortenAddress } from '../../format/address';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { CopyButton } from '../../ui/copy-button';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../ui/table';
import { useToast } from '../../ui/toast';
import { useMasterHistory } from '../master-wallet/use-master-history';
import {
  historyEntries,
  historyRow,
  NOT_STORED,
  type HistoryRow,
  type HistoryValue,
} from './master-history-view';

/** Master wallet history, 25 a page with a "Load more" cursor (spec 1 §2 Control Centre). */
export function MasterHistoryPanel() {
  const history = useMasterHistory();

  if (history.isPending) return <p className="text-sm text-fg-muted">Loading history…</p>;
  if (history.isError) return <Alert kind="error">History unavailable</Alert>;
  const rows = historyEntries(history.data.pages).map(historyRow);
  if (rows.length === 0)
    return <p className="text-sm text-fg-muted">No master wallet events yet</p>;

  return (
    <div className="flex flex-col gap-4">
      <div className="overflow-x-auto rounded-md border border-border">
        <Table aria-label="Master wallet history">
          <TableHead>
            <TableRow>
              <TableHeaderCell>Event</TableHeaderCell>
              <TableHeaderCell>When</TableHeaderCell>
              <TableHeaderCell>Requested by</TableHeaderCell>
              <TableHeaderCell>Previous</TableHeaderCell>
              <TableHeaderCell>New</TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <HistoryItem key={row.id} row={row} />
            ))}
          </TableBody>
        </Table>
      </div>
      {history.isFetchNextPageError ? <Alert kind="error">History unavailable</Alert> : null}
      {history.hasNextPage ? (
        <Button
          className="self-center"
          busy={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          Load more
        </Button>
      ) : null}
    </div>
  );
}

function HistoryItem({ row }: { readonly row: HistoryRow }) {
  return (
    <TableRow>
      <TableCell className="font-semibold whitespace-nowrap">
        {row.label}
        {row.note ? (
          <p className="keep-case mt-0.5 text-xs font-normal text-fg-muted">{row.note}</p>
        ) : null}
      </TableCell>
      <TableCell className="text-xs whitespace-nowrap text-fg-muted">
        <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
      </TableCell>
      <TableCell className="text-xs">
        <span className="keep-case">{row.requester}</span>
        {row.via ? <span className="block text-fg-muted">via {row.via}</span> : null}
      </TableCell>
      {[row.previous, row.next].map((side) => (
        <TableCell key={side.address.label}>
          <span className="flex flex-col items-start gap-0.5">
            <HistoryValueCell value={side.address} />
            <HistoryValueCell value={side.key} />
          </span>
        </TableCell>
      ))}
    </TableRow>
  );
}

function HistoryValueCell({ value }: { readonly value: HistoryValue }) {
  const toast = useToast();
  if (value.value !== null) {
    return (
      <span className="flex items-center gap-1 whitespace-nowrap">
        <code className="font-mono text-xs" title={value.value}>
          {value.kind === 'address' ? shortenAddress(value.value) : '•'.repeat(8)}
        </code>
        <CopyButton value={value.value} label={`Copy ${value.label.toLowerCase()}`} />
      </span>
    );
  }
  if (value.kind === 'address') {
    return (
      <span className="text-fg-muted">
        <span aria-hidden>—</span>
        <span className="sr-only">{value.label}: none</span>
      </span>
    );
  }
  return (
    <button
      type="button"
      className="inline-flex items-center gap-1 text-xs whitespace-nowrap text-fg-muted hover:text-fg"
      aria-label={`${value.label}: ${NOT_STORED}`}
      onClick={() =>
        toast.show({
          title: 'Unavailable',
          description: 'This value was not stored for this event.',
          severity: 'warning',
        })
      }
    >
      <Lock className="size-3" aria-hidden />
      {NOT_STORED}
    </button>
  );
}
