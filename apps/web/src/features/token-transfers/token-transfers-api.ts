import {
  distributeSplTokensPlanSchema,
  executePlanResponseSchema,
  splTransferProgressSchema,
  withdrawSplTokensPlanSchema,
  type DistributeSplTokensPlan,
  type DistributeSplTokensPlanRequest,
  type ExecutePlanResponse,
  type SplTransferProgress,
  type WithdrawSplTokensPlan,
  type WithdrawSplTokensPlanRequest,
} from '@fleet/core';
import type { z } from 'zod';
import { apiRequest } from '../../api/http';
import type { SplTransferKind } from '../jobs/job-progress';

const post = <T>(path: string, body: unknown, schema: z.ZodType<T>): Promise<T> =>
  apiRequest(path, { method: 'POST', body, schema, cache: 'no-store' });

/** Each kind's routes (spec 2 §7 names the withdrawal's; the distribution's follow them). */
const ROUTES: Readonly<Record<SplTransferKind, string>> = {
  'token.withdraw': '/api/withdraw-spl-tokens',
  'token.distribute': '/api/distribute-spl-tokens',
};

export const planWithdrawal = (
  request: WithdrawSplTokensPlanRequest,
): Promise<WithdrawSplTokensPlan> =>
  post(`${ROUTES['token.withdraw']}/plan`, request, withdrawSplTokensPlanSchema);

export const planTokenDistribution = (
  request: DistributeSplTokensPlanRequest,
): Promise<DistributeSplTokensPlan> =>
  post(`${ROUTES['token.distribute']}/plan`, request, distributeSplTokensPlanSchema);

/** Runs a confirmed plan by its id: `{ jobId, operationId }`. */
export const executeSplTransfer = (input: {
  readonly kind: SplTransferKind;
  readonly planId: string;
}): Promise<ExecutePlanResponse> =>
  post(ROUTES[input.kind], { planId: input.planId }, executePlanResponseSchema);

export const splTransferProgressKey = (kind: SplTransferKind, jobId: string) =>
  ['spl-transfers', kind, jobId] as const;

/** `GET /api/{withdraw,distribute}-spl-tokens/progress?jobId=`: spec 2 §7's progress. */
export function fetchSplTransferProgress(
  kind: SplTransferKind,
  jobId: string,
  signal?: AbortSignal,
): Promise<SplTransferProgress> {
  return apiRequest(`${ROUTES[kind]}/progress?jobId=${encodeURIComponent(jobId)}`, {
    schema: splTransferProgressSchema,
    cache: 'no-store',
    ...(signal ? { signal } : {}),
  });
}
