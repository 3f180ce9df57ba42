import type { RentDestination } from '@fleet/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { LIST_QUERY_KEYS } from '../../api/list-query-keys';
import { closeHistoryQueryKey } from '../close-history/close-history-api';
import { activeJobsQueryKey } from '../jobs/jobs-api';
import { masterBalanceQueryKey } from '../master-wallet/master-wallet-api';
import { closeRunReducer, IDLE_CLOSE_RUN } from './close-run';
import type { CloseRequest } from './close-request-store';
import {
  attachCloseTokens,
  closeForecastQueryKey,
  closePlanQueryKey,
  fetchCloseForecast,
  planCloseTokens,
  streamCloseTokens,
} from './token-closes-api';

/** The fleet's rent forecast (the Closeable card), read again whenever the wallet lists are. */
export function useCloseForecast() {
  return useQuery({
    queryKey: closeForecastQueryKey,
    queryFn: ({ signal }) => fetchCloseForecast(signal),
  });
}

/**
 * The plan of a close, read from the chain when the dialog opens and again whenever the rent
 * destination changes (each is a plan of its own on the server, stored for ten minutes).
 */
export function useClosePlan(
  request: CloseRequest | null,
  rentDestination: RentDestination,
  enabled: boolean,
) {
  return useQuery({
    queryKey: closePlanQueryKey(request?.id ?? 0, rentDestination),
    queryFn: ({ signal }) =>
      planCloseTokens(
        {
          walletAddresses: [...(request?.walletAddresses ?? [])],
          ...(request?.tokenMints ? { tokenMints: [...request.tokenMints] } : {}),
          rentDestination,
        },
        signal,
      ),
    enabled: enabled && request !== null,
    // A plan is a stored answer to one question: never kept once the dialog has gone.
    gcTime: 0,
  });
}

/**
 * After a close: the wallet lists (and with them the valuation and the forecast), the groups,
 * the master's balance (it received the rent), the close history and the running jobs.
 */
export function useRefreshAfterClose(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    for (const queryKey of [
      LIST_QUERY_KEYS.wallets,
      LIST_QUERY_KEYS.groups,
      closeHistoryQueryKey,
      masterBalanceQueryKey,
      activeJobsQueryKey,
    ]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  }, [queryClient]);
}

/**
 * A close run followed as spec 2 §7's events: `confirm` executes a plan and streams it, `attach`
 * re-attaches to a job by its id. Leaving (unmount) stops reading, never the job.
 */
export function useCloseRun() {
  const [state, dispatch] = useReducer(closeRunReducer, IDLE_CLOSE_RUN);
  const reading = useRef<AbortController | null>(null);
  useEffect(() => () => reading.current?.abort(), []);

  const follow = useCallback((read: (signal: AbortSignal) => Promise<void>) => {
    reading.current?.abort();
    const controller = new AbortController();
    reading.current = controller;
    read(controller.signal).then(
      () => {
        if (!controller.signal.aborted) dispatch({ type: 'stream-ended' });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) dispatch({ type: 'failed', error });
      },
    );
  }, []);

  const confirm = useCallback(
    (planId: string) => {
      dispatch({ type: 'confirmed' });
      follow((signal) =>
        streamCloseTokens(planId, {
          signal,
          onEvent: (event) => dispatch({ type: 'event', event }),
        }),
      );
    },
    [follow],
  );

  const attach = useCallback(
    (jobId: string, abortRequested: boolean) => {
      dispatch({ type: 'attached', jobId, abortRequested });
      follow((signal) =>
        attachCloseTokens(jobId, {
          signal,
          onEvent: (event) => dispatch({ type: 'event', event }),
        }),
      );
    },
    [follow],
  );

  return { state, dispatch, confirm, attach };
}
