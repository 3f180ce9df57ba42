import type { BurnTokensPlanRequest } from '@fleet/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { VALUATION_STALE_MS } from '../../api/valuation-schedule';
import { useRefreshAfterClose } from '../token-closes/use-token-closes';
import { fetchValuation, valuationQueryKey } from '../../api/valuation-api';
import { burnRunReducer, IDLE_BURN_RUN } from './burn-run';
import {
  attachBurnTokens,
  burnPlanQueryKey,
  planBurnTokens,
  streamBurnTokens,
} from './token-burns-api';

/**
 * The fleet's held mints with their prices (the valuation's assets): the mint filter's choices,
 * the unpriced mints the operator may pick, and the symbols of the plan's tables. Read at once
 * when the dialog opens, not after the wallet page's 4 s.
 */
export function useHeldAssets() {
  return useQuery({
    queryKey: valuationQueryKey,
    queryFn: ({ signal }) => fetchValuation(signal),
    staleTime: VALUATION_STALE_MS,
    select: (valuation) => valuation.assets,
  });
}

/**
 * The plan of the question last asked (null: none yet), read from the chain and the market on the
 * server and stored there for ten minutes; a new question is a new plan.
 */
export function useBurnPlan(
  requestId: number,
  request: BurnTokensPlanRequest | null,
  enabled: boolean,
) {
  return useQuery({
    queryKey: burnPlanQueryKey(requestId, request ?? emptyRequest),
    queryFn: ({ signal }) => planBurnTokens(request ?? emptyRequest, signal),
    enabled: enabled && request !== null,
    // A plan is a stored answer to one question: never kept once the dialog has gone, never
    // asked again behind the operator's back (a retry would store a second plan).
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** Never sent: the query is disabled until a question is asked. */
const emptyRequest: BurnTokensPlanRequest = {
  walletAddresses: [],
  threshold: { kind: 'usd', belowUsd: '0' },
  unpricedMints: [],
  rentDestination: 'master',
};

/**
 * After a burn, what a close changes changes too: the wallet lists (and with them the valuation),
 * the groups, the master's balance, the close history (a burn's closes are recorded there) and
 * the running jobs.
 */
export const useRefreshAfterBurn = useRefreshAfterClose;

/**
 * A burn run followed as spec 2 §7's events: `confirm` executes a plan and streams it, `attach`
 * re-attaches to a job by its id. Leaving (unmount) stops reading, never the job.
 */
export function useBurnRun() {
  const [state, dispatch] = useReducer(burnRunReducer, IDLE_BURN_RUN);
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
        streamBurnTokens(planId, {
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
        attachBurnTokens(jobId, { signal, onEvent: (event) => dispatch({ type: 'event', event }) }),
      );
    },
    [follow],
  );

  return { state, dispatch, confirm, attach };
}
