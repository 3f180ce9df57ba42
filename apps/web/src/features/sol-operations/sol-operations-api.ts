import {
  doubleDistributionProgressSchema,
  exhaustiveSwitchError,
  executePlanResponseSchema,
  solPlanSchema,
  type AggregatePlanRequest,
  type DistributePlanRequest,
  type DoubleDistributionPlanRequest,
  type DoubleDistributionProgress,
  type ExecutePlanResponse,
  type SolPlanView,
} from '@fleet/core';
import { z } from 'zod';
import { apiRequest } from '../../api/http';
import type { RetryRequest } from './retry-failed';

const post = <T>(path: string, body: unknown, schema: z.ZodType<T>): Promise<T> =>
  apiRequest(path, { method: 'POST', body, schema, cache: 'no-store' });

export const planDistribution = (request: DistributePlanRequest): Promise<SolPlanView> =>
  post('/api/sol/distribute/plan', request, solPlanSchema);

export const executeDistribution = (planId: string): Promise<ExecutePlanResponse> =>
  post('/api/sol/distribute', { planId }, executePlanResponseSchema);

export const planAggregation = (request: AggregatePlanRequest): Promise<SolPlanView> =>
  post('/api/sol/aggregate/plan', request, solPlanSchema);

export const executeAggregation = (planId: string): Promise<ExecutePlanResponse> =>
  post('/api/sol/aggregate', { planId }, executePlanResponseSchema);

export const planDoubleDistribution = (
  request: DoubleDistributionPlanRequest,
): Promise<SolPlanView> => post('/api/double-distribution/plan', request, solPlanSchema);

/** Spec 3 §7 answers `{jobId}`; Fleet's contract adds the ledger's operation. */
export const startDoubleDistribution = (
  request: DoubleDistributionPlanRequest & { readonly planId: string },
): Promise<ExecutePlanResponse> =>
  post('/api/double-distribution/start', request, executePlanResponseSchema);

export const doubleDistributionProgressKey = (jobId: string) =>
  ['double-distribution', jobId] as const;

export function fetchDoubleDistributionProgress(
  jobId: string,
  signal?: AbortSignal,
): Promise<DoubleDistributionProgress> {
  return apiRequest(`/api/double-distribution/progress?jobId=${encodeURIComponent(jobId)}`, {
    schema: doubleDistributionProgressSchema,
    cache: 'no-store',
    ...(signal ? { signal } : {}),
  });
}

/** The contract names no answer for the abort: whatever comes back is not read. */
export const abortDoubleDistribution = (jobId: string): Promise<unknown> =>
  post('/api/double-distribution/abort', { jobId }, z.unknown());

/** Plans a "Retry failed" on its kind's plan route: a new operation for the failed wallets. */
export function planRetry(retry: RetryRequest): Promise<SolPlanView> {
  switch (retry.kind) {
    case 'sol.distribute':
      return planDistribution(retry.request);
    case 'sol.aggregate':
      return planAggregation(retry.request);
    case 'sol.double_distribution':
      return planDoubleDistribution(retry.request);
    default:
      return exhaustiveSwitchError(retry);
  }
}

/** Executes a retry's confirmed plan (a two-hop start repeats its recipients with the plan id). */
export function executeRetry(input: {
  readonly retry: RetryRequest;
  readonly planId: string;
}): Promise<ExecutePlanResponse> {
  const { retry, planId } = input;
  switch (retry.kind) {
    case 'sol.distribute':
      return executeDistribution(planId);
    case 'sol.aggregate':
      return executeAggregation(planId);
    case 'sol.double_distribution':
      return startDoubleDistribution({ ...retry.request, planId });
    default:
      return exhaustiveSwitchError(retry);
  }
}
