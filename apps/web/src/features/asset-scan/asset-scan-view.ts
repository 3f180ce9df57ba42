import {
  GETASSETS_SHOWN_TOKENS,
  formatTokenAmount,
  type ScanAssetsResponse,
  type TokenType,
} from '@fleet/core';

/** The GetAssets dialog's states (spec 2 §4: running, then complete, or error, with logs). */
export type AssetScanState =
  | { readonly kind: 'running'; readonly processed: number; readonly total: number | null }
  | { readonly kind: 'complete'; readonly result: ScanAssetsResponse }
  | { readonly kind: 'error'; readonly message: string };

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
