import { Download, RefreshCw } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../api/error-message';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { CopyButton } from '../../ui/copy-button';
import { Select } from '../../ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../ui/table';
import { useToast } from '../../ui/toast';
import { saveFile } from '../../ui/save-file';
import {
  actionFilterOptions,
  actorFilterOptions,
  auditEntries,
  auditFilterFromParams,
  auditRow,
  fallbackAuditLogFilename,
  withAuditFilter,
  type AuditRowView,
} from './audit-log-view';
import { useAuditLog, useAuditLogExport, useAuditLogFilters } from './use-audit-log';

/**
 * The tenant's audit log in the Control Centre: who revealed, copied or exported keys, changed the
 * master wallet, joined the licence or signed in, newest first; filtered by action and user (kept
 * in the address bar), 50 a page with "Load more", and the filtered log as a CSV file.
 */
export function AuditLogPanel() {
  const [params, setParams] = useSearchParams();
  const filter = auditFilterFromParams(params);
  const log = useAuditLog(filter);
  const filters = useAuditLogFilters();
  const exporting = useAuditLogExport();
  const toast = useToast();

  const exportCsv = () =>
    exporting.mutate(filter, {
      onSuccess: (file) => {
        saveFile(file.blob, file.filename ?? fallbackAuditLogFilename(new Date()));
        toast.show({
          title: 'Audit log exported',
          description: 'The CSV file was downloaded.',
          severity: 'success',
        });
      },
    });

  const filtered = Boolean(filter.action ?? filter.actor);
  const rows = log.data ? auditEntries(log.data.pages).map(auditRow) : [];

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-64">
          <Select
            label="Action"
            value={filter.action ?? ''}
            options={actionFilterOptions(filters.data?.actions ?? [], filter.action)}
            onChange={(event) =>
              setParams(withAuditFilter(params, 'action', event.target.value), { replace: true })
            }
          />
        </div>
        <div className="w-64">
          <Select
            label="User"
            value={filter.actor ?? ''}
            options={actorFilterOptions(filters.data?.actors ?? [], filter.actor)}
            onChange={(event) =>
              setParams(withAuditFilter(params, 'actor', event.target.value), { replace: true })
            }
          />
        </div>
        <div className="ml-auto flex gap-2">
          <Button
            busy={log.isRefetching && !log.isFetchingNextPage}
            onClick={() => {
              void log.refetch();
              void filters.refetch();
            }}
          >
            <RefreshCw className="size-4" aria-hidden />
            Refresh
          </Button>
          <Button variant="primary" busy={exporting.isPending} onClick={exportCsv}>
            <Download className="size-4" aria-hidden />
            Export CSV
          </Button>
        </div>
      </div>
      {filters.isError ? (
        <Alert kind="error">{errorMessage(filters.error, 'Filters unavailable')}</Alert>
      ) : null}
      {exporting.isError ? (
        <Alert kind="error">{errorMessage(exporting.error, 'Export failed')}</Alert>
      ) : null}
      {log.isPending ? (
        <p className="text-sm text-fg-muted" role="status">
          Loading the audit log…
        </p>
      ) : log.isError ? (
        <Alert kind="error">{errorMessage(log.error, 'Audit log unavailable')}</Alert>
      ) : rows.length === 0 ? (
        <p className="text-sm text-fg-muted">
          {filtered ? 'No entries match these filters' : 'No audit entries yet'}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-md border border-border">
          <Table aria-label="Audit log">
            <TableHead>
              <TableRow>
                <TableHeaderCell>Time</TableHeaderCell>
                <TableHeaderCell>User</TableHeaderCell>
                <TableHeaderCell>Action</TableHeaderCell>
                <TableHeaderCell>Outcome</TableHeaderCell>
                <TableHeaderCell>IP</TableHeaderCell>
                <TableHeaderCell>Detail</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <AuditItem key={row.id} row={row} />
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {log.isFetchNextPageError ? (
        <Alert kind="error">{errorMessage(log.error, 'Audit log unavailable')}</Alert>
      ) : null}
      {log.hasNextPage ? (
        <Button
          className="self-center"
          busy={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          Load more
        </Button>
      ) : null}
    </div>
  );
}

function AuditItem({ row }: { readonly row: AuditRowView }) {
  return (
    <TableRow data-audit-action={row.action}>
      <TableCell className="text-xs whitespace-nowrap text-fg-muted">
        <time dateTime={row.at} title={row.utcTime}>
          {row.localTime}
        </time>
      </TableCell>
      <TableCell className="text-xs">
        <span className="keep-case">{row.user}</span>
      </TableCell>
      <TableCell className="text-xs font-semibold">{row.actionLabel}</TableCell>
      <TableCell className={row.failed ? 'text-xs text-danger' : 'text-xs text-success'}>
        {row.outcomeLabel}
      </TableCell>
      <TableCell className="text-xs whitespace-nowrap">
        {row.ip ? (
          <code className="font-mono">{row.ip}</code>
        ) : (
          <span className="text-fg-muted">
            <span aria-hidden>—</span>
            <span className="sr-only">No address</span>
          </span>
        )}
      </TableCell>
      <TableCell className="text-xs">
        {row.summary ? <p className="keep-case">{row.summary}</p> : null}
        {row.addresses.length > 0 ? (
          <ul className="mt-0.5 flex flex-wrap gap-x-3 gap-y-0.5">
            {row.addresses.map((item, index) => (
              <li key={`${item.address}-${index}`} className="flex items-center gap-1">
                {item.label ? <span className="text-fg-muted">{item.label}</span> : null}
                <code className="font-mono" title={item.address}>
                  {item.short}
                </code>
                <CopyButton value={item.address} label={`Copy address ${item.address}`} />
              </li>
            ))}
          </ul>
        ) : null}
      </TableCell>
    </TableRow>
  );
}
