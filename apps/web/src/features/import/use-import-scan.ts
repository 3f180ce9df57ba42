import { useRef, useState } from 'react';
import { importErrorMessage } from './import-messages';
import { IDLE_SCAN, scanFailed, scanFinished, scanRunning, type ScanState } from './scan-state';
import { useScanAssets } from './use-import-actions';

/** Where a scan's state lives when it must outlive the component (the Private Keys store). */
export interface ScanHolder {
  readonly scan: ScanState;
  readonly setScan: (next: ScanState) => void;
  readonly nextRun: () => number;
  readonly isLatestRun: (run: number) => boolean;
}

/**
 * The review's asset scan: runs `POST /api/scan-assets/preview` for a set of wallets and keeps the
 * answer of the latest run only, so a slow earlier scan can never overwrite a newer one. Kept in
 * the component unless a holder is given; with one, an answer that lands while the tab is away
 * is still kept.
 */
export function useImportScan(holder?: ScanHolder) {
  const [ownScan, setOwnScan] = useState<ScanState>(IDLE_SCAN);
  const latestRun = useRef(0);
  const scanAssets = useScanAssets();
  const scan = holder ? holder.scan : ownScan;
  const setScan = holder ? holder.setScan : setOwnScan;
  const nextRun = holder ? holder.nextRun : () => ++latestRun.current;
  const isLatestRun = holder ? holder.isLatestRun : (run: number) => run === latestRun.current;

  const run = async (addresses: readonly string[]) => {
    if (addresses.length === 0) return;
    const runId = nextRun();
    setScan(scanRunning(addresses));
    let next: ScanState;
    try {
      next = scanFinished(addresses, await scanAssets.mutateAsync(addresses));
    } catch (error) {
      next = scanFailed(addresses, importErrorMessage('scan', error));
    }
    if (isLatestRun(runId)) setScan(next);
  };

  const reset = () => {
    nextRun();
    setScan(IDLE_SCAN);
  };

  return { scan, run, reset };
}
