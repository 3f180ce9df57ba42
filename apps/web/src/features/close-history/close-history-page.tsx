import { Download, ExternalLink, RefreshCw } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../api/error-message';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { CopyButton } from '../../ui/copy-button';
import { Input } from '../../ui/input';
import { saveFile } from '../../ui/save-file';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../ui/table';
import { useToast } from '../../ui/toast';
import { useExplorerLinks, type ExplorerLink } from '../explorer/use-explorer-links';
import {
  closeHistoryFilterFromParams,
  closeRecords,
  closeRow,
  EMPTY_CLOSE_HISTORY_TEXT,
  fallbackCloseHistoryFilename,
  filterProblems,
  isFiltered,
  paramsOfFilter,
  totalsView,
  type CloseHistoryFilterView,
  type CloseRowView,
} from './close-history-view';
import { useCloseHistory, useCloseHistoryExport } from './use-close-history';

/**
 * `/close-history` (spec 2 §2.6, issue 19): every token account the fleet's operations closed,
 * newest first, with the totals of the filtered set, a page at a time and as a CSV file. The
 * filter lives in the address bar, so a filtered view can be linked.
 */
export function CloseHistoryPage() {
  const [params, setParams] = useSearchParams();
  const filter = closeHistoryFilterFromParams(params);
  const problems = filterProblems(filter);
  const valid = Object.keys(problems).length === 0;
  const history = useCloseHistory(filter, valid);
  const exporting = useCloseHistoryExport();
  const explorer = useExplorerLinks();
  const toast = useToast();

  const exportCsv = () =>
    exporting.mutate(filter, {
      onSuccess: (file) => {
        saveFile(file.blob, file.filename ?? fallbackCloseHistoryFilename(new Date()));
        toast.show({
          title: 'Close history exported',
          description: 'The CSV file was downloaded.',
          severity: 'success',
        });
      },
    });

  const rows = history.data ? closeRecords(history.data.pages).map(closeRow) : [];
  const totals = history.data?.pages[0]?.totals;
  const view = totals ? totalsView(totals) : undefined;

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 py-8">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-bold tracking-wider">Close History</h1>
        <div className="ml-auto flex gap-2">
          <Button
            busy={history.isRefetching && !history.isFetchingNextPage}
            disabled={!valid}
            onClick={() => void history.refetch()}
          >
            <RefreshCw className="size-4" aria-hidden />
            Refresh
          </Button>
          <Button
            variant="primary"
            busy={exporting.isPending}
            disabled={!valid}
            onClick={exportCsv}
          >
            <Download className="size-4" aria-hidden />
            Export CSV
          </Button>
        </div>
      </div>

      <section aria-label="Totals" className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <TotalCard label="Accounts closed" value={view?.accounts} testId="accounts" />
        <TotalCard label="Rent reclaimed" value={view && `${view.rent} SOL`} testId="rent" />
        <TotalCard label="Fees paid" value={view && `${view.fees} SOL`} testId="fees" />
        <TotalCard label="Profit" value={view && `${view.profit} SOL`} testId="profit" />
      </section>

      <FilterForm
        key={params.toString()}
        filter={filter}
        problems={problems}
        onApply={(next) => setParams(paramsOfFilter(next), { replace: true })}
      />

      {exporting.isError ? (
        <Alert kind="error">{errorMessage(exporting.error, 'Export failed')}</Alert>
      ) : null}
      {!valid ? null : history.isPending ? (
        <p className="text-sm text-fg-muted" role="status">
          Loading the close history…
        </p>
      ) : history.isError ? (
        <Alert kind="error">{errorMessage(history.error, 'Close history unavailable')}</Alert>
      ) : rows.length === 0 ? (
        <p className="text-sm text-fg-muted">
          {isFiltered(filter) ? 'No closures match these filters.' : EMPTY_CLOSE_HISTORY_TEXT}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-md border border-border">
          <Table aria-label="Close history">
            <TableHead>
              <TableRow>
                <TableHeaderCell>Closed At</TableHeaderCell>
                <TableHeaderCell>Wallet</TableHeaderCell>
                <TableHeaderCell>Mint</TableHeaderCell>
                <TableHeaderCell>Account</TableHeaderCell>
                <TableHeaderCell className="text-right">Rent</TableHeaderCell>
                <TableHeaderCell className="text-right">Fee</TableHeaderCell>
                <TableHeaderCell className="text-right">Profit</TableHeaderCell>
                <TableHeaderCell>Transaction</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <CloseItem key={row.id} row={row} txLink={explorer.tx} />
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {history.isFetchNextPageError ? (
        <Alert kind="error">{errorMessage(history.error, 'Close history unavailable')}</Alert>
      ) : null}
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

function TotalCard(props: {
  readonly label: string;
  readonly value: string | undefined;
  readonly testId: string;
}) {
  return (
    <div className="rounded-md border border-border bg-surface-raised p-3">
      <p className="text-xs font-semibold tracking-wide text-fg-muted">{props.label}</p>
      <p className="mt-1 text-lg font-bold tabular-nums" data-total={props.testId}>
        {props.value ?? '—'}
      </p>
    </div>
  );
}

/** The filter fields; applied together, so a half-typed address is never asked for. */
function FilterForm(props: {
  readonly filter: CloseHistoryFilterView;
  readonly problems: Partial<Record<keyof CloseHistoryFilterView, string>>;
  readonly onApply: (filter: CloseHistoryFilterView) => void;
}) {
  const [draft, setDraft] = useState(props.filter);
  const field = (name: keyof CloseHistoryFilterView) => ({
    value: draft[name],
    error: props.problems[name],
    onChange: (event: { readonly target: { readonly value: string } }) =>
      setDraft({ ...draft, [name]: event.target.value }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onApply({
      wallet: draft.wallet.trim(),
      mint: draft.mint.trim(),
      from: draft.from,
      to: draft.to,
    });
  };
  return (
    <form
      aria-label="Filters"
      className="grid grid-cols-1 items-start gap-3 md:grid-cols-[1fr_1fr_auto_auto_auto]"
      onSubmit={submit}
    >
      <Input label="Wallet" placeholder="Wallet address" spellCheck={false} {...field('wallet')} />
      <Input label="Mint" placeholder="Mint address" spellCheck={false} {...field('mint')} />
      <Input label="From" type="date" hint="UTC day" {...field('from')} />
      <Input label="To" type="date" hint="UTC day, included" {...field('to')} />
      <div className="flex gap-2 md:mt-[1.375rem]">
        <Button type="submit" variant="primary">
          Apply
        </Button>
        <Button
          type="button"
          onClick={() => props.onApply({ wallet: '', mint: '', from: '', to: '' })}
        >
          Clear
        </Button>
      </div>
    </form>
  );
}

function Address({ value, short }: { readonly value: string; readonly short: string }) {
  return (
    <span className="inline-flex items-center gap-1">
      <code className="font-mono" title={value}>
        {short}
      </code>
      <CopyButton value={value} label={`Copy ${value}`} />
    </span>
  );
}

function CloseItem({ row, txLink }: { readonly row: CloseRowView; readonly txLink: ExplorerLink }) {
  const url = txLink(row.signature);
  return (
    <TableRow data-close-id={row.id}>
      <TableCell className="text-xs whitespace-nowrap text-fg-muted">
        <time dateTime={row.closedAt} title={row.closedAt}>
          {row.localTime}
        </time>
      </TableCell>
      <TableCell className="text-xs">
        <Address value={row.wallet} short={row.walletShort} />
      </TableCell>
      <TableCell className="text-xs">
        <Address value={row.mint} short={row.mintShort} />
      </TableCell>
      <TableCell className="text-xs" title={row.burned ?? undefined}>
        <Address value={row.account} short={row.accountShort} />
      </TableCell>
      <TableCell className="text-right text-xs tabular-nums">{row.rent}</TableCell>
      <TableCell className="text-right text-xs tabular-nums">{row.fee}</TableCell>
      <TableCell className="text-right text-xs tabular-nums">{row.profit}</TableCell>
      <TableCell className="font-mono text-xs">
        {url ? (
          <a
            href={url}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 text-accent hover:underline"
            title={row.signature}
          >
            {row.signatureShort}
            <ExternalLink className="size-3" aria-hidden />
          </a>
        ) : (
          <span title={row.signature}>{row.signatureShort}</span>
        )}
      </TableCell>
    </TableRow>
  );
}
