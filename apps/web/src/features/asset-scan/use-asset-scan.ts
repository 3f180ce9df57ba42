import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { runAssetScan } from './asset-scan-api';
import type { AssetScanState } from './asset-scan-view';

/**
 * Runs one GetAssets scan for the life of the dialog: it starts on mount and stops (after the
 * batch in hand, whose wallets stay written) when the dialog unmounts. When it completes, the
 * wallet lists and the Tokens Overview (both under `['wallets']`) are read again.
 */
export function useAssetScan(publicAddresses: readonly string[]): AssetScanState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AssetScanState>({
    kind: 'running',
    processed: 0,
    total: null,
  });
  useEffect(() => {
    const controller = new AbortController();
    runAssetScan({
      publicAddresses,
      signal: controller.signal,
      onProgress: (processed, total) => setState({ kind: 'running', processed, total }),
    }).then(
      (result) => {
        setState({ kind: 'complete', result });
        void queryClient.invalidateQueries({ queryKey: ['wallets'] });
      },
      (error: unknown) => {
        if (!controller.signal.aborted)
          setState({ kind: 'error', message: errorMessage(error, 'The scan failed.') });
      },
    );
    return () => controller.abort();
  }, [publicAddresses, queryClient]);
  return state;
}
