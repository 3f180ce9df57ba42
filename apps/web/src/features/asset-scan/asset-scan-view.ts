import {
  GETASSETS_SHOWN_TOKENS,
  formatTokenAmount,
  scanAssetsResponseSchema,
  type JobView,
  type ScanAssetsResponse,
  type TokenType,
} from '@fleet/core';
import type { ToastMessage } from '../../ui/toast';

/** The GetAssets dialog's states (spec 2 §4: running, then complete, or error, with logs). */
export type AssetScanState =
  | { readonly kind: 'running'; readonly processed: number; readonly total: number | null }
  | { readonly kind: 'complete'; readonly result: ScanAssetsResponse }
  | { readonly kind: 'error'; readonly message: string };

/** Said when a scan was cancelled: what it wrote before stays. */
export const ASSET_SCAN_CANCELLED =
  'The scan was cancelled; the wallets scanned before it stopped keep what was written.';

/**
 * The dialog's state from the scan's job (`GET /api/jobs/:id`), for a scan followed after a
 * reload or from the bottom bar, or cancelled: its progress while it runs, its report when it
 * succeeded.
 */
export function assetScanStateOfJob(job: JobView): AssetScanState {
  if (!job.isDone) {
    return {
      kind: 'running',
      processed: job.processedItems,
      total: job.status === 'queued' ? null : job.totalItems,
    };
  }
  if (job.status === 'cancelled') return { kind: 'error', message: ASSET_SCAN_CANCELLED };
  const report = scanAssetsResponseSchema.safeParse(job.report);
  if (job.status === 'succeeded' && report.success)
    return { kind: 'complete', result: report.data };
  return { kind: 'error', message: job.message || 'The scan failed.' };
}

/** The toast of a scan that ended while its dialog was closed. */
export function assetScanEndedToast(state: AssetScanState): ToastMessage | null {
  switch (state.kind) {
    case 'running':
      return null;
    case 'complete':
      return {
        title: 'GetAssets Scan finished',
        description: progressText(state),
        severity: state.result.stats.walletsFailed > 0 ? 'warning' : 'success',
      };
    case 'error':
      return { title: 'GetAssets Scan', description: state.message, severity: 'error' };
  }
}

const TYPE_LABELS: Readonly<Record<TokenType, string>> = {
  spl: 'SPL',
  nft: 'NFT',
  cnft: 'cNFT',
  other: 'Other',
};

export interface ShownToken {
  readonly id: string;
  readonly label: string;
  readonly type: string;
  readonly balance: string;
  readonly holders: number;
}

/** Spec 2 §9: the dialog lists the first 120 tokens, and says how many more there are. */
export function shownTokens(result: ScanAssetsResponse): {
  readonly rows: readonly ShownToken[];
  readonly hiddenCount: number;
} {
  const rows = result.tokens.slice(0, GETASSETS_SHOWN_TOKENS).map((token) => ({
    id: token.id,
    label: token.symbol ?? token.name ?? `${token.id.slice(0, 4)}…${token.id.slice(-4)}`,
    type: TYPE_LABELS[token.type],
    balance: formatTokenAmount(token.balance_str, token.decimals ?? 0),
    holders: token.holders,
  }));
  return { rows, hiddenCount: Math.max(0, result.tokens.length - rows.length) };
}

/** The line under the progress bar. */
export function progressText(state: AssetScanState): string {
  switch (state.kind) {
    case 'running':
      return state.total === null
        ? 'Starting the scan…'
        : `Scanned ${state.processed} of ${state.total} wallet(s)`;
    case 'complete': {
      const { stats } = state.result;
      const failed = stats.walletsFailed > 0 ? `, ${stats.walletsFailed} failed` : '';
      return `Scanned ${stats.walletsScanned} wallet(s)${failed}: ${stats.fungible} token(s), ${stats.nfts} NFT(s), ${stats.compressedNfts} compressed NFT(s) in ${(stats.durationMs / 1000).toFixed(1)} s`;
    }
    case 'error':
      return state.message;
  }
}

export function progressPercent(state: AssetScanState): number {
  if (state.kind !== 'running') return 100;
  if (state.total === null || state.total === 0) return 0;
  return Math.round((state.processed / state.total) * 100);
}
