import type { BalanceRefreshProgress, ScanSolBalancesSummary } from '@fleet/core';
import type { Severity } from '../../ui/toast';

/** Where the fleet's balance refresh stands: one at a time per page, shared by every button. */
export type BalanceRefreshState =
  { readonly status: 'idle' } | ({ readonly status: 'running' } & BalanceRefreshProgress);

export const IDLE: BalanceRefreshState = Object.freeze({ status: 'idle' });

/** Before the server has counted the wallets, the total is not known: no made-up figure. */
export function progressText(state: BalanceRefreshState): string {
  if (state.status === 'idle') return 'Refresh';
  if (state.total === 0 && state.processed === 0) return 'Refreshing…';
  return `Refreshing ${state.processed.toLocaleString()}/${state.total.toLocaleString()}`;
}

/** The toast when a refresh is done: the spec's summary in words (spec 2 §7). */
export function refreshSummaryToast(summary: ScanSolBalancesSummary): {
  readonly title: string;
  readonly description: string;
  readonly severity: Severity;
} {
  const failures = Object.entries(summary.endpointFailures).filter(([, count]) => count > 0);
  const seconds = (summary.durationMs / 1000).toFixed(1);
  const parts = [
    `${summary.totalScanned.toLocaleString()} wallet(s) scanned in ${seconds} s (${summary.throughputWalletsPerMin.toLocaleString()} wallets/min)`,
  ];
  if (summary.failed > 0) {
    parts.push(`${summary.failed.toLocaleString()} could not be read and keep their older numbers`);
  }
  parts.push(
    failures.length === 0
      ? 'no endpoint failures'
      : `endpoint failures: ${failures.map(([endpoint, count]) => `${endpoint} ${count}`).join(', ')}`,
  );
  return {
    title: 'Balances refreshed',
    description: `${parts.join('; ')}.`,
    severity: summary.failed > 0 ? 'warning' : 'success',
  };
}
