import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { errorMessage } from '../../api/error-message';
import { LIST_QUERY_KEYS } from '../../api/list-query-keys';
import { useToast } from '../../ui/toast';
import { masterBalanceQueryKey } from '../master-wallet/master-wallet-api';
import { scanDetailsQueryKey } from '../scan-details/scan-details-api';
import { IDLE, refreshSummaryToast, type BalanceRefreshState } from './balance-refresh';
import { runBalanceRefresh } from './balance-refresh-api';

// One refresh per page at a time, whichever button started it (bottom bar, Toolkit): a second
// press while one runs shows the same progress instead of paying for the same scan twice.
const listeners = new Set<() => void>();
let state: BalanceRefreshState = IDLE;

function setState(next: BalanceRefreshState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => state;

export function useBalanceRefreshState(): BalanceRefreshState {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/**
 * Starts the fleet's balance refresh (spec 2 §7 `GET /api/scan-sol-balances`): progress as the
 * server reports it, then the wallet lists read again (their version moved) and a toast with the
 * summary, or 'Refresh failed' with the reason (spec 2 §8).
 */
export function useStartBalanceRefresh(): () => void {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useCallback(() => {
    if (state.status === 'running') return;
    setState({ status: 'running', processed: 0, total: 0, failed: 0 });
    runBalanceRefresh({
      onProgress: (progress) => setState({ status: 'running', ...progress }),
    }).then(
      async (summary) => {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: LIST_QUERY_KEYS.wallets }),
          queryClient.invalidateQueries({ queryKey: LIST_QUERY_KEYS.groups }),
          queryClient.invalidateQueries({ queryKey: scanDetailsQueryKey }),
          queryClient.invalidateQueries({ queryKey: masterBalanceQueryKey }),
        ]);
        setState(IDLE);
        toast.show(refreshSummaryToast(summary));
      },
      (error: unknown) => {
        setState(IDLE);
        toast.show({
          title: 'Refresh failed',
          description: errorMessage(error, 'The balances could not be refreshed.'),
          severity: 'error',
        });
      },
    );
  }, [queryClient, toast]);
}
