import type { BackgroundRefreshStatus, LiveBalancesState, ProviderDetail } from '@fleet/core';
import type { EndpointDetail, LastScan, ScanDetails, ScanLogLine } from './scan-details-api';

/** Spec 1 §9: the dialog shows the last 300 log lines. */
export const SCAN_LOG_LINES_SHOWN = 300;

export interface RpcMethodRow {
  readonly method: string;
  readonly count: number;
}

/** RPC methods by how often they were called, most first; ties by name. */
export function rpcMethodRows(rpcMethods: Readonly<Record<string, number>>): RpcMethodRow[] {
  return Object.entries(rpcMethods)
    .map(([method, count]) => ({ method, count }))
    .sort((a, b) => b.count - a.count || a.method.localeCompare(b.method));
}

export interface EndpointRow {
  readonly label: string;
  readonly hits: string;
  readonly errors: string;
  readonly rateLimited: string;
  readonly latency: string;
  readonly health: EndpointDetail['health'];
  readonly lastError: string | null;
}

export function endpointRows(details: ScanDetails['pool']['details']): EndpointRow[] {
  return details.map((endpoint) => ({
    label: endpoint.label,
    hits: formatCount(endpoint.hits),
    errors: formatCount(endpoint.errors),
    rateLimited: formatCount(endpoint.rateLimited),
    latency: formatLatency(endpoint.latencyMs),
    health: endpoint.health,
    lastError: endpoint.lastError,
  }));
}

export interface ProviderRow {
  readonly provider: ProviderDetail['provider'];
  readonly calls: string;
  readonly cacheHits: string;
  readonly rateLimited: string;
  readonly errors: string;
  readonly timeouts: string;
  /** `ready`, or how long the provider's budget still holds calls back after a 429. */
  readonly state: string;
  /** The last error with its time, for the row's tooltip. */
  readonly lastError: string | null;
}

/**
 * The market providers beside the RPC endpoints (issue 18): calls, cache hits, 429s, errors and
 * timeouts. A server from before the market sends none: no rows.
 */
export function providerRows(providers: readonly ProviderDetail[] | undefined): ProviderRow[] {
  return (providers ?? []).map((provider) => ({
    provider: provider.provider,
    calls: formatCount(provider.calls),
    cacheHits: formatCount(provider.cacheHits),
    rateLimited: formatCount(provider.rateLimited),
    errors: formatCount(provider.errors),
    timeouts: formatCount(provider.timeouts),
    state:
      provider.coolingDownMs > 0 ? `cooling ${formatDuration(provider.coolingDownMs)}` : 'ready',
    lastError:
      provider.lastError === null
        ? null
        : provider.lastErrorAt === null
          ? provider.lastError
          : `${provider.lastError} (${provider.lastErrorAt})`,
  }));
}

export interface SummaryItem {
  readonly label: string;
  readonly value: string;
}

/** Throughput, objects scanned, rescans and findings of the last scan; dashes before any scan. */
export function lastScanSummary(lastScan: LastScan | null): SummaryItem[] {
  const value = (pick: (scan: LastScan) => string) => (lastScan ? pick(lastScan) : '—');
  return [
    {
      label: 'Throughput',
      value: value((scan) => `${formatDecimal(scan.throughputWalletsPerMin)} wallets/min`),
    },
    { label: 'Duration', value: value((scan) => formatDuration(scan.durationMs)) },
    { label: 'Wallets', value: value((scan) => formatCount(scan.wallets)) },
    { label: 'Objects scanned', value: value((scan) => formatCount(scan.objectsScanned)) },
    { label: 'Rescans', value: value((scan) => formatCount(scan.rescans)) },
    { label: 'Findings', value: value((scan) => formatCount(scan.findings)) },
    { label: 'Failed', value: value((scan) => formatCount(scan.failedAddresses)) },
  ];
}

/** `5 min`, `90 s`, `2 h`: a refresh interval as the line says it. */
export function formatInterval(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  return `${Math.round(ms / 1_000)} s`;
}

/**
 * The background refresh in one line (issue 20): 'Background refresh: every 5 min, last round
 * 14:05, 50,000 wallets, 755 RPC calls (0.0151 per wallet)', or paused / off with why. Times of
 * day in UTC, as the log lines are. A server from before it sends nothing: no line.
 */
export function backgroundRefreshLine(status: BackgroundRefreshStatus | undefined): string | null {
  if (status === undefined) return null;
  if (status.state === 'disabled') return `Background refresh: off. ${status.reason ?? ''}`.trim();
  const last = status.lastRound;
  const round =
    last === null
      ? 'no round yet'
      : `last round ${/T(\d{2}:\d{2})/.exec(last.finishedAt)?.[1] ?? last.finishedAt}, ${formatCount(
          last.wallets,
        )} wallets, ${formatCount(last.rpcCalls)} RPC calls (${formatPerWallet(
          last.callsPerWallet,
        )} per wallet)${last.failed > 0 ? `, ${formatCount(last.failed)} failed` : ''}`;
  const head = `Background refresh: every ${formatInterval(status.intervalMs)}, ${round}`;
  return status.state === 'paused' ? `${head}. Paused: ${status.reason ?? ''}`.trim() : head;
}

/** Calls a wallet to 3 significant digits: 0.0151, 0.5, 1.25. */
function formatPerWallet(n: number): string {
  return Number(n.toPrecision(3)).toString();
}

/**
 * The answering server process's live balances (issue 20): whether its chain WebSocket is open,
 * how many master and trader wallets it follows, and when the chain last told it of a change.
 * Nothing when the server sent none (it follows no chain WebSocket, or predates them).
 */
export function liveBalancesSummary(state: LiveBalancesState | null | undefined): SummaryItem[] {
  if (!state) return [];
  const last = state.lastNotificationAt
    ? (/T(\d{2}:\d{2}:\d{2})/.exec(state.lastNotificationAt)?.[1] ?? state.lastNotificationAt)
    : '—';
  return [
    { label: 'Live balances', value: state.connected ? 'Connected' : 'Reconnecting' },
    {
      label: 'Watched',
      value: `${formatCount(state.subscribed)} of ${formatCount(state.watched)}`,
    },
    { label: 'Last change (UTC)', value: last },
    { label: 'Reconnects', value: formatCount(state.reconnects) },
  ];
}

/** The newest 300 lines, oldest first, so the newest sits at the bottom. */
export function visibleLogLines(logs: readonly ScanLogLine[]): readonly ScanLogLine[] {
  return logs.length > SCAN_LOG_LINES_SHOWN ? logs.slice(-SCAN_LOG_LINES_SHOWN) : logs;
}

/** `12:04:05 WARN Retrying …`: the time of day in UTC, the level, the message. */
export function formatLogLine(line: ScanLogLine): string {
  const time = /T(\d{2}:\d{2}:\d{2})/.exec(line.at)?.[1] ?? line.at;
  return `${time} ${line.level.toUpperCase().padEnd(5)} ${line.message}`;
}

export function formatLatency(latencyMs: number | null): string {
  if (latencyMs === null) return '—';
  return latencyMs < 10 ? `${latencyMs.toFixed(1)} ms` : `${Math.round(latencyMs)} ms`;
}

export function formatDuration(ms: number): string {
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1_000);
  return `${minutes} min ${seconds} s`;
}

export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

function formatDecimal(n: number): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: 1 });
}
