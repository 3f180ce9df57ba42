import { useEffect, useRef } from 'react';
import { cn } from '../../ui/cn';
import { Dialog } from '../../ui/dialog';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../ui/table';
import type { ScanLogLine } from './scan-details-api';
import {
  backgroundRefreshLine,
  endpointRows,
  formatCount,
  formatLogLine,
  lastScanSummary,
  liveBalancesSummary,
  providerRows,
  rpcMethodRows,
  visibleLogLines,
  type EndpointRow,
  type ProviderRow,
  type SummaryItem,
} from './scan-details-view';
import { useScanDetails } from './use-scan-details';

/**
 * Spec 1 §2's Scan Details: the RPC pool's methods and per-endpoint usage, the last scan's
 * throughput, objects scanned, rescans and findings, and its last 300 log lines. Polls every 2 s
 * while open.
 */
export function ScanDetailsDialog({
  open,
  onOpenChange,
}: {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
}) {
  const details = useScanDetails(open);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Scan Details"
      description="The RPC endpoint pool, the market providers and your last scan, refreshed every 2 seconds."
      className="max-h-[90vh] w-[min(60rem,calc(100vw-2rem))] overflow-y-auto"
    >
      {details.isPending ? (
        <p className="text-sm text-fg-muted">Loading…</p>
      ) : details.isError ? (
        <p role="alert" className="text-sm text-danger">
          Scan details are unavailable: {details.error.message}
        </p>
      ) : (
        <div className="space-y-5">
          <section aria-label="Last scan">
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
              {lastScanSummary(details.data.lastScan).map((item) => (
                <div key={item.label}>
                  <dt className="text-xs text-fg-muted">{item.label}</dt>
                  <dd className="font-mono tabular-nums">{item.value}</dd>
                </div>
              ))}
            </dl>
          </section>
          <BackgroundRefresh line={backgroundRefreshLine(details.data.backgroundRefresh)} />
          <LiveBalances items={liveBalancesSummary(details.data.liveBalances)} />
          <div className="grid gap-5 md:grid-cols-[14rem_1fr]">
            <section aria-labelledby="scan-rpc-methods">
              <h3 id="scan-rpc-methods" className="mb-1 text-xs font-semibold text-fg-muted">
                RPC methods ({formatCount(details.data.pool.calls)} calls,{' '}
                {formatCount(details.data.pool.failedCalls)} failed)
              </h3>
              <RpcMethods rpcMethods={details.data.pool.rpcMethods} />
            </section>
            <section aria-labelledby="scan-endpoints">
              <h3 id="scan-endpoints" className="mb-1 text-xs font-semibold text-fg-muted">
                Endpoints
              </h3>
              <EndpointTable rows={endpointRows(details.data.pool.details)} />
              <h3 id="scan-providers" className="mt-4 mb-1 text-xs font-semibold text-fg-muted">
                Market providers
              </h3>
              <ProviderTable rows={providerRows(details.data.providers)} />
            </section>
          </div>
          <section aria-labelledby="scan-logs">
            <h3 id="scan-logs" className="mb-1 text-xs font-semibold text-fg-muted">
              Logs (last 300)
            </h3>
            <ScanLog lines={visibleLogLines(details.data.logs)} />
          </section>
        </div>
      )}
    </Dialog>
  );
}

function BackgroundRefresh({ line }: { readonly line: string | null }) {
  if (line === null) return null;
  return (
    <section aria-label="Background refresh">
      <p className="font-mono text-xs text-fg-muted tabular-nums">{line}</p>
    </section>
  );
}

function LiveBalances({ items }: { readonly items: readonly SummaryItem[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-label="Live balances">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        {items.map((item) => (
          <div key={item.label}>
            <dt className="text-xs text-fg-muted">{item.label}</dt>
            <dd className="font-mono tabular-nums">{item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function RpcMethods({ rpcMethods }: { readonly rpcMethods: Readonly<Record<string, number>> }) {
  const rows = rpcMethodRows(rpcMethods);
  if (rows.length === 0) return <p className="text-sm text-fg-muted">No calls yet.</p>;
  return (
    <ul className="space-y-0.5 text-sm">
      {rows.map((row) => (
        <li key={row.method} className="flex justify-between gap-3">
          <span className="truncate font-mono normal-case">{row.method}</span>
          <span className="font-mono tabular-nums">{formatCount(row.count)}</span>
        </li>
      ))}
    </ul>
  );
}

const HEALTH_CLASS: Record<EndpointRow['health'], string> = {
  healthy: 'text-success',
  degraded: 'text-warning',
  down: 'text-danger',
};

function EndpointTable({ rows }: { readonly rows: readonly EndpointRow[] }) {
  return (
    <Table className="text-xs">
      <TableHead>
        <TableRow>
          <TableHeaderCell>Endpoint</TableHeaderCell>
          <TableHeaderCell className="text-right">Hits</TableHeaderCell>
          <TableHeaderCell className="text-right">Errors</TableHeaderCell>
          <TableHeaderCell className="text-right">429s</TableHeaderCell>
          <TableHeaderCell className="text-right">Latency</TableHeaderCell>
          <TableHeaderCell>Health</TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.label}>
            <TableCell className="font-mono normal-case">{row.label}</TableCell>
            <TableCell className="text-right font-mono tabular-nums">{row.hits}</TableCell>
            <TableCell className="text-right font-mono tabular-nums">{row.errors}</TableCell>
            <TableCell className="text-right font-mono tabular-nums">{row.rateLimited}</TableCell>
            <TableCell className="text-right font-mono tabular-nums">{row.latency}</TableCell>
            <TableCell className={HEALTH_CLASS[row.health]} title={row.lastError ?? undefined}>
              {row.health}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function ProviderTable({ rows }: { readonly rows: readonly ProviderRow[] }) {
  if (rows.length === 0) return <p className="text-sm text-fg-muted">No market providers.</p>;
  return (
    <Table className="text-xs" aria-labelledby="scan-providers">
      <TableHead>
        <TableRow>
          <TableHeaderCell>Provider</TableHeaderCell>
          <TableHeaderCell className="text-right">Calls</TableHeaderCell>
          <TableHeaderCell className="text-right">Cache hits</TableHeaderCell>
          <TableHeaderCell className="text-right">429s</TableHeaderCell>
          <TableHeaderCell className="text-right">Errors</TableHeaderCell>
          <TableHeaderCell className="text-right">Timeouts</TableHeaderCell>
          <TableHeaderCell>State</TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.provider} title={row.lastError ?? undefined}>
            <TableCell className="font-mono normal-case">{row.provider}</TableCell>
            <TableCell className="text-right font-mono tabular-nums">{row.calls}</TableCell>
            <TableCell className="text-right font-mono tabular-nums">{row.cacheHits}</TableCell>
            <TableCell className="text-right font-mono tabular-nums">{row.rateLimited}</TableCell>
            <TableCell className="text-right font-mono tabular-nums">{row.errors}</TableCell>
            <TableCell className="text-right font-mono tabular-nums">{row.timeouts}</TableCell>
            <TableCell className={row.state === 'ready' ? 'text-success' : 'text-warning'}>
              {row.state}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Monospace, newest at the bottom; follows new lines while it is scrolled to the end. */
function ScanLog({ lines }: { readonly lines: readonly ScanLogLine[] }) {
  const box = useRef<HTMLPreElement>(null);
  const last = lines.at(-1);
  useEffect(() => {
    const element = box.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [last, lines.length]);
  if (lines.length === 0) {
    return <p className="text-sm text-fg-muted">No scan has logged anything yet.</p>;
  }
  return (
    <pre
      ref={box}
      aria-label="Scan log"
      className="h-56 overflow-y-auto rounded-md border border-border bg-surface-sunken p-2 font-mono text-xs normal-case"
    >
      {lines.map((line, index) => (
        <div
          key={`${index}-${line.at}`}
          className={cn(
            line.level === 'warn' && 'text-warning',
            line.level === 'error' && 'text-danger',
          )}
        >
          {formatLogLine(line)}
        </div>
      ))}
    </pre>
  );
}
