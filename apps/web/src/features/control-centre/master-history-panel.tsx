import { Lock } from 'lucide-react';
import { formatDateTime } from '../../format/date';
import { shortenAddress } from '../../format/address';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { CopyButton } from '../../ui/copy-button';
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
      <ol aria-label="Master wallet history" className="flex flex-col gap-3">
        {rows.map((row) => (
          <HistoryItem key={row.id} row={row} />
        ))}
      </ol>
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
    <li className="rounded-md border border-border bg-surface-raised p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold">{row.label}</span>
        <time dateTime={row.createdAt} className="text-xs text-fg-muted">
          {formatDateTime(row.createdAt)}
        </time>
      </div>
      <p className="mt-1 text-xs text-fg-muted">
        By <span className="keep-case">{row.requester}</span>
        {row.via ? ` via ${row.via}` : ''}
      </p>
      {row.note ? <p className="keep-case mt-1 text-sm">{row.note}</p> : null}
      <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        {row.values.map((value) => (
          <HistoryValueRow key={value.label} value={value} />
        ))}
      </dl>
    </li>
  );
}

function HistoryValueRow({ value }: { readonly value: HistoryValue }) {
  const toast = useToast();
  return (
    <>
      <dt className="text-xs text-fg-muted">{value.label}</dt>
      <dd className="flex min-h-8 items-center gap-1">
        {value.value !== null ? (
          <>
            <code className="font-mono text-xs" title={value.value}>
              {value.kind === 'address' ? shortenAddress(value.value, 6) : '•'.repeat(12)}
            </code>
            <CopyButton value={value.value} label={`Copy ${value.label.toLowerCase()}`} />
          </>
        ) : value.kind === 'address' ? (
          <span className="text-fg-muted">—</span>
        ) : (
          <button
            type="button"
            className="inline-flex items-center gap-1 text-xs text-fg-muted hover:text-fg"
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
        )}
      </dd>
    </>
  );
}
