import type { ScanPreviewResponse } from '@fleet/core';

/**
 * The asset scan of the import review (spec 1 §4 "Scan states"): idle, running, success, error.
 * A scan belongs to the exact set of wallets it was started for; when that set changes (a wallet
 * selected or deselected, a new preview) the scan no longer applies and reads as idle. The reset is
 * derived from the set, never pushed by an effect, so it cannot be forgotten.
 */
export type WalletScan = ScanPreviewResponse['wallets'][number];

export type ScanState =
  | { readonly status: 'idle' }
  | { readonly status: 'running'; readonly setKey: string; readonly count: number }
  | {
      readonly status: 'success';
      readonly setKey: string;
      readonly preview: ScanPreviewResponse;
      readonly byAddress: ReadonlyMap<string, WalletScan>;
    }
  | {
      readonly status: 'error';
      readonly setKey: string;
      readonly message: string;
      /** What the scan did read, when it answered at all (a partial failure). */
      readonly byAddress: ReadonlyMap<string, WalletScan>;
    };

export const IDLE_SCAN: ScanState = Object.freeze({ status: 'idle' });

export const SCAN_MESSAGES = Object.freeze({
  nothingToScan: 'No new wallets to scan',
  selectOne: 'Select at least one wallet to import.',
  scanFirst: 'Run the asset scan before importing.',
  resolveErrors: 'Resolve asset scan errors before importing.',
});

/** A stable identity for a set of addresses: order and repeats do not matter. */
export function walletSetKey(addresses: readonly string[]): string {
  return [...new Set(addresses)].sort().join(',');
}

export function scanRunning(addresses: readonly string[]): ScanState {
  return { status: 'running', setKey: walletSetKey(addresses), count: new Set(addresses).size };
}

/** The scan as it applies to the wallets now in play: another set means idle again. */
export function currentScan(scan: ScanState, addresses: readonly string[]): ScanState {
  if (scan.status === 'idle') return scan;
  return scan.setKey === walletSetKey(addresses) ? scan : IDLE_SCAN;
}

export function scanFailedMessage(addresses: readonly string[]): string {
  return `Scan failed for ${addresses.length} wallet(s): ${addresses.join(', ')}`;
}

/**
 * The scan's answer for `addresses`: success only when every wallet was read; any wallet that
 * failed, or that the answer left out, makes it an error naming those wallets.
 */
export function scanFinished(
  addresses: readonly string[],
  preview: ScanPreviewResponse,
): ScanState {
  const setKey = walletSetKey(addresses);
  const byAddress = new Map(preview.wallets.map((wallet) => [wallet.address, wallet]));
  const failed = new Set(preview.stats.failedAddresses);
  for (const address of new Set(addresses)) {
    const wallet = byAddress.get(address);
    if (!wallet || !wallet.ok) failed.add(address);
  }
  if (failed.size > 0) {
    return { status: 'error', setKey, message: scanFailedMessage([...failed]), byAddress };
  }
  return { status: 'success', setKey, preview, byAddress };
}

export function scanFailed(addresses: readonly string[], message: string): ScanState {
  return { status: 'error', setKey: walletSetKey(addresses), message, byAddress: new Map() };
}

/**
 * Why Import is not allowed yet (spec 1 §5), or null when it is: a selection, then a finished scan
 * that read every selected wallet.
 */
export function importBlocker(selected: readonly string[], scan: ScanState): string | null {
  if (selected.length === 0) return SCAN_MESSAGES.selectOne;
  const applying = currentScan(scan, selected);
  switch (applying.status) {
    case 'idle':
      return SCAN_MESSAGES.scanFirst;
    case 'running':
      return scanPendingMessage(applying.count);
    case 'error':
      return SCAN_MESSAGES.resolveErrors;
    case 'success': {
      const pending = selected.filter((address) => !applying.byAddress.get(address)?.ok).length;
      return pending > 0 ? scanPendingMessage(pending) : null;
    }
    default:
      return exhaustive(applying);
  }
}

export function scanPendingMessage(count: number): string {
  return `Scan pending for ${count} wallet(s).`;
}

function exhaustive(value: never): never {
  throw new Error(`Unexpected scan state ${JSON.stringify(value)}`);
}

/** What the last scan read, even once it no longer applies (balances stay visible, for reference). */
export function lastScannedWallets(scan: ScanState): ReadonlyMap<string, WalletScan> {
  return scan.status === 'success' || scan.status === 'error' ? scan.byAddress : new Map();
}
