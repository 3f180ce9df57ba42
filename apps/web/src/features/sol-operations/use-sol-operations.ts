import {
  DOUBLE_DISTRIBUTION_POLL_MS,
  REFRESH_AFTER_OPERATION_MS,
  type OperationKindName,
} from '@fleet/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { LIST_QUERY_KEYS } from '../../api/list-query-keys';
import { setOpenJob } from '../jobs/open-job-store';
import { activeJobsQueryKey } from '../jobs/jobs-api';
import { masterBalanceQueryKey } from '../master-wallet/master-wallet-api';
import { operationListsQueryKey } from '../operations/operations-api';
import {
  abortDoubleDistribution,
  doubleDistributionProgressKey,
  executeAggregation,
  executeDistribution,
  executeRetry,
  fetchDoubleDistributionProgress,
  planAggregation,
  planDistribution,
  planDoubleDistribution,
  planRetry,
  startDoubleDistribution,
} from './sol-operations-api';

export const usePlanDistribution = () => useMutation({ mutationFn: planDistribution });
export const usePlanAggregation = () => useMutation({ mutationFn: planAggregation });
export const usePlanDoubleDistribution = () => useMutation({ mutationFn: planDoubleDistribution });
export const usePlanRetry = () => useMutation({ mutationFn: planRetry });

/**
 * After an execute answers, its job's progress dialog opens (and survives a reload). The kind says
 * which progress dialog draws it before the job is read.
 */
export function useOpenStartedJob() {
  const queryClient = useQueryClient();
  return useCallback(
    (
      started: { readonly jobId: string; readonly operationId: string },
      kind: OperationKindName,
    ) => {
      setOpenJob({ jobId: started.jobId, operationId: started.operationId, kind, visible: true });
      void queryClient.invalidateQueries({ queryKey: activeJobsQueryKey });
    },
    [queryClient],
  );
}

export function useExecuteDistribution() {
  const opened = useOpenStartedJob();
  return useMutation({
    mutationFn: executeDistribution,
    onSuccess: (started) => opened(started, 'sol.distribute'),
  });
}

export function useExecuteAggregation() {
  const opened = useOpenStartedJob();
  return useMutation({
    mutationFn: executeAggregation,
    onSuccess: (started) => opened(started, 'sol.aggregate'),
  });
}

export function useStartDoubleDistribution() {
  const opened = useOpenStartedJob();
  return useMutation({
    mutationFn: startDoubleDistribution,
    onSuccess: (started) => opened(started, 'sol.double_distribution'),
  });
}

export function useExecuteRetry() {
  const opened = useOpenStartedJob();
  return useMutation({
    mutationFn: executeRetry,
    onSuccess: (started, { retry }) => opened(started, retry.kind),
  });
}

/** Spec 3 §4: progress every 1.5 s until isDone, and not at all once polling was stopped. */
export function useDoubleDistributionProgress(jobId: string, polling: boolean) {
  return useQuery({
    queryKey: doubleDistributionProgressKey(jobId),
    queryFn: ({ signal }) => fetchDoubleDistributionProgress(jobId, signal),
    refetchInterval: (query) =>
      polling && query.state.data?.isDone !== true ? DOUBLE_DISTRIBUTION_POLL_MS : false,
  });
}

export const useAbortDoubleDistribution = () =>
  useMutation({ mutationFn: abortDoubleDistribution });

/**
 * Balances are read again 1.5 s after an operation (spec 2 §4): the wallet lists (and with them
 * the valuation and wallet values, keyed under them), groups, the master's balance, and the
 * operations history, which now holds one more.
 */
export function useRefreshAfterOperation(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    setTimeout(() => {
      for (const queryKey of [
        LIST_QUERY_KEYS.wallets,
        LIST_QUERY_KEYS.groups,
        masterBalanceQueryKey,
        activeJobsQueryKey,
        operationListsQueryKey,
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    }, REFRESH_AFTER_OPERATION_MS);
  }, [queryClient]);
}
