import { Eye, EyeOff, Lock } from 'lucide-react';
import { useState } from 'react';
import { formatDateTime } from '../../format/date';
import { shortenAddress } from '../../format/address';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { CopyButton } from '../../ui/copy-button';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../ui/table';
import { useToast } from '../../ui/toast';
import { CLIPBOARD_BLOCKED, useCopy } from '../../ui/use-copy';
import { masterWalletErrorMessage } from '../master-wallet/master-wallet-messages';
import { PRIVATE_KEY_COPIED } from '../master-wallet/stored-key-field';
import { useRevealMasterHistoryKey } from '../master-wallet/use-master-wallet-actions';
import { useMasterHistory } from '../master-wallet/use-master-history';
import {
  historyEntries,
  historyRow,
  NOT_STORED,
  type HistoryKey,
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
            <HistoryKeyCell historyKey={side.key} />
          </span>
        </TableCell>
      ))}
    </TableRow>
  );
}

function HistoryValueCell({ value }: { readonly value: HistoryValue }) {
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
  return (
    <span className="text-fg-muted">
      <span aria-hidden>—</span>
      <span className="sr-only">{value.label}: none</span>
    </span>
  );
}

/**
 * A key the entry kept: "Reveal" asks first, then asks the server (audited, and counted like
 * every key request); the key is shown here until hidden and is never put in the query cache.
 * A key not kept reads "Encrypted – not stored" and answers with spec 1 §8's "Unavailable".
 */
function HistoryKeyCell({ historyKey }: { readonly historyKey: HistoryKey }) {
  const toast = useToast();
  const reveal = useRevealMasterHistoryKey();
  const copy = useCopy(CLIPBOARD_BLOCKED, PRIVATE_KEY_COPIED);
  const [asking, setAsking] = useState(false);
  const shown = reveal.data?.private_key;

  if (!historyKey.stored) {
    return (
      <button
        type="button"
        className="inline-flex items-center gap-1 text-xs whitespace-nowrap text-fg-muted hover:text-fg"
        aria-label={`${historyKey.label}: ${NOT_STORED}`}
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

  return (
    <span className="flex flex-col items-start gap-1">
      {shown ? (
        <span className="flex items-center gap-1">
          <code
            className="max-w-64 font-mono text-xs break-all"
            aria-label={`${historyKey.label} revealed`}
          >
            {shown}
          </code>
          <Button
            size="sm"
            variant="ghost"
            className="px-2"
            aria-label={`Copy ${historyKey.label.toLowerCase()}`}
            onClick={() => void copy(shown)}
          >
            Copy
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="px-2"
            aria-label={`Hide ${historyKey.label.toLowerCase()}`}
            onClick={() => reveal.reset()}
          >
            <EyeOff className="size-3.5" aria-hidden />
          </Button>
        </span>
      ) : (
        <button
          type="button"
          className="inline-flex items-center gap-1 text-xs whitespace-nowrap text-accent hover:underline"
          aria-label={`Reveal ${historyKey.label.toLowerCase()}`}
          onClick={() => setAsking(true)}
        >
          <Eye className="size-3" aria-hidden />
          Reveal
        </button>
      )}
      <ConfirmDialog
        open={asking}
        onOpenChange={(open) => {
          setAsking(open);
          if (!open && !reveal.isSuccess) reveal.reset();
        }}
        title="Reveal a private key"
        description={`Reveal the private key this entry kept for ${historyKey.address ?? 'this wallet'}?`}
        confirmLabel="Reveal key"
        busy={reveal.isPending}
        error={reveal.isError ? masterWalletErrorMessage('reveal', reveal.error) : undefined}
        onConfirm={() =>
          reveal.mutate(
            { id: historyKey.entryId, side: historyKey.side },
            { onSuccess: () => setAsking(false) },
          )
        }
      >
        <p className="text-sm text-fg-muted">
          Anyone who has it can move that wallet&apos;s funds. The reveal is audited.
        </p>
      </ConfirmDialog>
    </span>
  );
}
