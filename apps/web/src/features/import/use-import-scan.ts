import { useRef, useState } from 'react';
import { importErrorMessage } from './import-messages';
import { IDLE_SCAN, scanFailed, scanFinished, scanRunning, type ScanState } from './scan-state';
import { useScanAssets } from './use-import-actions';

/**
 * The review's asset scan: runs `POST /api/scan-assets/preview` for a set of wallets and keeps the
 * answer of the latest run only, so a slow earlier scan can never overwrite a newer one.
 */
export function useImportScan() {
  const [scan, setScan] = useState<ScanState>(IDLE_SCAN);
  const latestRun = useRef(0);
  const scanAssets = useScanAssets();

  const run = async (addresses: readonly string[]) => {
    if (addresses.length === 0) return;
    const runId = ++latestRun.current;
    setScan(scanRunning(addresses));
    let next: ScanState;
    try {
      next = scanFinished(addresses, await scanAssets.mutateAsync(addresses));
    } catch (error) {
      next = scanFailed(addresses, importErrorMessage('scan', error));
    }
    if (runId === latestRun.current) setScan(next);
  };

  const reset = () => {
    latestRun.current += 1;
    setScan(IDLE_SCAN);
  };

  return { scan, run, reset };
}
