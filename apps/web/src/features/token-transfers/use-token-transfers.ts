import { SPL_TRANSFER_POLL_MS, type WithdrawSplTokensPlanRequest } from '@fleet/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { SplTransferKind } from '../jobs/job-progress';
import { useOpenStartedJob } from '../sol-operations/use-sol-operations';
import {
  executeSplTransfer,
  fetchSplTransferProgress,
  planTokenDistribution,
  planWithdrawal,
  splTransferProgressKey,
} from './token-transfers-api';

/**
 * The withdrawal's plan for the dialog's scope and options: planned when the dialog opens and
 * again whenever an option changes (a new key), never kept once the dialog is gone (each opening
 * reads the chain afresh). Each answer is a stored plan; only the one on screen can be confirmed.
 */
export function useWithdrawalPlan(request: WithdrawSplTokensPlanRequest) {
  return useQuery({
    queryKey: ['spl-transfers', 'withdraw-plan', request] as const,
    queryFn: () => planWithdrawal(request),
    gcTime: 0,
    staleTime: Infinity,
    // The plan on screen stays (dimmed) while the new options are planned.
    placeholderData: keepPreviousData,
  });
}

export const usePlanTokenDistribution = () => useMutation({ mutationFn: planTokenDistribution });

/** Runs a confirmed plan; its progress dialog opens (and survives a reload). */
export function useExecuteSplTransfer() {
  const opened = useOpenStartedJob();
  return useMutation({
    mutationFn: executeSplTransfer,
    onSuccess: (started, { kind }) => opened(started, kind),
  });
}

/** Spec 2 §4, §9: the progress every 2 s until it is done. */
export function useSplTransferProgress(kind: SplTransferKind, jobId: string) {
  return useQuery({
    queryKey: splTransferProgressKey(kind, jobId),
    queryFn: ({ signal }) => fetchSplTransferProgress(kind, jobId, signal),
    refetchInterval: (query) => (query.state.data?.isDone === true ? false : SPL_TRANSFER_POLL_MS),
  });
}
